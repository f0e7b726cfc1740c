/**
 * /admin/write (Answer's SiteWriteReq): restrict answers (one answer per user per question), recommended tags
 * (one per line), required tag (each new question needs one recommended tag), reserved tags (added by
 * moderators only) — spec §5 hints. Fields this page does not show are sent back unchanged.
 */
import { useMemo } from 'react';
import { fetchSiteinfo, saveSiteinfo } from '../api';
import { lines } from './sections';
import { SETTINGS_SCHEMAS } from './schemas';
import { SettingsFrame, type FieldSpec } from './SettingsFrame';
import { useSettingsForm, type FormValues } from './useSettingsForm';

interface WriteTag {
  slug_name: string;
  display_name?: string;
}
type Data = Record<string, unknown> & { recommend_tags?: WriteTag[]; reserved_tags?: WriteTag[] };

const FIELDS: FieldSpec[] = [
  { name: 'restrict_answer', kind: 'switch' },
  { name: 'recommend_tags', kind: 'textarea', rows: 5 },
  { name: 'required_tag', kind: 'switch' },
  { name: 'reserved_tags', kind: 'textarea', rows: 5 },
];

const tagLines = (tags: WriteTag[] | undefined): string => (tags ?? []).map((t) => t.slug_name).join('\n');
const toTags = (v: string | boolean | undefined): WriteTag[] => lines(v).map((slug) => ({ slug_name: slug.toLowerCase() }));

/** The write settings page. */
export default function WritePage() {
  const opts = useMemo(
    () => ({
      id: 'write',
      load: () => fetchSiteinfo<Data>('write'),
      save: (body: unknown) => saveSiteinfo('write', body),
      toForm: (d: Data): FormValues => ({ restrict_answer: d.restrict_answer === true, recommend_tags: tagLines(d.recommend_tags), required_tag: d.required_tag === true, reserved_tags: tagLines(d.reserved_tags) }),
      toBody: (f: FormValues, d: Data) => ({ ...d, restrict_answer: f.restrict_answer === true, required_tag: f.required_tag === true, recommend_tags: toTags(f.recommend_tags), reserved_tags: toTags(f.reserved_tags) }),
      schema: SETTINGS_SCHEMAS.write ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="write" state={state} fields={FIELDS} />;
}
