/**
 * /admin/staging: the staging ground section of the site settings (contract schemas/staging.ts STAGING_DEFAULTS;
 * the server's modules/staging): on or off, the reputation below which a member's first questions are staged, how
 * many first questions, and the reputation reviewers need. A blank or non-numeric value is refused on its field,
 * never read as 0.
 */
import { useMemo } from 'react';
import { STAGING_DEFAULTS, SiteStagingReq, type StagingSettings } from '@quorum/contract';
import { fetchSiteinfo, saveSiteinfo } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { wholeNumber } from '../admin/settings/wholeNumber';

type Data = StagingSettings;
const NUMBERS = ['asker_reputation', 'first_questions', 'reviewer_reputation'] as const;
const FIELDS: FieldSpec[] = [{ name: 'enabled', kind: 'switch' }, ...NUMBERS.map((name): FieldSpec => ({ name, kind: 'number', maxLength: 7 }))];

/** The settings page. */
export default function StagingSettingsPage() {
  const opts = useMemo(
    () => ({
      id: 'staging',
      load: () => fetchSiteinfo<Data>('staging'),
      save: (body: unknown) => saveSiteinfo('staging', body),
      toForm: (d: Data): FormValues => ({ enabled: d.enabled ?? STAGING_DEFAULTS.enabled, ...Object.fromEntries(NUMBERS.map((n) => [n, String(d[n] ?? STAGING_DEFAULTS[n])])) }),
      toBody: (f: FormValues, d: Data) => ({ ...d, enabled: f.enabled === true, ...Object.fromEntries(NUMBERS.map((n) => [n, wholeNumber(f[n])])) }),
      schema: SiteStagingReq,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="staging" state={state} fields={FIELDS} />;
}
