/**
 * /admin/bounty: the bounty section of the site settings (contract schemas/bounty.ts BOUNTY_DEFAULTS; the server's
 * modules/bounty): who may offer, on which questions, the amounts, how long a bounty runs and its grace, how many a
 * member may have open, and the score an answer needs to receive half automatically. A blank or non-numeric value
 * is refused on its field, never read as 0.
 */
import { useMemo } from 'react';
import { BOUNTY_DEFAULTS, SiteBountyReq, type BountySettings } from '@quorum/contract';
import { fetchSiteinfo, saveSiteinfo } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { wholeNumber } from '../admin/settings/wholeNumber';

type Data = BountySettings;
const NAMES = Object.keys(BOUNTY_DEFAULTS) as (keyof BountySettings)[];
const FIELDS: FieldSpec[] = NAMES.map((name) => ({ name, kind: 'number', maxLength: 7 }));

/** The settings page. */
export default function BountySettingsPage() {
  const opts = useMemo(
    () => ({
      id: 'bounty',
      load: () => fetchSiteinfo<Data>('bounty'),
      save: (body: unknown) => saveSiteinfo('bounty', body),
      toForm: (d: Data): FormValues => Object.fromEntries(NAMES.map((n) => [n, String(d[n] ?? BOUNTY_DEFAULTS[n])])),
      toBody: (f: FormValues, d: Data) => ({ ...d, ...Object.fromEntries(NAMES.map((n) => [n, wholeNumber(f[n])])) }),
      schema: SiteBountyReq,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="bounty" state={state} fields={FIELDS} />;
}
