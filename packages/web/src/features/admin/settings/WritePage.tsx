/**
 * /admin/write (Answer's SiteWriteReq): restrict answers (one answer per user per question), recommended tags
 * (one per line), required tag (each new question needs one recommended tag), reserved tags (added by
 * moderators only) — spec §5 hints — and the fewest tags and body characters of a question (Answer 1.7's
 * `min_tags` and `min_content`; 0 makes them optional). Fields this page does not show are sent back unchanged.
 */
import { useMemo } from 'react';
import { QUESTION_WRITE_DEFAULTS } from '@quorum/contract';
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
  { name: 'min_tags', kind: 'number', maxLength: 1 },
  { name: 'min_content', kind: 'number', maxLength: 5 },
];

/** A typed whole number, or NaN (which the schema refuses with the field's own message, nothing typed lost). */
const whole = (v: string | boolean | undefined): number => (/^\s*\d+\s*$/.test(String(v ?? '')) ? Number(v) : Number.NaN);
const shown = (v: unknown, fallback: number): string => String(typeof v === 'number' ? v : fallback);

const tagLines = (tags: WriteTag[] | undefined): string => (tags ?? []).map((t) => t.slug_name).join('\n');
const toTags = (v: string | boolean | undefined): WriteTag[] => lines(v).map((slug) => ({ slug_name: slug.toLowerCase() }));

/** The write settings page. */
export default function WritePage() {
  const opts = useMemo(
    () => ({
      id: 'write',
      load: () => fetchSiteinfo<Data>('write'),
      save: (body: unknown) => saveSiteinfo('write', body),
      toForm: (d: Data): FormValues => ({
        restrict_answer: d.restrict_answer === true,
        recommend_tags: tagLines(d.recommend_tags),
        required_tag: d.required_tag === true,
        reserved_tags: tagLines(d.reserved_tags),
        min_tags: shown(d.min_tags, QUESTION_WRITE_DEFAULTS.min_tags),
        min_content: shown(d.min_content, QUESTION_WRITE_DEFAULTS.min_content),
      }),
      toBody: (f: FormValues, d: Data) => ({
        ...d,
        restrict_answer: f.restrict_answer === true,
        required_tag: f.required_tag === true,
        recommend_tags: toTags(f.recommend_tags),
        reserved_tags: toTags(f.reserved_tags),
        min_tags: whole(f.min_tags),
        min_content: whole(f.min_content),
      }),
      schema: SETTINGS_SCHEMAS.write ?? null,
    }),
    [],
  );
  const state = useSettingsForm(opts);
  return <SettingsFrame page="write" state={state} fields={FIELDS} />;
}
