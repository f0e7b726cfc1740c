/**
 * Linked questions: a question or answer body that links to another question of this site (`/questions/<id>`,
 * relative or on the site's own host) records the link in `question_links` when the post is written.
 * Links are only added: an edit that drops a link keeps the recorded relation.
 */
import type { Db } from '../../core/db/index.js';
import { addQuestionLinks, existingQuestionIds } from './question.state.repository.js';

const LINK = /(?:(https?:)?\/\/([^\s/)\]>"'?#]+))?\/questions\/(1001\d{13})(?!\d)/g;

/**
 * Question ids linked from a markdown text.
 * @param siteUrl the site's URL (general.site_url); absolute links elsewhere are ignored
 */
export function linkedIdsInText(text: string, siteUrl: string): string[] {
  let host = '';
  try {
    host = new URL(siteUrl).host.toLowerCase();
  } catch {
    // no usable site URL: only relative links count
  }
  const out = new Set<string>();
  for (const m of text.matchAll(LINK)) {
    const linkHost = m[2]?.toLowerCase();
    if (linkHost && linkHost !== host) continue;
    out.add(m[3]!);
  }
  return [...out];
}

/** Records the links of a post body of question `fromId` (inside the write's transaction). */
export async function recordQuestionLinks(tx: Db, fromId: string, text: string, siteUrl: string, now: number): Promise<void> {
  const ids = linkedIdsInText(text, siteUrl).filter((id) => id !== fromId);
  if (!ids.length) return;
  await addQuestionLinks(tx, fromId, await existingQuestionIds(tx, ids), now);
}
