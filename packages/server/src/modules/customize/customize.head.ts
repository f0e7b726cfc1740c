/**
 * The site-wide part of every page's `<head>` that comes from the settings (issues "Themes and custom
 * CSS/HTML", "Branding"): the custom CSS link with a version taken from the CSS itself (so a save is seen at
 * once while the file can still be cached), the favicon and touch icons at their sizes, the web app manifest,
 * the theme colour, and a script that fixes the colour scheme before first paint when the site sets one; and
 * the end of every public page's body (the custom HTML's scripts and footer).
 */
import { createHash } from 'node:crypto';
import { customScripts, DEFAULT_PRIMARY_COLOR } from '@quorum/contract';
import type { SiteSettings } from '../siteinfo/index.js';
import { brandingIconUrl, type BrandingIconSize } from '../file/index.js';
import { escapeHtml } from '../ssr/ssr.renderer.js';
import type { UploadStorage } from '../../core/storage/index.js';

let lastCss: { css: string; version: string } | null = null;

/** Version of the custom CSS: 16 hex digits of its SHA-256 (also its ETag). */
export function cssVersion(css: string): string {
  if (lastCss?.css !== css) lastCss = { css, version: createHash('sha256').update(css).digest('hex').slice(0, 16) };
  return lastCss.version;
}

/** The primary colour of the selected theme (#rrggbb), default #0033FF (spec §9). */
export function primaryColorOf(s: SiteSettings): string {
  const c = s.theme.theme_config?.[s.theme.theme || 'default']?.primary_color;
  return c && /^#[0-9a-fA-F]{6}$/.test(c) ? c : DEFAULT_PRIMARY_COLOR;
}

/**
 * A branding image's icon at `size`: the square icon first, then the favicon; '' when neither is set.
 * @param uploadsRoot the site's uploads storage, or the data directory's uploads folder (file.branding.ts)
 */
export function brandIcon(s: SiteSettings, size: BrandingIconSize, uploadsRoot: string | UploadStorage): string {
  const source = size === 32 ? s.branding.favicon || s.branding.square_icon : s.branding.square_icon || s.branding.favicon;
  return source ? brandingIconUrl(source, size, uploadsRoot) : '';
}

/**
 * Trusted head markup for a page (attribute values escaped; the only script is ours).
 * @param uploadsRoot the site's uploads storage, or the data directory's uploads folder (for the icon copies)
 * @param withoutCustomCss true on the admin console's pages, which never load the custom CSS
 */
export function siteHead(s: SiteSettings, uploadsRoot: string | UploadStorage, withoutCustomCss = false): string {
  const out: string[] = [`<meta name="theme-color" content="${primaryColorOf(s)}">`];
  const icon32 = brandIcon(s, 32, uploadsRoot);
  if (icon32) {
    out.push(`<link rel="icon" sizes="32x32" href="${escapeHtml(icon32)}">`);
    out.push(`<link rel="icon" sizes="192x192" href="${escapeHtml(brandIcon(s, 192, uploadsRoot))}">`);
    out.push(`<link rel="apple-touch-icon" href="${escapeHtml(brandIcon(s, 180, uploadsRoot))}">`);
  }
  out.push('<link rel="manifest" href="/manifest.webmanifest">');
  if (!withoutCustomCss && s.custom_css_html.custom_css.trim()) out.push(`<link rel="stylesheet" href="/custom.css?v=${cssVersion(s.custom_css_html.custom_css)}">`);
  const scheme = s.theme.color_scheme;
  if (scheme === 'light' || scheme === 'dark') out.push(`<script>document.documentElement.setAttribute('data-bs-theme','${scheme}')</script>`);
  return out.join('\n    ');
}

/**
 * What a public page carries at the end of its body from the custom HTML settings: the scripts of the custom
 * header and sidebar (the app shows their markup without scripts, packages/contract customHtml.ts), then the
 * custom footer as written. The renderer gives every script the response's nonce, so the administrator's
 * scripts run on server-rendered pages under the Content-Security-Policy.
 * @returns trusted HTML; '' when there is nothing to add
 */
export function customBodyEnd(custom: SiteSettings['custom_css_html']): string {
  return [...customScripts(custom.custom_header), ...customScripts(custom.custom_sidebar), custom.custom_footer ?? ''].join('');
}
