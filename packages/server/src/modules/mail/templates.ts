/**
 * E-mail templates: subject and body texts are translation keys (`mail.<template>.subject|body` in
 * i18n/<lang>/server.yaml) with `{{site_name}}` and `{{link}}` placeholders. Each message has a plain-text
 * part and an HTML part built from the same text (escaped; the link becomes an anchor), under the site's logo or
 * name (layout.ts).
 */
import { translate } from '../../core/i18n.js';
import { mailDocument, type MailBrand } from './layout.js';

export const TEMPLATES = ['activation', 'password_reset', 'change_email', 'test'] as const;
export type MailTemplate = (typeof TEMPLATES)[number];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders a template in a language.
 * @param params `site_name`; for link mails, `link` (an absolute URL built from site_url); `brand`, the heading of
 *   the HTML part (the branding logo or the site name; none when absent)
 */
export function renderMail(template: MailTemplate, lang: string, params: { site_name: string; link?: string; brand?: MailBrand }): RenderedMail {
  const values = { site_name: params.site_name, link: params.link ?? '' };
  const subject = translate(`mail.${template}.subject`, lang, values);
  const text = translate(`mail.${template}.body`, lang, values);
  // The HTML part: translate with markers, escape everything, then put the (escaped) values back.
  const SITE = '\u0001';
  const LINK = '\u0002';
  const marked = translate(`mail.${template}.body`, lang, { site_name: SITE, link: LINK });
  const link = escapeHtml(values.link);
  const paragraphs = escapeHtml(marked)
    .split(/\n{2,}/)
    .map((p) =>
      `<p>${p
        .replace(/\n/g, '<br>')
        .split(SITE)
        .join(`<strong>${escapeHtml(values.site_name)}</strong>`)
        .split(LINK)
        .join(`<a href="${link}">${link}</a>`)}</p>`,
    )
    .join('\n');
  const html = mailDocument({ lang, subject, body: paragraphs, brand: params.brand });
  return { subject, text, html };
}
