/**
 * Sitemaps (issue "Search engines"; sitemaps.org protocol 0.9): `/sitemap.xml` is a sitemap index naming one
 * file per block of 50,000 question ids (`/sitemap/questions-{n}.xml`, questions with their last-modified
 * time) and per block of tag ids (`/sitemap/tags-{n}.xml`, main tag pages). Files are cut by id sequence, not by
 * count: ids are `1` + type + a 13-digit sequence handed out in order, so file n holds the sequences
 * (n-1)*50,000+1 to n*50,000 and can never exceed 50,000 URLs. Building a file reads only its id range by primary
 * key and the index only the highest ids, so a request never scans the whole table; each built file is kept for
 * FILE_TTL_MS, so crawlers fetching every file cost one range read per file and period.
 */
import { questionPath } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { formatId } from '../../core/db/ids.js';
import { registerCache } from '../../core/coherence.js';
import { getSettings } from '../siteinfo/index.js';
import { maxId, questionsInRange, tagsInRange } from './sitemap.repository.js';
import './transliterate.js';

/** URLs per sitemap file at most (the protocol allows 50,000). */
export const URLS_PER_FILE = 50_000;
/** How long a built file or index is served from memory, in milliseconds. */
const FILE_TTL_MS = 10 * 60_000;

/** The two kinds of sitemap file. */
export type SitemapKind = 'questions' | 'tags';

let cache = new WeakMap<AppContext, Map<string, { at: number; xml: string }>>();
registerCache('sitemap', { reads: ['questions', 'tags', 'settings'], windowMs: FILE_TTL_MS, what: 'built sitemap files' }, () => {
  cache = new WeakMap();
});

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** W3C date-time of Unix seconds. */
function lastmod(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Sequence number of an Answer-style id, 0 for none. */
function sequenceOf(id: string | null): number {
  return id && /^1\d{16}$/.test(id) ? Number(id.slice(4)) : 0;
}

/** Number of files of a kind: one per started block of URLS_PER_FILE sequences. */
async function fileCount(ctx: AppContext, kind: SitemapKind): Promise<number> {
  const seq = sequenceOf(await maxId(requireDb(ctx), kind));
  return Math.ceil(seq / URLS_PER_FILE);
}

async function cached(ctx: AppContext, key: string, build: () => Promise<string | null>): Promise<string | null> {
  let byKey = cache.get(ctx);
  if (!byKey) cache.set(ctx, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < FILE_TTL_MS) return hit.xml;
  const xml = await build();
  if (xml !== null) byKey.set(key, { at: Date.now(), xml });
  return xml;
}

/** Drops the built files (tests, and after the site URL or permalink style changes). */
export function clearSitemapCache(ctx: AppContext): void {
  cache.delete(ctx);
}

/**
 * The sitemap index: one `<sitemap>` per questions file, then per tags file; always at least one questions
 * file, so the index is valid on an empty site.
 */
export async function sitemapIndex(ctx: AppContext): Promise<string> {
  const s = await getSettings(ctx);
  const base = s.general.site_url.replace(/\/+$/, '');
  const xml = await cached(ctx, `index:${base}`, async () => {
    const [questions, tags] = await Promise.all([fileCount(ctx, 'questions'), fileCount(ctx, 'tags')]);
    const entries: string[] = [];
    for (let n = 1; n <= Math.max(1, questions); n++) entries.push(`<sitemap><loc>${escapeXml(`${base}/sitemap/questions-${n}.xml`)}</loc></sitemap>`);
    for (let n = 1; n <= tags; n++) entries.push(`<sitemap><loc>${escapeXml(`${base}/sitemap/tags-${n}.xml`)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  });
  return xml!;
}

/**
 * One sitemap file.
 * @param n 1-based file number
 * @returns the `<urlset>` document, or null when the file does not exist (n past the last file)
 */
export async function sitemapFile(ctx: AppContext, kind: SitemapKind, n: number): Promise<string | null> {
  const s = await getSettings(ctx);
  const base = s.general.site_url.replace(/\/+$/, '');
  const style = s.site_seo.permalink;
  return cached(ctx, `${kind}:${n}:${style}:${base}`, async () => {
    if (n < 1 || (n > (await fileCount(ctx, kind)) && !(kind === 'questions' && n === 1))) return null;
    const type = kind === 'questions' ? 'question' : 'tag';
    const from = formatId(type, (n - 1) * URLS_PER_FILE + 1);
    const to = formatId(type, n * URLS_PER_FILE);
    const db = requireDb(ctx);
    const urls =
      kind === 'questions'
        ? (await questionsInRange(db, from, to)).map((q) => url(base + questionPath(q.id, q.title, style), Math.max(q.updated_at, q.post_updated_at)))
        : (await tagsInRange(db, from, to)).map((t) => url(`${base}/tags/${encodeURIComponent(t.slug_name)}`, t.updated_at));
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
}

function url(loc: string, modified: number): string {
  return modified > 0 ? `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod(modified)}</lastmod></url>` : `<url><loc>${escapeXml(loc)}</loc></url>`;
}

/**
 * robots.txt: the SEO setting's text with a `Sitemap:` line added (unless it has one); a private site (login
 * required) answers `Disallow: /` for every crawler and names no sitemap.
 */
export async function robotsTxt(ctx: AppContext): Promise<string> {
  const s = await getSettings(ctx);
  if (s.login.login_required) return 'User-agent: *\nDisallow: /\n';
  const text = s.site_seo.robots.replace(/\s*$/, '\n');
  if (/^\s*sitemap\s*:/im.test(text)) return text;
  return `${text}\nSitemap: ${s.general.site_url.replace(/\/+$/, '')}/sitemap.xml\n`;
}
