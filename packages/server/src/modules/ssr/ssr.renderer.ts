/**
 * Loads the web build (dist/client/index.html as the template, dist/server/entry-server.js for React SSR)
 * and assembles documents from it: head tags, the rendered app, the prefetched API data for hydration and the
 * administrator's custom head and footer HTML.
 *
 * Assembly is plain concatenation of the template's fixed pieces with the page's pieces: never
 * `String.prototype.replace` with a string replacement, whose `$'`, `` $` ``, `$&` and `$1` patterns would copy
 * parts of the document into user text (a stored XSS: a title holding `$'` pulled the rest of the template,
 * scripts included, into an attribute).
 *
 * Every inline `<script>` of a document carries the response's Content-Security-Policy nonce. Documents are
 * kept as the pieces between nonce positions ({@link RenderedDocument}), so a cached page gets a fresh nonce on
 * every response without searching its text for a placeholder that user content could also contain.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { textDirection } from '@quorum/contract';

/** Where the web build lives (packages/web/dist). */
export { WEB_DIST } from '../../core/paths.js';
import { WEB_DIST } from '../../core/paths.js';
export const CLIENT_DIR = path.join(WEB_DIST, 'client');

/** packages/web/src/entry-server.tsx `render`: `pages` and `preload` are manifest keys (absent in older builds). */
type RenderFn = (input: { url: string; lang: string; data: Record<string, unknown> }) => { html: string; pages?: string[]; preload?: string[] };
/** packages/web/src/entry-server.tsx `pagesFor`: the same lists for a document sent as the bare shell. */
type PagesFn = (input: { url: string; lang: string }) => { pages: string[]; preload: string[] };

/** The template cut at its markers; each piece may itself contain nonce gaps (see splitInlineScripts). */
interface Template {
  /** `<!doctype html><html` up to (not including) the `lang` attribute's value. */
  beforeLang: string[];
  /** After the lang value, up to `<!--ssr-head-->`. */
  beforeHead: string[];
  /** `beforeHead` of right-to-left pages: Bootstrap's right-to-left stylesheet in place of the left-to-right one. */
  beforeHeadRtl: string[];
  /** Between `<!--ssr-head-->` and `<!--ssr-outlet-->`. */
  beforeOutlet: string[];
  /** Between `<!--ssr-outlet-->` and `<!--ssr-data-->`. */
  beforeData: string[];
  /** After `<!--ssr-data-->` up to `</body>` (the module script). */
  beforeBodyEnd: string[];
  /** `</body>` and the rest. */
  end: string[];
}

let template: Template | null = null;
let renderFn: RenderFn | null = null;
let pagesFn: PagesFn | null = null;
let assets: PageAssets | null = null;
let loading: Promise<void> | null = null;

/** True when the web build exists. */
export function hasWebBuild(): boolean {
  return existsSync(path.join(CLIENT_DIR, 'index.html'));
}

/**
 * Cuts `text` at `marker`.
 * @throws Error when the marker is missing (a web build that does not match this server)
 */
function cut(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`The web build's index.html has no ${marker}; rebuild the web app.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * Splits trusted HTML at every script's nonce position: `<script ...>` becomes `<script nonce="` + gap +
 * `" ...>`, other attributes kept.
 * @param html markup written by us or by an administrator, never by members
 * @returns the pieces between nonce gaps (length = number of `<script` tags + 1)
 */
export function splitInlineScripts(html: string): string[] {
  const parts = html.split(/(?<=<script\b)/i);
  return parts.map((part, i) => `${i > 0 ? '"' : ''}${part}${i < parts.length - 1 ? ' nonce="' : ''}`);
}

/**
 * The template's `<link id="q-bootstrap">` pointed at its `data-rtl` stylesheet (the web build writes both
 * directions' addresses on it, packages/web/build/bootstrapCss.ts); the text unchanged when there is no such link.
 */
export function rightToLeftStylesheet(html: string): string {
  return html.replace(/<link\b[^>]*\bid="q-bootstrap"[^>]*>/, (tag) => {
    const rtl = /\bdata-rtl="([^"]+)"/.exec(tag)?.[1];
    return rtl ? tag.replace(/\bhref="[^"]*"/, () => `href="${rtl}"`) : tag;
  });
}

function parseTemplate(text: string): Template {
  const langAt = text.search(/<html\b[^>]*\blang="/i);
  if (langAt < 0) throw new Error("The web build's index.html has no <html lang>; rebuild the web app.");
  const openLang = text.indexOf('lang="', langAt) + 'lang="'.length;
  const closeLang = text.indexOf('"', openLang);
  const beforeLang = text.slice(0, openLang);
  const afterLang = text.slice(closeLang);
  const [beforeHead, r1] = cut(afterLang, '<!--ssr-head-->');
  const [beforeOutlet, r2] = cut(r1, '<!--ssr-outlet-->');
  const [beforeData, r3] = cut(r2, '<!--ssr-data-->');
  const bodyEnd = r3.lastIndexOf('</body>');
  const [beforeBodyEnd, end] = bodyEnd < 0 ? [r3, ''] : [r3.slice(0, bodyEnd), r3.slice(bodyEnd)];
  return {
    beforeLang: splitInlineScripts(beforeLang),
    beforeHead: splitInlineScripts(beforeHead),
    beforeHeadRtl: splitInlineScripts(rightToLeftStylesheet(beforeHead)),
    beforeOutlet: splitInlineScripts(beforeOutlet),
    beforeData: splitInlineScripts(beforeData),
    beforeBodyEnd: splitInlineScripts(beforeBodyEnd),
    end: splitInlineScripts(end),
  };
}

/** One entry of the client build's manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The `<link>` tags that fetch a page's own chunks beside the entry, from the client build's manifest: for each
 * manifest key (a route page's module, a strings file), a `modulepreload` for its chunk and every chunk it imports
 * statically, and a stylesheet link for their CSS — the files the entry's template does not already name. Without
 * them the browser learns of a page's chunk only once the entry has run (a second round trip before hydration) and
 * of its CSS only once that chunk has loaded (the server-rendered page showed unstyled meanwhile).
 */
export class PageAssets {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly inTemplate: Set<string>;

  /**
   * @param manifest the parsed manifest
   * @param template the built index.html: files it already links (the entry and its static imports) are skipped
   */
  constructor(manifest: Record<string, ManifestChunk>, template: string) {
    this.manifest = manifest;
    this.inTemplate = new Set([...template.matchAll(/\bhref="\/([^"]+)"|\bsrc="\/([^"]+)"/g)].map((m) => m[1] ?? m[2]!));
  }

  /**
   * The tags for `keys` (unknown keys ignored), each file once, scripts before stylesheets; '' for none. A walk of a
   * few dozen manifest entries per page (cheaper than keeping the results).
   */
  linksFor(keys: readonly string[]): string {
    const seen = new Set<string>();
    const scripts: string[] = [];
    const styles: string[] = [];
    const walk = (key: string): void => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (chunk.file.endsWith('.js') && !this.inTemplate.has(chunk.file)) scripts.push(chunk.file);
      for (const css of chunk.css ?? []) if (!this.inTemplate.has(css) && !styles.includes(css)) styles.push(css);
      for (const dep of chunk.imports ?? []) walk(dep);
    };
    for (const key of keys) walk(key);
    const script = (f: string) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}">`;
    const style = (f: string) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(f)}">`;
    return [...scripts.map(script), ...styles.map(style)].join('\n    ');
  }
}

/** The build's PageAssets, or null when the build has no manifest (the pages still work, without preloads). */
function readAssets(templateText: string): PageAssets | null {
  const file = path.join(CLIENT_DIR, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return new PageAssets(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>, templateText);
}

async function load(): Promise<void> {
  const text = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  template = parseTemplate(text);
  assets = readAssets(text);
  const entry = path.join(WEB_DIST, 'server', 'entry-server.js');
  if (existsSync(entry)) {
    const mod = (await import(pathToFileURL(entry).href)) as { render: RenderFn; pagesFor?: PagesFn };
    renderFn = mod.render;
    pagesFn = mod.pagesFor ?? null;
  }
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const LINE_SEPARATORS = /[\u2028\u2029]/;
const LINE_SEPARATORS_ALL = /[\u2028\u2029]/g;

/**
 * JSON for a <script> element: `<`, U+2028 and U+2029 escaped so no text can close the element. A page's data
 * holds every post's HTML, so `<` is common: it is replaced by the engine's string search rather than a
 * per-match callback (~3% of an uncached question page's CPU before); the line separators are rare and only
 * searched for.
 */
export function scriptJson(value: unknown): string {
  const raw = JSON.stringify(value);
  // Tested on the flat string JSON.stringify returns (the replaced one is flattened by any search).
  const separators = LINE_SEPARATORS.test(raw);
  const json = raw.replaceAll('<', '\\u003c');
  return separators ? json.replace(LINE_SEPARATORS_ALL, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029')) : json;
}

export interface PageHead {
  title: string;
  description?: string;
  canonical?: string;
  jsonLd?: unknown;
  robots?: string;
  /** Open Graph and Twitter card tags (question, tag and profile pages). */
  social?: SocialCard;
  /** Feeds of the page's content, as auto-discovery links (modules/feed feedLinks). */
  feeds?: readonly { type: string; title: string; href: string }[];
}

/** What a shared link shows: Open Graph `og:*` and Twitter card tags. URLs absolute. */
export interface SocialCard {
  type: 'website' | 'article' | 'profile';
  title: string;
  description: string;
  url: string;
  /** The page's own image, else the site's square icon (Open Graph image fallback); '' for none. */
  image: string;
  siteName: string;
}

/** The `<meta>` tags of a social card, every value escaped. */
export function socialTags(card: SocialCard): string[] {
  const og = [
    ['og:type', card.type],
    ['og:site_name', card.siteName],
    ['og:title', card.title],
    ['og:description', card.description],
    ['og:url', card.url],
    ...(card.image ? [['og:image', card.image]] : []),
  ];
  const twitter = [
    ['twitter:card', 'summary'],
    ['twitter:title', card.title],
    ['twitter:description', card.description],
    ...(card.image ? [['twitter:image', card.image]] : []),
  ];
  return [
    ...og.map(([k, v]) => `<meta property="${k}" content="${escapeHtml(v!)}">`),
    ...twitter.map(([k, v]) => `<meta name="${k}" content="${escapeHtml(v!)}">`),
  ];
}

/**
 * The `<html lang>` value of a language code, for every language: `zh_CN` -> `zh-CN`, `pt_BR` -> `pt-BR`
 * (BCP 47, what the client sets when it switches language).
 */
export function htmlLang(lang: string): string {
  return (lang || 'en_US').replace('_', '-');
}

/**
 * What follows the `lang` value inside `<html>`: nothing for left-to-right languages, `" dir="rtl` for
 * right-to-left ones (the quote closes `lang="…`; the template's own closing quote ends `dir`).
 */
export function htmlDirAttribute(lang: string): string {
  return textDirection(lang) === 'rtl' ? '" dir="rtl' : '';
}

/** Administrator-written HTML placed on every page (customization settings); trusted, given the nonce. */
export interface CustomHtml {
  /** Inside `<head>`, after the page's tags: ours, from the settings (custom CSS link, icons, theme). */
  site?: string;
  /** Inside `<head>`, after `site`: the administrator's custom head. */
  head?: string;
  /** At the end of `<body>`, after the app's scripts, in `<div id="q-custom-footer">`. */
  footer?: string;
}

/**
 * A document cut at its nonce positions, held as UTF-8 bytes. `body(nonce)` joins the pieces with the nonce; the
 * same document can be sent many times (page cache), each time with the nonce of its own Content-Security-Policy
 * header.
 *
 * Bytes, not strings: the page cache (ssr.pagecache.ts) keeps thousands of these. As strings a 28,000-character
 * question page took ~67 KB of the JS heap (V8 stores a whole page in two bytes a character once one character
 * is outside Latin-1, plus the rope of pieces it was concatenated from), so a cache of "48 MB" held ~130 MB of
 * heap that every garbage collection walked and copied (docs/BENCHMARKS.md, sixth round). A Buffer holds the
 * bytes that go on the wire, outside the heap, and is sent without encoding it again.
 */
export class RenderedDocument {
  private readonly pieces: readonly Buffer[];
  /** Bytes of the document without its nonces. */
  readonly byteLength: number;

  /** @param pieces the HTML, cut where a nonce goes (n pieces: n - 1 nonces) */
  constructor(pieces: readonly string[]) {
    this.pieces = pieces.map((piece) => Buffer.from(piece, 'utf8'));
    let n = 0;
    for (const piece of this.pieces) n += piece.length;
    this.byteLength = n;
  }

  /** The document as UTF-8 bytes with `nonce` (base64, no quotes) at every inline script. */
  body(nonce: string): Buffer {
    if (this.pieces.length === 1) return this.pieces[0]!;
    const between = Buffer.from(nonce, 'latin1');
    const parts: Buffer[] = [this.pieces[0]!];
    for (let i = 1; i < this.pieces.length; i++) parts.push(between, this.pieces[i]!);
    return Buffer.concat(parts, this.byteLength + between.length * (this.pieces.length - 1));
  }

  /** The HTML with `nonce` as a string (tests and tools; responses use `body`). */
  html(nonce: string): string {
    return this.body(nonce).toString('utf8');
  }
}

/** Appends `more` to `into`, gluing the first piece of `more` to the last piece of `into`. */
function append(into: string[], more: readonly string[]): void {
  into[into.length - 1] += more[0]!;
  for (let i = 1; i < more.length; i++) into.push(more[i]!);
}

/**
 * The full document of a page.
 * @param url request path with query
 * @param lang en_US or zh_CN (the `<html lang>` and the language React renders in)
 * @param data API key -> payload, handed to React and to the client for hydration
 * @param ssr false renders only the shell (client-side pages such as the installer)
 * @param custom administrator HTML for the head and the end of the body
 * @returns null when there is no web build
 */
export async function renderDocument(
  url: string,
  lang: string,
  head: PageHead,
  data: Record<string, unknown>,
  ssr = true,
  custom: CustomHtml = {},
): Promise<RenderedDocument | null> {
  // Checked until the build is loaded: afterwards the document is assembled from memory (a file-system call per
  // page showed in the CPU profile).
  if (!template && !hasWebBuild()) return null;
  if (!template) {
    loading ??= load();
    await loading;
  }
  const t = template!;
  // A shell (client-only page) is not rendered, yet still names its page, so the browser fetches it with the entry.
  const rendered = ssr && renderFn ? renderFn({ url, lang, data }) : pagesFn ? { html: '', ...pagesFn({ url, lang }) } : null;
  const app = rendered?.html ?? '';
  const preload = rendered?.preload && assets ? assets.linksFor(rendered.preload) : '';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
    ...(head.social ? socialTags(head.social) : []),
    ...(head.feeds ?? []).map((f) => `<link rel="alternate" type="${escapeHtml(f.type)}" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}">`),
    preload,
  ]
    .filter(Boolean)
    .join('\n    ');
  const pieces: string[] = [''];
  append(pieces, t.beforeLang);
  append(pieces, [htmlLang(lang) + htmlDirAttribute(lang)]);
  append(pieces, textDirection(lang) === 'rtl' ? t.beforeHeadRtl : t.beforeHead);
  append(pieces, [tags]);
  // JSON-LD is data, not script: browsers never execute it, so it needs no nonce.
  if (head.jsonLd) append(pieces, [`\n    <script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`]);
  if (custom.site) append(pieces, splitInlineScripts(`\n    ${custom.site}`));
  // The marker tells the browser this document carries the custom head (app/customScripts.ts adds it otherwise).
  if (custom.head) append(pieces, splitInlineScripts(`\n    <meta name="q-custom-head" content="">${custom.head}`));
  append(pieces, t.beforeOutlet);
  append(pieces, [app]);
  append(pieces, t.beforeData);
  const pages = rendered?.pages?.length ? `window.__QUORUM_PAGES__=${scriptJson(rendered.pages)};` : '';
  append(pieces, ['<script nonce="', `">window.__QUORUM_DATA__=${scriptJson(data)};window.__QUORUM_LANG__=${scriptJson(lang)};${pages}</script>`]);
  append(pieces, t.beforeBodyEnd);
  // Wrapped so the client can tell it is there (and hide it on the admin console after client navigation).
  if (custom.footer) append(pieces, splitInlineScripts(`<div id="q-custom-footer">${custom.footer}</div>\n`));
  append(pieces, t.end);
  return new RenderedDocument(pieces);
}
