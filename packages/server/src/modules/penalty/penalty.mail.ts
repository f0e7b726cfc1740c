/**
 * The e-mail telling a member they were silenced or suspended: what it means, until when (or that it has no end)
 * and the reason the administrator gave, in the member's language (their own, else the site's). Queued in the
 * durable outbox (modules/mail) inside the transaction that imposes the penalty (composed before it opens).
 * Not a notification: sent whatever the member's notification settings, to an activated address only.
 */
import { MailStatus, UserStatus, type PenaltyKind } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { formatPenaltyEnd, type UserRow } from '../../core/auth/index.js';
import { translate } from '../../core/i18n.js';
import { getSmtp, isConfigured, mailBrand, mailDocument, queueEmail, type ComposedEmail } from '../mail/index.js';
import { getSettings } from '../siteinfo/index.js';
import { mailLanguage } from '../user/index.js';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The penalty e-mail for `user`, or null when they have no activated address (or are deleted).
 * @param endsAt unix seconds, 0 = forever
 */
export async function composePenaltyMail(ctx: AppContext, user: UserRow, kind: PenaltyKind, endsAt: number, reason: string): Promise<ComposedEmail | null> {
  if (!user.e_mail || user.mail_status !== MailStatus.activated || user.status === UserStatus.deleted) return null;
  const settings = await getSettings(ctx);
  const lang = await mailLanguage(ctx, user);
  const site = { site_name: settings.general.name };
  const subject = translate(`penalty.mail.${kind}_subject`, lang, site);
  const lines = [
    translate(`penalty.mail.${kind}_body`, lang, site),
    endsAt ? translate('penalty.mail.until', lang, { time: formatPenaltyEnd(endsAt, lang) }) : translate('penalty.mail.forever', lang),
    translate('penalty.mail.reason', lang, { reason }),
  ];
  const html = mailDocument({ lang, subject, body: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'), brand: mailBrand(settings) });
  return { payload: { to: user.e_mail, subject, text: lines.join('\n\n'), html, template: `penalty_${kind}` }, configured: isConfigured(await getSmtp(ctx)) };
}

/** Queues a composed penalty e-mail once per penalty (`penalty:<id>`), in the caller's transaction. */
export async function queuePenaltyMail(ctx: AppContext, tx: Db, mail: ComposedEmail | null, penaltyId: string): Promise<void> {
  if (mail) await queueEmail(ctx, tx, mail, `penalty:${penaltyId}`);
}
