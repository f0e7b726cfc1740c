/**
 * Loads the web build (dist/client/index.html as the template, dist/server/entry-server.js for React SSR)
 * and fills the template: head tags, the rendered app and the prefetched API data for hydration.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the web build lives (packages/web/dist). */
export { WEB_DIST } from '../../core/paths.js';
import { WEB_DIST } from '../../core/paths.js';
export const CLIENT_DIR = path.join(WEB_DIST, 'client');

type RenderFn = (input: { url: string; lang: string; data: Record<string, unknown> }) => { html: string };

let template: string | null = null;
let renderFn: RenderFn | null = null;
let loading: Promise<void> | null = null;

/** True when the web build exists. */
export function hasWebBuild(): boolean {
  return existsSync(path.join(CLIENT_DIR, 'index.html'));
}

async function load(): Promise<void> {
  template = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const entry = path.join(WEB_DIST, 'server', 'entry-server.js');
  if (existsSync(entry)) {
    const mod = (await import(pathToFileURL(entry).href)) as { render: RenderFn };
    renderFn = mod.render;
  }
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script> element: `<`, U+2028 and U+2029 escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface PageHead {
  title: string;
  description?: string;
  canonical?: string;
  jsonLd?: unknown;
  robots?: string;
  extra?: string;
}

/**
 * The full HTML document of a page.
 * @param url request path with query
 * @param data API key -> payload, handed to React and to the client for hydration
 * @param ssr false renders only the shell (client-side pages such as the installer)
 * @returns null when there is no web build
 */
export async function renderDocument(url: string, lang: string, head: PageHead, data: Record<string, unknown>, ssr = true): Promise<string | null> {
  if (!hasWebBuild()) return null;
  if (!template) {
    loading ??= load();
    await loading;
  }
  let app = '';
  if (ssr && renderFn) app = renderFn({ url, lang, data }).html;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    head.extra ?? '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const state = `<script>window.__QUORUM_DATA__=${scriptJson(data)};window.__QUORUM_LANG__=${scriptJson(lang)};</script>`;
  return template!
    .replace('<!--ssr-head-->', tags)
    .replace('<!--ssr-outlet-->', app)
    .replace('<!--ssr-data-->', state)
    .replace(/<html([^>]*)\blang="[^"]*"/, `<html$1lang="${lang === 'zh_CN' ? 'zh-CN' : 'en'}"`);
}
