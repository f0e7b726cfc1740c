/**
 * The question a "duplicate" text points at: a question closed as a duplicate keeps the original's address as
 * its close message, and a duplicate flag keeps it as the flag's text. Pages show the original by its title as
 * a link (a raw address is hard to read and, unbroken, widened phone screens).
 */
import { PostStatus, urlTitle } from '@quorum/contract';
import type { Db } from '../../core/db/index.js';
import { linkedIdsInText } from './question.links.js';
import { findQuestion } from './question.repository.js';

/** The original question of a duplicate: id, title and permalink slug. */
export interface DuplicateTarget {
  id: string;
  title: string;
  url_title: string;
}

const BARE_ID = /^\s*(1001\d{13})\s*$/;

/**
 * The open or closed question of this site that `text` names: an address `/questions/<id>` (relative or on the
 * site's own host, as question.links reads links) or a bare question id; null when it names none, or one that is
 * deleted or waiting for review.
 * @param siteUrl general.site_url
 */
export async function duplicateTarget(db: Db, text: string, siteUrl: string): Promise<DuplicateTarget | null> {
  const id = BARE_ID.exec(text)?.[1] ?? linkedIdsInText(text, siteUrl)[0];
  if (!id) return null;
  const q = await findQuestion(db, id);
  if (!q || (q.status !== PostStatus.normal && q.status !== PostStatus.closed)) return null;
  return { id: q.id, title: q.title, url_title: urlTitle(q.title) };
}
