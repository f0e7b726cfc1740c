/**
 * Community wiki posts (issue #35 item 5; docs/API.md "Community wiki"): a question or answer made wiki by its
 * author or a moderator is edited directly by members with the `wiki.edit` privilege and earns its author no
 * reputation from then on. Quorum's call; posting as wiki is the `wiki` field of POST /question and POST /answer.
 */
import { z } from 'zod';

/**
 * PUT /post/wiki: makes a question or answer community wiki (`wiki` true) or an ordinary post again (false).
 * Its author may only make it wiki; a moderator may do both.
 */
export const PostWikiReq = z.object({
  object_id: z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid'),
  wiki: z.boolean({ error: 'error.form.is_invalid' }),
});
export type PostWikiReq = z.infer<typeof PostWikiReq>;
