/**
 * The e-mails of scheduled jobs: the weekly digest of new questions (spec §3 "Notification options", §9: at most
 * 50 new questions per week; followed tags first, then the most voted), the daily or weekly digest of new
 * questions in followed tags, and the instant e-mail of one new question to the followers of its tags. Each
 * checks again, when it runs, that the member still wants it and can be mailed. Reads only: the caller queues
 * the result in the transaction that marks the job done.
 */
import { questionPath, UserStatus } from '@quorum/contract';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import { getSmtp, isConfigured, mailBrand } from '../mail/index.js';
import { excerpt, mailable, recipientLanguage, renderNotifyMail, siteBase, unsubscribeLinks, type MailListItem, type PreparedMail } from '../notify-mail/index.js';
import { getSettings, type SiteSettings } from '../siteinfo/index.js';
import { emailOptions, findUsersByIds, type UnsubscribeScope } from '../user/index.js';
import * as repo from './digest.repository.js';
import { isSuspended } from '../../core/auth/index.js';
import { replyPart } from './mailing-list.js';
import { localDate, type Period } from './period.js';

/** Most questions one digest lists (spec §9). */
export const DIGEST_LIMIT = 50;

/** Kinds of digest: the weekly digest of all new questions, and the tag digests. */
export type DigestKind = 'weekly_digest' | 'tag_daily' | 'tag_weekly';

const SUBJECT_OF: Record<DigestKind, string> = { weekly_digest: 'digest', tag_daily: 'tag_digest_daily', tag_weekly: 'tag_digest_weekly' };
const SCOPE_OF: Record<DigestKind, UnsubscribeScope> = { weekly_digest: 'all_new_question', tag_daily: 'all_new_question_for_following_tags', tag_weekly: 'all_new_question_for_following_tags' };

const questionUrl = (site: SiteSettings, q: { id: string; title: string }) => `${siteBase(site)}${questionPath(q.id, q.title, site.site_seo.permalink)}`;

/**
 * The questions of a member's digest: for the weekly digest up to 50 of the period, those in followed tags
 * first, then the most voted; for a tag digest only those in followed tags.
 */
export async function digestQuestions(ctx: AppContext, kind: DigestKind, userId: string, period: Period): Promise<repo.DigestQuestion[]> {
  const db = requireDb(ctx);
  const tags = await repo.followedTagIds(db, userId);
  const first = await repo.periodQuestions(db, period.start, period.end, DIGEST_LIMIT, { inTags: tags });
  if (kind !== 'weekly_digest' || first.length >= DIGEST_LIMIT) return first;
  const rest = await repo.periodQuestions(db, period.start, period.end, DIGEST_LIMIT - first.length, { exclude: first.map((q) => q.id) });
  return [...first, ...rest];
}

/**
 * The digest e-mail of one member for one period, or none (nothing new, option switched off, account not
 * mailable). Outbox key `digest:<kind>:<period key>:<member>`.
 */
export async function composeDigest(ctx: AppContext, kind: DigestKind, userId: string, period: Period): Promise<{ mails: PreparedMail[]; count: number }> {
  const db = requireDb(ctx);
  const [site, users, options, smtp] = await Promise.all([getSettings(ctx), findUsersByIds(db, [userId]), emailOptions(db, [userId]), getSmtp(ctx)]);
  const user = users.get(userId);
  const o = options.get(userId)!;
  const wants = kind === 'weekly_digest' ? o.all_new_question : o.all_new_question_for_following_tags && o.tag_frequency === (kind === 'tag_daily' ? 'daily' : 'weekly');
  if (!wants || !mailable(user, nowSeconds())) return { mails: [], count: 0 };
  const questions = await digestQuestions(ctx, kind, userId, period);
  if (!questions.length) return { mails: [], count: 0 };
  const lang = recipientLanguage(user, site);
  const tz = site.interface.time_zone;
  const values = { site_name: site.general.name, from: localDate(period.start, tz), to: localDate(period.end - 1, tz) };
  const items: MailListItem[] = questions.map((q) => ({ title: q.title, url: questionUrl(site, q), meta: translate('notify_mail.meta', lang, { votes: q.vote_count, answers: q.answer_count }) }));
  const links = await unsubscribeLinks(db, site, userId, SCOPE_OF[kind]);
  const rendered = renderNotifyMail({
    lang,
    subject: translate(`notify_mail.${SUBJECT_OF[kind]}.subject`, lang, values),
    lines: [translate(`notify_mail.${SUBJECT_OF[kind]}.line`, lang, values)],
    items,
    action: { label: translate('notify_mail.open.site', lang, values), url: `${siteBase(site)}/` },
    reason: translate(kind === 'weekly_digest' ? 'notify_mail.reason.all_new_question' : 'notify_mail.reason.following_tags', lang, values),
    settingsUrl: links.settingsUrl,
    unsubscribeUrl: links.pageUrl,
    brand: mailBrand(site),
  });
  const mail = { payload: { to: user.e_mail, ...rendered, template: `digest.${kind}`, headers: links.headers }, configured: isConfigured(smtp) };
  return { mails: [{ dedupKey: `digest:${kind}:${period.key}:${userId}`, mail }], count: questions.length };
}

/**
 * The e-mails of one new question to the members who follow one of its tags and chose instant e-mails for
 * them, or mailing-list mode (mailing-list.ts), never its author; a suspended or deleted author's question mails
 * nobody. Mailing-list members' e-mails unsubscribe from mailing-list mode and say that a reply answers; a
 * silenced member's carry no reply address. Outbox key `tag_question:<question>:<member>`.
 */
export async function composeNewQuestion(ctx: AppContext, questionId: string): Promise<{ mails: PreparedMail[]; count: number }> {
  const db = requireDb(ctx);
  const q = await repo.questionWithTags(db, questionId);
  if (!q) return { mails: [], count: 0 };
  const [instant, list] = await Promise.all([repo.instantTagFollowers(db, q.tag_ids), repo.mailingListFollowers(db, q.tag_ids)]);
  const listed = new Set(list);
  const followers = [...new Set([...instant, ...list])].filter((id) => id !== q.user_id);
  if (!followers.length) return { mails: [], count: 0 };
  const [site, users, smtp] = await Promise.all([getSettings(ctx), findUsersByIds(db, [...followers, q.user_id]), getSmtp(ctx)]);
  const author = users.get(q.user_id);
  const now = nowSeconds();
  if (!author || author.status === UserStatus.deleted || isSuspended(author, now)) return { mails: [], count: 0 };
  const mails: PreparedMail[] = [];
  for (const id of followers) {
    const user = users.get(id);
    if (!mailable(user, now)) continue;
    const lang = recipientLanguage(user, site);
    const values = { site_name: site.general.name, title: q.title, tags: q.tags.join(', '), user: author.display_name || author.username };
    const inList = listed.has(id);
    const links = await unsubscribeLinks(db, site, id, inList ? 'mailing_list' : 'all_new_question_for_following_tags');
    const reply = await replyPart(ctx, user, { receiver_id: id, action: 'tag_question', object_type: 'question', object_id: q.id, question_id: q.id }, lang, 'question', now);
    const rendered = renderNotifyMail({
      lang,
      subject: translate('notify_mail.tag_question.subject', lang, values),
      lines: [translate('notify_mail.tag_question.line', lang, values), q.title, ...(inList ? reply.lines : [])],
      quote: excerpt(q.original_text) || undefined,
      action: { label: translate('notify_mail.open.question', lang), url: questionUrl(site, q) },
      reason: translate(inList ? 'mailing_list.reason' : 'notify_mail.reason.following_tags', lang, values),
      settingsUrl: links.settingsUrl,
      unsubscribeUrl: links.pageUrl,
      brand: mailBrand(site),
    });
    mails.push({ dedupKey: `tag_question:${q.id}:${id}`, mail: { payload: { to: user.e_mail, ...rendered, template: 'notify.tag_question', headers: { ...links.headers, ...reply.headers } }, configured: isConfigured(smtp) } });
  }
  return { mails, count: mails.length };
}
