/**
 * /admin/locks: the locks section of the site settings (contract schemas/lock.ts; the server's modules/lock): the
 * reputation of the protect privilege at the default level, the reputation earned on the site that answering a
 * protected question needs, and when a question protects itself (deleted answers of new members within some hours).
 * A blank or non-numeric value is refused on its field, never read as 0.
 */
import { useMemo } from 'react';
import { LOCK_SETTING_DEFAULTS, SiteLocksReq } from '@quorum/contract';
import { fetchSiteinfo, saveSiteinfo } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { wholeNumber } from '../admin/settings/wholeNumber';

type Data = SiteLocksReq;
const NAMES = ['protect_reputation', 'protected_answer_reputation', 'auto_protect_deleted_answers', 'auto_protect_window_hours'] as const;
const FIELDS: FieldSpec[] = NAMES.map((name) => ({ name, kind: 'number', maxLength: 7 }));

/** The settings page. */
export default function LocksSettingsPage() {
  const opts = useMemo(
    () => ({
      id: 'locks',
      load: () => fetchSiteinfo<Data>('locks'),
      save: (body: unknown) => saveSiteinfo('locks', body),
      toForm: (d: Data): FormValues => Object.fromEntries(NAMES.map((n) => [n, String(d[n] ?? LOCK_SETTING_DEFAULTS[n])])),
      toBody: (f: FormValues, d: Data) => ({ ...d, ...Object.fromEntries(NAMES.map((n) => [n, wholeNumber(f[n])])) }),
      schema: SiteLocksReq,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="locks" state={state} fields={FIELDS} />;
}
