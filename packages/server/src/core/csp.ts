/**
 * Content-Security-Policy of HTML pages (security issue: a strict policy on every page). Scripts run only from
 * the site itself or with the response's nonce (the inline data and theme scripts, administrator snippets);
 * no `unsafe-inline` for scripts, no plugins (`object-src 'none'`), no `<base>` hijacking, forms post only here.
 * Styles allow inline `style` attributes (React and Bootstrap set them); images and media come from anywhere
 * (posts embed pictures from other sites). Violations are reported to {@link CSP_REPORT_PATH}.
 */
import { randomFillSync } from 'node:crypto';

/** Where browsers send violation reports (`report-uri`, and `report-to` through the Reporting-Endpoints header). */
export const CSP_REPORT_PATH = '/answer/api/v1/csp-report';

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one call into the CSPRNG costs ~5 us, a slice of the pool ~0.1 us. */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/**
 * A fresh nonce: 128 random bits from the operating system's CSPRNG, base64 (CSP level 3 asks for at least 128
 * bits, never reused). Each nonce takes bytes of the pool no other nonce took.
 */
export function newNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

const SOURCE = /^(?:'self'|'none'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?)$/i;

/**
 * The `frame-ancestors` sources: which sites may show our pages in a frame. From `QUORUM_FRAME_ANCESTORS`
 * (space-separated CSP sources, e.g. `'self' https://intranet.example.com`); default `'self'`.
 * @throws Error naming the bad source, so a typo stops start-up instead of silently opening framing
 */
export function resolveFrameAncestors(value = process.env.QUORUM_FRAME_ANCESTORS): string {
  const sources = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (!sources.length) return "'self'";
  for (const s of sources) {
    if (!SOURCE.test(s)) throw new Error(`QUORUM_FRAME_ANCESTORS: '${s}' is not a CSP source (use 'self', 'none', https://host or *.host)`);
  }
  if (sources.includes("'none'") && sources.length > 1) throw new Error("QUORUM_FRAME_ANCESTORS: 'none' cannot be combined with other sources");
  return sources.join(' ');
}

/**
 * The policy header value for one response.
 * @param nonce from {@link newNonce}, the same one written into the page's script tags
 * @param frameAncestors from {@link resolveFrameAncestors}
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * data: blob:',
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

/** Reporting-Endpoints header value naming the `csp` group used by `report-to`. */
export const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`;
