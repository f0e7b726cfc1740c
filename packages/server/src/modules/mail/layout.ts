/**
 * The frame every e-mail shares (issue 13, "Branding": the logo is used in e-mails): the site's branding logo at
 * the top, linked to the site, when one is set; the site's name in its place otherwise. Addresses in e-mails
 * are absolute (a mail client has no page to resolve `/uploads/...` against).
 */
import type { SiteSettings } from '../siteinfo/index.js';

/** Who the e-mail comes from, as shown at its top. */
export interface MailBrand {
  /** The site's name (alt text of the logo, or the heading itself). */
  name: string;
  /** Absolute http(s) URL of the branding logo; '' when none is set. */
  logo: string;
  /** The site's address (site_url), where the heading links; '' for none. */
  url: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The brand of a site's e-mails from its settings: the branding logo made absolute against site_url (a stored
 * `/uploads/...` path), kept when already an http(s) URL, dropped otherwise.
 */
export function mailBrand(s: SiteSettings): MailBrand {
  const url = s.general.site_url.replace(/\/+$/, '');
  const logo = s.branding.logo.trim();
  const absolute = /^https?:\/\//i.test(logo) ? logo : logo.startsWith('/') && url ? `${url}${logo}` : '';
  return { name: s.general.name, logo: absolute, url };
}

/** The top of an e-mail: the linked logo (at most 48 px high), or the site name in bold. */
function heading(brand: MailBrand): string {
  const mark = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" height="48" style="height:48px;max-width:240px;border:0">`
    : `<strong style="font-size:20px;color:#212529">${escapeHtml(brand.name)}</strong>`;
  const linked = brand.url ? `<a href="${escapeHtml(brand.url)}" style="text-decoration:none">${mark}</a>` : mark;
  return `<div style="margin:0 0 16px;padding:0 0 12px;border-bottom:1px solid #dee2e6">${linked}</div>`;
}

/**
 * A complete HTML e-mail: `<html lang>` of the recipient's language, the subject as title, the brand's heading
 * (when given), then `body`.
 * @param body trusted HTML (already escaped by the caller)
 */
export function mailDocument(opts: { lang: string; subject: string; body: string; brand?: MailBrand }): string {
  const top = opts.brand ? `${heading(opts.brand)}\n` : '';
  return `<!doctype html><html lang="${opts.lang.replace('_', '-')}"><head><meta charset="utf-8"><title>${escapeHtml(opts.subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">\n${top}${opts.body}\n</body></html>`;
}
