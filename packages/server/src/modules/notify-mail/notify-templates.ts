/**
 * The layout of notification and digest e-mails: one structure rendered twice, as plain text and as HTML, in the
 * recipient's language. Every text comes from `notify_mail.*` keys of i18n/<lang>/server.yaml; user content
 * (titles, excerpts, names) is escaped in the HTML part and never read as markup. Each mail ends with why it was
 * sent, a link to the notification settings and a one-click unsubscribe link.
 */
import { translate } from '../../core/i18n.js';
import { mailDocument, type MailBrand } from '../mail/index.js';

/** One linked line of a list (a question of a digest). */
export interface MailListItem {
  title: string;
  url: string;
  /** e.g. "3 votes · 2 answers · beer, yeast" */
  meta?: string;
}

/** What a notification or digest e-mail says, before rendering. */
export interface NotifyMailContent {
  lang: string;
  subject: string;
  /** Opening paragraphs (plain text). */
  lines: string[];
  /** An excerpt of the answer or comment, quoted. */
  quote?: string;
  /** The main link (the answer, the comment, the question). */
  action?: { label: string; url: string };
  items?: MailListItem[];
  /** Why this e-mail was sent (which option). */
  reason: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  /** The heading of the HTML part: the site's branding logo, else its name (modules/mail layout). */
  brand?: MailBrand;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short plain excerpt of markdown: markup characters dropped, whitespace folded, at most `max` characters. */
export function excerpt(markdown: string, max = 300): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/**
 * Renders a notification e-mail.
 * @returns subject, text part and HTML part (a complete document in the recipient's language)
 */
export function renderNotifyMail(c: NotifyMailContent): { subject: string; text: string; html: string } {
  const unsubscribe = translate('notify_mail.unsubscribe', c.lang);
  const settings = translate('notify_mail.settings', c.lang);
  const text: string[] = [...c.lines];
  if (c.quote) text.push(c.quote.split('\n').map((l) => `> ${l}`).join('\n'));
  if (c.items?.length) text.push(c.items.map((i, n) => `${n + 1}. ${i.title}${i.meta ? ` (${i.meta})` : ''}\n   ${i.url}`).join('\n'));
  if (c.action) text.push(`${c.action.label}: ${c.action.url}`);
  text.push(`-- \n${c.reason}\n${settings}: ${c.settingsUrl}\n${unsubscribe}: ${c.unsubscribeUrl}`);

  const a = (url: string, label: string, style = '') => `<a href="${escapeHtml(url)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
  const html: string[] = c.lines.map((l) => `<p>${escapeHtml(l)}</p>`);
  if (c.quote) html.push(`<blockquote style="margin:0 0 1em;padding:.5em 1em;border-left:3px solid #ccc;color:#444">${escapeHtml(c.quote).replace(/\n/g, '<br>')}</blockquote>`);
  if (c.items?.length) {
    html.push(
      `<ol>\n${c.items.map((i) => `<li>${a(i.url, i.title)}${i.meta ? `<br><small style="color:#666">${escapeHtml(i.meta)}</small>` : ''}</li>`).join('\n')}\n</ol>`,
    );
  }
  if (c.action) html.push(`<p>${a(c.action.url, c.action.label, 'display:inline-block;padding:.5em 1em;background:#0d6efd;color:#fff;border-radius:4px;text-decoration:none')}</p>`);
  html.push(`<hr><p style="font-size:12px;color:#666">${escapeHtml(c.reason)}<br>${a(c.settingsUrl, settings)} · ${a(c.unsubscribeUrl, unsubscribe)}</p>`);
  const doc = mailDocument({ lang: c.lang, subject: c.subject, body: html.join('\n'), brand: c.brand });
  return { subject: c.subject, text: text.join('\n\n'), html: doc };
}
