/**
 * What a reviewer's verdict does to each kind of text (the hooks the posting services call; reviewer.service.ts
 * decides):
 * - a new question or answer: pass publishes it; queue writes it with status pending and a review queue row of
 *   reason `reviewer` (GET /review/pending/post/page), the author's text kept and the author told on the post
 *   ("Your post is pending review…", as for the other queue reasons); reject is a 400 field error on `content`.
 * - an edit of a question or answer: queue turns it into a suggested edit waiting for review (a pending
 *   revision; the client says "Your revision will show after review."), the post keeping its public text;
 *   reject is a 400 field error on `content`.
 * - a comment (new or edited) and a profile change: there is no queue for them, so the strictest clean outcome
 *   applies: queue and reject both refuse the text with a 400 field error (`error.reviewer.held` for a queue, the
 *   rule's message for a reject) on the text's field, nothing saved; the member's typed text stays in the form.
 *
 * A queued post's subject (the text, the author and the request's address, user agent and referrer) is kept for
 * 30 days so that the moderator's decision can be reported to the reviewer plugins with the same data they saw
 * (Akismet asks for it): approve → `reportHam`, reject → `reportSpam` (reviewer.feedback.ts).
 */
import type { AppContext } from '../../core/context.js';
import { nowSeconds, requireDb } from '../../core/context.js';
import { fieldErrors } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/index.js';
import { getSettings } from '../siteinfo/index.js';
import { putEntry } from '../user-center/plugin-store.repository.js';
import { review, type ReviewOutcome } from './reviewer.service.js';

/** plugin_store slug and lifetime of the kept subjects of queued posts. */
export const SUBJECT_STORE_SLUG = 'reviewer';
const SUBJECT_TTL_SECONDS = 30 * 86_400;

function refuse(outcome: ReviewOutcome, field: string): never {
  if (outcome.decision === 'queue') throw fieldErrors([{ field, message: 'error.reviewer.held' }]);
  throw fieldErrors([{ field, message: outcome.message ?? 'error.reviewer.spam', params: outcome.params }]);
}

/**
 * Reviews a new question or answer.
 * @returns the outcome when the post must wait for review (pass it to rememberQueued once the post exists), else null
 * @throws 400 field error on `content` when a reviewer rejects it
 */
export async function reviewNewPost(ctx: AppContext, user: UserRow, kind: 'question' | 'answer', text: { title?: string; content: string }): Promise<ReviewOutcome | null> {
  const outcome = await review(ctx, user, { object_type: kind, action: 'create', title: text.title, content: text.content });
  if (outcome.decision === 'reject') refuse(outcome, 'content');
  return outcome.decision === 'queue' ? outcome : null;
}

/**
 * Keeps a queued post's subject for the moderator's decision (best effort: a failure is logged, the post stays).
 * @param permalink the site path of the post, e.g. `/questions/{id}`
 */
export async function rememberQueued(ctx: AppContext, id: string, outcome: ReviewOutcome, permalink: string): Promise<void> {
  const site = String((await getSettings(ctx)).general.site_url ?? '').replace(/\/+$/, '');
  const subject = { ...outcome.subject, object_id: id, permalink: `${site}${permalink}` };
  const now = nowSeconds();
  await putEntry(requireDb(ctx), SUBJECT_STORE_SLUG, `queued:${id}`, JSON.stringify(subject), now + SUBJECT_TTL_SECONDS, now).catch((err) => ctx.log.error({ err, id }, 'could not keep a reviewed post'));
}

/**
 * Reviews an edit of a question or answer.
 * @returns true when the edit must wait for review (the caller stores it as a pending revision)
 * @throws 400 field error on `content` when a reviewer rejects it
 */
export async function reviewPostEdit(ctx: AppContext, user: UserRow, kind: 'question' | 'answer', id: string, text: { title?: string; content: string }): Promise<boolean> {
  const outcome = await review(ctx, user, { object_type: kind, action: 'edit', object_id: id, title: text.title, content: text.content });
  if (outcome.decision === 'reject') refuse(outcome, 'content');
  return outcome.decision === 'queue';
}

/**
 * Reviews a new or edited comment.
 * @throws 400 field error on `original_text`: `error.reviewer.held` (queued) or the rejecting rule's message
 */
export async function reviewComment(ctx: AppContext, user: UserRow, content: string, id?: string): Promise<void> {
  const outcome = await review(ctx, user, { object_type: 'comment', action: id ? 'edit' : 'create', object_id: id, content });
  if (outcome.decision !== 'pass') refuse(outcome, 'original_text');
}

/**
 * Reviews a profile change: the display name as the title, the bio as the body, the website.
 * @param field the form field the refusal is shown under (the changed one)
 * @throws 400 field error on `field`, as reviewComment
 */
export async function reviewProfile(ctx: AppContext, user: UserRow, profile: { display_name: string; bio: string; website: string }, field: string): Promise<void> {
  const outcome = await review(ctx, user, { object_type: 'profile', action: 'edit', object_id: user.id, title: profile.display_name, content: profile.bio, website: profile.website, permalink: `/users/${user.username}` });
  if (outcome.decision !== 'pass') refuse(outcome, field);
}
