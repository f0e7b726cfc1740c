/**
 * The Reply-To header of a notification e-mail (modules/notify-mail calls it where it composes them): the signed
 * reply address of the recipient and the post a reply should go to, when reply by e-mail is on.
 *
 * What a reply becomes, by notification: an invitation to answer, or a new question in a followed tag (the
 * instant e-mails of `all_new_question_for_following_tags` and of mailing-list mode, action `tag_question`), answers
 * the question; a new answer to my question, or a new answer in a followed tag (mailing-list mode, action
 * `list_answer`), comments on that answer; a comment, a reply to my comment, an @mention or a new comment in a
 * followed tag (mailing-list mode, `list_comment`) comments on the post the comment (or mention) is on. Other
 * notifications (an accepted answer, a flag's outcome) get no reply address.
 */
import { requireDb, type AppContext } from '../../core/context.js';
import { replyAddress, type ReplyTarget } from './inbound-mail.address.js';
import { inboundSettings } from './inbound-mail.settings.js';

/** The notification fields the reply target is read from (notify-mail's InboxEvent). */
export interface ReplyableEvent {
  receiver_id: string;
  action: string;
  object_type: string;
  object_id: string;
  question_id?: string;
  answer_id?: string;
  comment_id?: string;
}

const COMMENT_ACTIONS = new Set(['comment_question', 'comment_answer', 'reply_to_you', 'mention_you', 'list_comment']);

/** The post and kind a reply to this notification goes to, or null when a reply means nothing. */
export function replyTargetOf(e: ReplyableEvent): ReplyTarget | null {
  const questionId = e.question_id || (e.object_type === 'question' ? e.object_id : '');
  if (e.action === 'invited_you_to_answer' || e.action === 'tag_question') return questionId ? { kind: 'a', postId: questionId, userId: e.receiver_id } : null;
  if (e.action === 'answer_the_question' || e.action === 'list_answer') {
    const answerId = e.answer_id || (e.object_type === 'answer' ? e.object_id : '');
    return answerId ? { kind: 'c', postId: answerId, userId: e.receiver_id } : null;
  }
  if (COMMENT_ACTIONS.has(e.action)) {
    const postId = e.object_type === 'question' || e.object_type === 'answer' ? e.object_id : e.answer_id || questionId;
    return postId ? { kind: 'c', postId, userId: e.receiver_id } : null;
  }
  return null;
}

/**
 * Extra headers of a notification e-mail: `{ 'Reply-To': <signed address> }` when reply by e-mail is on and the
 * notification has a reply target, else `{}`.
 */
export async function replyHeaders(ctx: AppContext, e: ReplyableEvent): Promise<Record<string, string>> {
  const s = await inboundSettings(ctx);
  if (!s.enabled || !s.reply_domain) return {};
  const target = replyTargetOf(e);
  if (!target) return {};
  return { 'Reply-To': await replyAddress(requireDb(ctx), target, s.reply_domain) };
}
