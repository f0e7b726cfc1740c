/**
 * What a revision's `content` column holds (JSON): for a question `{title, content, tags: [{slug_name,
 * display_name}]}` (older rows: tags as plain slugs), for an answer `{content}`; tags revisions are written by
 * the tag module in their own shape.
 */
export interface QuestionSnapshot {
  title: string;
  content: string;
  tags: { slug_name: string; display_name?: string }[];
}

export interface AnswerSnapshot {
  content: string;
}

/** Parses a stored revision body; unknown shapes come back as `{}`. */
export function parseSnapshot(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A question snapshot from a stored revision body. */
export function questionSnapshot(raw: string): QuestionSnapshot {
  const v = parseSnapshot(raw);
  const tags = Array.isArray(v.tags) ? v.tags : [];
  return {
    title: String(v.title ?? ''),
    content: String(v.content ?? ''),
    tags: tags.map((t) => (typeof t === 'string' ? { slug_name: t } : { slug_name: String((t as { slug_name?: unknown }).slug_name ?? ''), display_name: (t as { display_name?: string }).display_name })),
  };
}

/** An answer snapshot from a stored revision body. */
export function answerSnapshot(raw: string): AnswerSnapshot {
  return { content: String(parseSnapshot(raw).content ?? '') };
}

/** True when two question snapshots hold the same title, body and tag set. */
export function sameQuestion(a: QuestionSnapshot, b: QuestionSnapshot): boolean {
  const slugs = (s: QuestionSnapshot) => s.tags.map((t) => t.slug_name.toLowerCase()).sort().join(',');
  return a.title === b.title && a.content === b.content && slugs(a) === slugs(b);
}
