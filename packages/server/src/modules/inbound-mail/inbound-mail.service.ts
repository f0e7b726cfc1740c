/**
 * Reply by e-mail (issue #37 item 2): turns one inbound message into an answer, a comment or a new question of the
 * member who sent it, through the same service functions the HTTP routes call (addAnswer, addComment,
 * askQuestion), so every rule of the site applies: privileges, limits for new members, the review queue, the spam
 * reviewers, locks, closed questions. The SMTP server (inbound-mail.smtp.ts) and the webhook
 * (inbound-mail.routes.ts) both end here.
 *
 * Order of checks: the feature is on; the message parses, is not an automatic reply and has a Message-ID; no
 * SPF/DKIM/DMARC verdict is `fail` (the provider's fields or the receiving server's Authentication-Results); a
 * recipient is a reply address with a valid signature (or a tag address, when new questions by mail are allowed);
 * the From address is the e-mail of the member the address names (of a member at all, for a tag address); then
 * the message is claimed by its Message-ID (`inbound_mails`, migration 037): a message already posted is not
 * posted again (the sender's server retried, or a replay), one already refused is refused again with the same
 * reason, one being processed elsewhere asks the sender to retry later; then the member must be active (activated,
 * approved, not suspended, not silenced, as requireActiveUser) and the post's service decides.
 */
import { createHash } from 'node:crypto';
import { AnswerAddReq, CommentAddReq, MailStatus, QuestionAddReq, UserStatus } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { AppError, forbidden } from '../../core/errors.js';
import { parse } from '../../core/http.js';
import { translate } from '../../core/i18n.js';
import { isSilenced, isSuspended, suspensionRefusal, type UserRow } from '../../core/auth/index.js';
import { pendingApprovalError } from '../../core/auth/guards.js';
import { silenceRefusal } from '../../core/auth/penalty.js';
import { addAnswer } from '../answer/index.js';
import { addComment } from '../comment/comment.service.js';
import { askQuestion } from '../question/question.service.js';
import { findUserByEmail, findUsersByIds } from '../user/user.repository.js';
import { getSettings } from '../siteinfo/index.js';
import { readAddress, type InboundAddress } from './inbound-mail.address.js';
import { inboundSettings } from './inbound-mail.settings.js';
import { parseMessage, type InboundMessage } from './inbound-mail.parse.js';
import * as repo from './inbound-mail.repository.js';

/** Seconds a claim of a message in processing holds before a retry may take it over (a node that died mid-way). */
export const CLAIM_LEASE_SECONDS = 300;

/** Largest inbound message, in bytes (refused at the SMTP level, and by the webhook's body limit). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** What became of a message. */
export type InboundStatus =
  /** Written: `postId` is the answer, comment or question. */
  | 'posted'
  /** Already posted earlier (a retry or a replay): nothing written now. */
  | 'duplicate'
  /** Refused with a reason (a bounce). */
  | 'refused'
  /** A passing failure or another node is on it: the sender should retry later. */
  | 'retry';

/** The outcome of one message. */
export interface InboundOutcome {
  status: InboundStatus;
  /** Reason key (i18n `inbound_mail.refused.*` or the service's own `error.*` key). */
  reason?: string;
  /** The reason in English, for the SMTP reply and the log. */
  text?: string;
  /** The reason in the member's language (the bounce e-mail of the webhook). */
  localText?: string;
  postId?: string;
  kind?: 'answer' | 'comment' | 'question';
  /** The member it was (or would have been) posted as, when known: the only address a bounce may go to. */
  member?: UserRow;
  message?: InboundMessage;
  messageKey?: string;
}

/** What the transports hand in. */
export interface InboundInput {
  raw: Buffer | string;
  /** Envelope recipients (RCPT TO, the provider's recipient); else the message's To and Cc are read. */
  recipients?: string[];
  /** Verdicts the provider supplies (webhook fields `spf`, `dkim`, `dmarc`). */
  auth?: Record<string, string | undefined>;
}

const messageKey = (messageId: string): string => createHash('sha256').update(messageId.toLowerCase()).digest('hex');

/** The key of a refusal and its texts. */
function refusal(reason: string, member?: UserRow, lang = 'en_US', params?: Record<string, string | number>): InboundOutcome {
  const key = reason.includes('.') ? reason : `inbound_mail.refused.${reason}`;
  return { status: 'refused', reason: key, text: translate(key, 'en_US', params), localText: translate(key, lang, params), member };
}

/** The reason an AppError of a service gives: its specific message, else the first field error, else its reason. */
function appErrorText(err: AppError, lang: string): string {
  if (err.msgKey) return translate(err.msgKey, lang, err.msgParams);
  const field = err.fields[0];
  if (field) return translate(field.message, lang, field.params);
  return translate(err.reason, lang);
}

/** requireActiveUser's checks for a member known by their e-mail (core/auth/guards.ts). */
async function checkActive(ctx: AppContext, user: UserRow, lang: string): Promise<void> {
  if (user.status === UserStatus.deleted) throw forbidden('inbound_mail.refused.unknown_sender');
  if (user.mail_status !== MailStatus.activated) throw forbidden('error.user.inactive', 'inactive');
  if (user.status === UserStatus.pending) throw pendingApprovalError();
  if (isSuspended(user)) throw await suspensionRefusal(ctx, user, lang);
  if (isSilenced(user)) throw await silenceRefusal(ctx, user, lang);
}

/** The first recipient in the reply domain, read; `unknown` when none is. */
async function targetOf(ctx: AppContext, recipients: string[], domain: string): Promise<InboundAddress> {
  let seen: InboundAddress = { type: 'unknown' };
  for (const r of recipients) {
    const a = await readAddress(requireDb(ctx), r.trim().replace(/^<|>$/g, ''), domain);
    if (a.type === 'reply' || a.type === 'tag') return a;
    if (a.type === 'forged') seen = a;
  }
  return seen;
}

/**
 * Processes one inbound message (this file's header has the order of checks).
 * @returns the outcome; never throws for a bad message (refused) or a passing failure (retry, logged)
 */
export async function processInbound(ctx: AppContext, input: InboundInput): Promise<InboundOutcome> {
  const settings = await inboundSettings(ctx);
  if (!settings.enabled || !settings.reply_domain) return refusal('disabled');
  let msg: InboundMessage;
  try {
    msg = await parseMessage(input.raw);
  } catch (err) {
    ctx.log.warn({ err }, 'inbound mail: unreadable message refused');
    return refusal('malformed');
  }
  if (msg.automatic) return { ...refusal('automatic'), message: msg };
  if (!msg.messageId) return { ...refusal('no_message_id'), message: msg };
  const verdicts = { ...msg.auth, ...Object.fromEntries(Object.entries(input.auth ?? {}).filter(([, v]) => v).map(([k, v]) => [k, v!.toLowerCase()])) };
  const failed = Object.entries(verdicts).find(([, v]) => v === 'fail');
  if (failed) return { ...refusal('auth_failed', undefined, 'en_US', { method: failed[0].toUpperCase() }), message: msg };

  const target = await targetOf(ctx, input.recipients?.length ? input.recipients : msg.recipients, settings.reply_domain);
  if (target.type === 'forged') {
    ctx.log.warn({ from: msg.from, message_id: msg.messageId }, 'inbound mail: reply address with a wrong signature refused');
    return { ...refusal('forged_address'), message: msg };
  }
  if (target.type === 'unknown') return { ...refusal('unknown_address'), message: msg };
  if (target.type === 'tag' && !settings.new_questions) return { ...refusal('new_questions_off'), message: msg };

  const db = requireDb(ctx);
  const sender = msg.from ? await findUserByEmail(db, msg.from) : undefined;
  const member = target.type === 'reply' ? (await findUsersByIds(db, [target.target.userId])).get(target.target.userId) : sender;
  if (!member || !sender || sender.id !== member.id || member.status === UserStatus.deleted) {
    ctx.log.warn({ from: msg.from, message_id: msg.messageId }, 'inbound mail: sender is not the member of the address; refused');
    return { ...refusal('unknown_sender'), message: msg };
  }
  const site = await getSettings(ctx);
  const lang = member.language && member.language !== '' ? member.language : site.interface.language || 'en_US';

  const key = messageKey(msg.messageId);
  const now = nowSeconds();
  if (!(await repo.insertClaim(db, key, now))) {
    const row = await repo.findClaim(db, key);
    if (row?.state === 'posted') return { status: 'duplicate', postId: row.post_id, member, message: msg, messageKey: key };
    if (row?.state === 'refused') return { ...refusal(row.reason || 'malformed', member, lang), message: msg, messageKey: key, status: 'refused' };
    const stale = row && Number(row.claimed_at) < now - CLAIM_LEASE_SECONDS;
    if (!row || !stale || !(await repo.retakeClaim(db, key, Number(row.claimed_at), now))) return { status: 'retry', reason: 'inbound_mail.refused.busy', text: translate('inbound_mail.refused.busy', 'en_US'), member, message: msg };
  }

  const body = msg.body;
  try {
    await checkActive(ctx, member, lang);
    let postId: string;
    let kind: InboundOutcome['kind'];
    if (target.type === 'reply' && target.target.kind === 'a') {
      const r = await addAnswer(ctx, member, parse(AnswerAddReq, { question_id: target.target.postId, content: body }), lang);
      postId = String(r.info.id);
      kind = 'answer';
    } else if (target.type === 'reply') {
      const r = await addComment(ctx, member, parse(CommentAddReq, { object_id: target.target.postId, original_text: body }), lang);
      postId = String((r as { comment_id?: string }).comment_id ?? '');
      kind = 'comment';
    } else {
      postId = await askQuestion(ctx, member, parse(QuestionAddReq, { title: msg.subject, content: body, tags: [{ slug_name: target.slug }] }));
      kind = 'question';
    }
    await repo.finishClaim(db, key, { state: 'posted', userId: member.id, postId }, nowSeconds());
    ctx.log.info({ message_id: msg.messageId, user_id: member.id, kind, post_id: postId }, 'inbound mail: posted');
    return { status: 'posted', postId, kind, member, message: msg, messageKey: key };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const reason = err.fields[0]?.message ?? err.msgKey ?? err.reason;
      await repo.finishClaim(db, key, { state: 'refused', reason, userId: member.id }, nowSeconds());
      ctx.log.info({ message_id: msg.messageId, user_id: member.id, reason }, 'inbound mail: refused by the site rules');
      return { status: 'refused', reason, text: appErrorText(err, 'en_US'), localText: appErrorText(err, lang), member, message: msg, messageKey: key };
    }
    await repo.releaseClaim(db, key).catch(() => undefined);
    ctx.log.error({ err, message_id: msg.messageId }, 'inbound mail: processing failed; the sender may retry');
    return { status: 'retry', reason: 'inbound_mail.refused.busy', text: translate('inbound_mail.refused.busy', 'en_US'), member, message: msg };
  }
}
