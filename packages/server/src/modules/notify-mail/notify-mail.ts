/**
 * E-mails of inbox notifications (issue "E-mail per notification type"): a new answer to my question, a comment
 * on my post, a reply to my comment, an @mention, an invitation to answer, my answer accepted, the outcome of my
 * flag. Composed before the transaction that writes the notification rows (settings, users and texts are read
 * here) and queued inside it, each with the outbox key `<action>:<object id>:<recipient>`, so the same event
 * never mails the same member twice.
 *
 * Who gets one: the receiver of the notification when the `inbox` option of `user/notification/config` is on
 * (spec §7) and the account can be mailed (recipients.ts); never the actor (the caller drops those).
 */
import { questionPath } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { translate } from '../../core/i18n.js';
import { getSettings, type SiteSettings } from '../siteinfo/index.js';
import { emailOptions, findUsersByIds } from '../user/index.js';
import { excerpt, renderNotifyMail } from './notify-templates.js';
import * as repo from './notify-mail.repository.js';
import { getSmtp, isConfigured, mailBrand, queueEmail, type ComposedEmail } from '../mail/index.js';
import { mailable, recipientLanguage, siteBase, unsubscribeLinks } from './recipients.js';
import { replyHeaders } from '../inbound-mail/inbound-mail.replyto.js';

/** An inbox notification as the mailer needs it (the notification content plus its receiver). */
export interface InboxEvent {
  receiver_id: string;
  trigger_user_id: string;
  /** answer_the_question, comment_question, comment_answer, reply_to_you, mention_you, invited_you_to_answer, accept_answer, flag_handled, flag_ignored ... */
  action: string;
  object_type: string;
  object_id: string;
  title: string;
  question_id?: string;
  answer_id?: string;
  comment_id?: string;
}

/** A composed e-mail and its outbox key. */
export interface PreparedMail {
  dedupKey: string;
  mail: ComposedEmail;
}

/** Actions with their own subject and opening line; others use the generic phrase of the notification. */
const KNOWN = new Set(['answer_the_question', 'comment_question', 'comment_answer', 'reply_to_you', 'mention_you', 'invited_you_to_answer', 'accept_answer', 'flag_accepted', 'flag_rejected']);
/** The moderation module's names of flag outcomes (report.service.ts) and the texts they use. */
const ALIAS: Record<string, string> = { flag_handled: 'flag_accepted', flag_ignored: 'flag_rejected' };

/** The outbox key of a notification e-mail: one per action, object and recipient. */
export const notificationMailKey = (e: Pick<InboxEvent, 'action' | 'object_id' | 'receiver_id'>): string => `${e.action}:${e.object_id}:${e.receiver_id}`;

/** The page a notification points to: the answer, the comment (by `commentId`) or the question; the home page for anything else (a flagged user). */
export function notificationUrl(site: SiteSettings, e: InboxEvent): string {
  const qid = e.question_id || (e.object_type === 'question' ? e.object_id : '');
  if (!qid) return `${siteBase(site)}/`;
  const path = questionPath(qid, e.title, site.site_seo.permalink, e.answer_id || undefined);
  return `${siteBase(site)}${path}${e.comment_id ? `?commentId=${encodeURIComponent(e.comment_id)}` : ''}`;
}

/**
 * Composes the e-mails of inbox notifications. Reads only: call it before opening the transaction that queues
 * them (queuePreparedMails).
 * @returns one prepared mail per receiver who should get one (possibly none)
 */
export async function prepareNotificationMails(ctx: AppContext, events: InboxEvent[]): Promise<PreparedMail[]> {
  if (!events.length) return [];
  const db = requireDb(ctx);
  const now = nowSeconds();
  const [site, users, options, smtp] = await Promise.all([
    getSettings(ctx),
    findUsersByIds(db, events.flatMap((e) => [e.receiver_id, e.trigger_user_id])),
    emailOptions(db, events.map((e) => e.receiver_id)),
    getSmtp(ctx),
  ]);
  const wanted = events.filter((e) => e.receiver_id !== e.trigger_user_id && options.get(e.receiver_id)?.inbox && mailable(users.get(e.receiver_id), now));
  if (!wanted.length) return [];
  const texts = await repo.postTexts(db, wanted.flatMap((e) => [e.comment_id ?? '', e.object_type === 'answer' ? e.object_id : ''].filter(Boolean)));
  const out: PreparedMail[] = [];
  for (const e of wanted) {
    const to = users.get(e.receiver_id)!;
    const lang = recipientLanguage(to, site);
    const actor = users.get(e.trigger_user_id);
    const values = { site_name: site.general.name, user: actor ? actor.display_name || actor.username : translate('notify_mail.someone', lang), title: e.title };
    const named = ALIAS[e.action] ?? e.action;
    const key = KNOWN.has(named) ? named : 'other';
    const phrase = translate(`notification.action.${e.action}`, lang);
    const links = await unsubscribeLinks(db, site, e.receiver_id, 'inbox');
    const quoted = e.comment_id ? texts.get(e.comment_id) : e.object_type === 'answer' ? texts.get(e.object_id) : undefined;
    const target = e.comment_id ? 'comment' : e.answer_id ? 'answer' : 'question';
    const rendered = renderNotifyMail({
      lang,
      subject: translate(`notify_mail.${key}.subject`, lang, { ...values, phrase }),
      lines: [translate(`notify_mail.${key}.line`, lang, { ...values, phrase })],
      quote: quoted ? excerpt(quoted) : undefined,
      action: { label: e.question_id || e.object_type === 'question' ? translate(`notify_mail.open.${target}`, lang) : translate('notify_mail.open.site', lang, values), url: notificationUrl(site, e) },
      reason: translate('notify_mail.reason.inbox', lang, values),
      settingsUrl: links.settingsUrl,
      unsubscribeUrl: links.pageUrl,
      brand: mailBrand(site),
    });
    out.push({
      dedupKey: notificationMailKey(e),
      mail: { payload: { to: to.e_mail, ...rendered, template: `notify.${e.action}`, headers: { ...links.headers, ...(await replyHeaders(ctx, e)) } }, configured: isConfigured(smtp) },
    });
  }
  return out;
}

/**
 * Queues prepared e-mails (pass the transaction that writes the notification rows). A key already queued is
 * skipped.
 * @returns how many were queued
 */
export async function queuePreparedMails(ctx: AppContext, tx: Db, mails: PreparedMail[]): Promise<number> {
  let n = 0;
  for (const m of mails) if (await queueEmail(ctx, tx, m.mail, m.dedupKey)) n++;
  return n;
}
