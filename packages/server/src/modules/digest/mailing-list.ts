/**
 * Mailing-list mode (issue #37 item 4): a member who turns on `mailing_list` of `user/notification/config` gets
 * every new post of the tags they follow by e-mail at once, each with the signed reply address of that member and
 * post (modules/inbound-mail), so the mailbox can answer: a new question (digest.compose.ts composeNewQuestion;
 * a reply answers it), a new answer (a reply comments on the answer) and a new comment (a reply comments on the
 * post the comment is on).
 *
 * What is never mailed: posts that are not public when the job runs (a deleted or pending answer, a comment
 * deleted or hidden by flags, any post of a question that is pending, in the staging ground, deleted or unlisted);
 * a member's own post; posts whose author is suspended or deleted by then; a member who cannot be mailed
 * (unconfirmed address, suspended, deleted: notify-mail recipients.ts). A silenced member still gets the e-mail,
 * without a reply address (a reply would be refused). A member whose inbox e-mail about the same post is already
 * queued (the asker's "answered your question", a reply or @mention) gets that one only.
 *
 * Each e-mail carries the one-click unsubscribe of scope `mailing_list`; outbox keys `list_answer:<answer>:<member>`
 * and `list_comment:<comment>:<member>` make each one once per post and member however often the job runs.
 */
import { questionPath, UserStatus } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import { isSilenced, isSuspended } from '../../core/auth/index.js';
import { getSmtp, isConfigured, mailBrand, queuedKeys } from '../mail/index.js';
import { excerpt, mailable, recipientLanguage, renderNotifyMail, siteBase, unsubscribeLinks, type PreparedMail } from '../notify-mail/index.js';
import { getSettings } from '../siteinfo/index.js';
import { findUsersByIds, type UserRow } from '../user/index.js';
import { replyHeaders, type ReplyableEvent } from '../inbound-mail/inbound-mail.replyto.js';
import * as repo from './digest.repository.js';

/** Job kinds of mailing-list mode (one job per new answer or comment; the job's user is the post's author). */
export const LIST_ANSWER = 'list_answer';
export const LIST_COMMENT = 'list_comment';

/** The inbox notification e-mails that already tell a member about a post (notify-mail's outbox keys). */
const INBOX_ACTIONS: Record<string, string[]> = {
  [LIST_ANSWER]: ['answer_the_question'],
  [LIST_COMMENT]: ['reply_to_you', 'mention_you', 'comment_question', 'comment_answer'],
};

/** True when the author of a post may still be heard: not suspended, not deleted. */
const authorInGoodStanding = (author: UserRow | undefined, now: number): boolean => !!author && author.status !== UserStatus.deleted && !isSuspended(author, now);

/**
 * The reply-address headers and the line saying what a reply does, for one recipient: none for a silenced member.
 * @param hintKey the `mailing_list.reply.*` key of the line
 */
export async function replyPart(ctx: AppContext, user: UserRow, e: ReplyableEvent, lang: string, hintKey: string, now: number): Promise<{ headers: Record<string, string>; lines: string[] }> {
  if (isSilenced(user, now)) return { headers: {}, lines: [] };
  const headers = await replyHeaders(ctx, e);
  return { headers, lines: headers['Reply-To'] ? [translate(`mailing_list.reply.${hintKey}`, lang)] : [] };
}

/**
 * The e-mails of one new answer or comment to the mailing-list members who follow a tag of its question.
 * @param kind LIST_ANSWER or LIST_COMMENT; `postId` the answer or comment
 * @returns the mails (none when the post is gone or not public) and their count
 */
export async function composeListPost(ctx: AppContext, kind: string, postId: string): Promise<{ mails: PreparedMail[]; count: number }> {
  const db = requireDb(ctx);
  const none = { mails: [], count: 0 };
  const post: { id: string; question_id: string; user_id: string; original_text: string; object_id?: string } | undefined =
    kind === LIST_ANSWER ? await repo.availableAnswer(db, postId) : await repo.availableComment(db, postId);
  if (!post) return none;
  const q = await repo.questionWithTags(db, post.question_id);
  if (!q) return none;
  // A comment on an answer: the answer must be public too.
  const on = post.object_id && post.object_id !== q.id ? post.object_id : '';
  const onAnswer = on ? await repo.availableAnswer(db, on) : undefined;
  if (on && !onAnswer) return none;
  const followers = (await repo.mailingListFollowers(db, q.tag_ids)).filter((id) => id !== post.user_id);
  if (!followers.length) return none;
  const already = await queuedKeys(db, followers.flatMap((id) => INBOX_ACTIONS[kind]!.map((a) => `${a}:${postId}:${id}`)));
  const [site, users, smtp] = await Promise.all([getSettings(ctx), findUsersByIds(db, [...followers, post.user_id]), getSmtp(ctx)]);
  const now = nowSeconds();
  const author = users.get(post.user_id);
  if (!authorInGoodStanding(author, now)) return none;
  const mails: PreparedMail[] = [];
  for (const id of followers) {
    const user = users.get(id);
    if (!mailable(user, now) || INBOX_ACTIONS[kind]!.some((a) => already.has(`${a}:${postId}:${id}`))) continue;
    const lang = recipientLanguage(user, site);
    const values = { site_name: site.general.name, title: q.title, tags: q.tags.join(', '), user: author!.display_name || author!.username };
    const answerId = kind === LIST_ANSWER ? post.id : onAnswer?.id;
    const url = `${siteBase(site)}${questionPath(q.id, q.title, site.site_seo.permalink, answerId)}${kind === LIST_COMMENT ? `?commentId=${encodeURIComponent(post.id)}` : ''}`;
    const event: ReplyableEvent =
      kind === LIST_ANSWER
        ? { receiver_id: id, action: 'list_answer', object_type: 'answer', object_id: post.id, question_id: q.id, answer_id: post.id }
        : { receiver_id: id, action: 'list_comment', object_type: 'comment', object_id: post.id, question_id: q.id, answer_id: onAnswer?.id, comment_id: post.id };
    const text = kind === LIST_ANSWER ? 'answer' : onAnswer ? 'comment_answer' : 'comment_question';
    const reply = await replyPart(ctx, user, event, lang, text, now);
    const links = await unsubscribeLinks(db, site, id, 'mailing_list');
    const rendered = renderNotifyMail({
      lang,
      subject: translate(`mailing_list.${text}.subject`, lang, values),
      lines: [translate(`mailing_list.${text}.line`, lang, values), ...reply.lines],
      quote: excerpt(post.original_text) || undefined,
      action: { label: translate(kind === LIST_ANSWER ? 'notify_mail.open.answer' : 'notify_mail.open.comment', lang), url },
      reason: translate('mailing_list.reason', lang, values),
      settingsUrl: links.settingsUrl,
      unsubscribeUrl: links.pageUrl,
      brand: mailBrand(site),
    });
    mails.push({ dedupKey: `${kind}:${post.id}:${id}`, mail: { payload: { to: user.e_mail, ...rendered, template: `notify.${kind}`, headers: { ...links.headers, ...reply.headers } }, configured: isConfigured(smtp) } });
  }
  return { mails, count: mails.length };
}
