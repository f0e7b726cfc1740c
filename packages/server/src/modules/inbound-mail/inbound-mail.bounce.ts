/**
 * The bounce e-mail of a refused webhook message (a provider posted it, so no SMTP reply can carry the reason):
 * sent only to the member the message was identified as (never to an unknown or forged sender, which would be
 * backscatter), in their language, once per message (outbox key `inbound_bounce:<message key>`).
 */
import type { AppContext } from '../../core/context.js';
import { requireDb } from '../../core/context.js';
import { translate } from '../../core/i18n.js';
import { getSettings } from '../siteinfo/index.js';
import { getSmtp, isConfigured, mailBrand, queueEmail } from '../mail/index.js';
import { excerpt, recipientLanguage, renderNotifyMail, siteBase, unsubscribeLinks } from '../notify-mail/index.js';
import type { InboundOutcome } from './inbound-mail.service.js';

/**
 * Queues the bounce of a refused message.
 * @returns true when queued (false: no member to tell, or already queued for this message)
 */
export async function queueBounce(ctx: AppContext, out: InboundOutcome): Promise<boolean> {
  const member = out.member;
  if (out.status !== 'refused' || !member?.e_mail || !out.messageKey) return false;
  const db = requireDb(ctx);
  const [site, smtp] = await Promise.all([getSettings(ctx), getSmtp(ctx)]);
  const lang = recipientLanguage(member, site);
  const values = { site_name: site.general.name, subject: out.message?.subject ?? '', reason: out.localText ?? out.text ?? '' };
  const links = await unsubscribeLinks(db, site, member.id, 'inbox');
  const rendered = renderNotifyMail({
    lang,
    subject: translate('inbound_mail.bounce.subject', lang, values),
    lines: [translate('inbound_mail.bounce.line', lang, values), values.reason],
    quote: out.message?.body ? excerpt(out.message.body) : undefined,
    action: { label: translate('inbound_mail.bounce.open_site', lang, values), url: `${siteBase(site)}/` },
    reason: translate('inbound_mail.bounce.why', lang, values),
    settingsUrl: links.settingsUrl,
    unsubscribeUrl: links.pageUrl,
    brand: mailBrand(site),
  });
  const id = await queueEmail(ctx, db, { payload: { to: member.e_mail, ...rendered, template: 'inbound_mail.bounce' }, configured: isConfigured(smtp) }, `inbound_bounce:${out.messageKey}`);
  return id !== '';
}
