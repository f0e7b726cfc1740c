/**
 * /admin/close-votes: the close-votes section of the site settings (contract schemas/close-vote.ts; the server's
 * modules/close-vote): votes needed to close or reopen, days a vote counts, reputation needed to vote (0 follows the
 * privilege level). A blank or non-numeric value is refused on its field, never read as 0.
 */
import { useMemo } from 'react';
import { CLOSE_VOTE_DEFAULTS, SiteCloseVotesReq } from '@quorum/contract';
import { fetchSiteinfo, saveSiteinfo } from '../admin/api';
import { SettingsFrame, type FieldSpec } from '../admin/settings/SettingsFrame';
import { useSettingsForm, type FormValues } from '../admin/settings/useSettingsForm';
import { wholeNumber } from '../admin/settings/wholeNumber';

type Data = SiteCloseVotesReq;
const NAMES = ['votes_needed', 'vote_days', 'reputation'] as const;
const FIELDS: FieldSpec[] = [
  { name: 'votes_needed', kind: 'number', maxLength: 2 },
  { name: 'vote_days', kind: 'number', maxLength: 3 },
  { name: 'reputation', kind: 'number', maxLength: 7 },
];

/** The settings page. */
export default function CloseVotesSettingsPage() {
  const opts = useMemo(
    () => ({
      id: 'close-votes',
      load: () => fetchSiteinfo<Data>('close-votes'),
      save: (body: unknown) => saveSiteinfo('close-votes', body),
      toForm: (d: Data): FormValues => Object.fromEntries(NAMES.map((n) => [n, String(d[n] ?? CLOSE_VOTE_DEFAULTS[n])])),
      toBody: (f: FormValues, d: Data) => ({ ...d, ...Object.fromEntries(NAMES.map((n) => [n, wholeNumber(f[n])])) }),
      schema: SiteCloseVotesReq,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="close_votes" state={state} fields={FIELDS} />;
}
