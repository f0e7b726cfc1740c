/**
 * Cache of anonymous server-rendered pages (question list, question, tags and tag pages), by language, path and the
 * query parameters the page reads (ssr.routes.ts `pageUrl`: any other parameter, such as a campaign's, neither
 * renders a page anew nor takes a place in the cache).
 *
 * A page is kept until the content changes: registered as "pages" with the coherence registry (core/coherence.ts),
 * it is cleared by every content write (the CONTENT topic, and writes to the content tables, members' names and
 * avatars included) in this process, in the sibling worker processes and, with QUORUM_REDIS_URL, on every node.
 * View counts (counters, not writes) show within MAX_AGE_MS, as does another node's write when no relay reaches
 * this one. The cache holds at most its budget of HTML (MAX_BYTES unless
 * `QUORUM_PAGE_CACHE_MB` says otherwise; pages not read lately dropped first, core/secondchance.ts), so the pages
 * most read by a site's visitors stay while the long tail is rendered on demand (docs/BENCHMARKS.md "Real
 * traffic": an uncached question page costs a few milliseconds of CPU, a cached one a fraction of that).
 *
 * A page read again from the cache is compressed once, with brotli and gzip, in the thread pool
 * (ssr.compressed.ts): later hits send those bytes with the response's own nonce put in, so a hit costs no
 * compression and every response still has a fresh nonce (core/csp.ts). The compressed variants count in the
 * budget with the HTML. Each page also has a weak ETag, a hash of its HTML without the nonces (ssr.routes.ts).
 */
import { CONTENT, CONTENT_TABLES, registerCache } from '../../core/coherence.js';
import { SecondChance } from '../../core/secondchance.js';
import type { RenderedDocument } from './ssr.renderer.js';
import { compressDocument, documentEtag, type Variants } from './ssr.compressed.js';

/** Longest a page is served without a write clearing it (view counts and profile names lag by at most this). */
export const MAX_AGE_MS = 60_000;
/** Default bytes of HTML and its compressed variants kept by a node, all its workers together (held in Buffers outside the JS heap, ssr.renderer.ts `RenderedDocument`). */
export const MAX_BYTES = 48 * 1024 * 1024;

/**
 * The budget of a new page cache, in bytes: the node's budget, `QUORUM_PAGE_CACHE_MB` (megabytes, 0 turns the
 * cache off) or MAX_BYTES, shared out equally among the node's worker processes (`QUORUM_NODE_WORKERS`, which
 * cluster.ts gives each worker it forks; 1 for a single process). Every worker keeps the most read pages, so two
 * workers with half the budget each hold what one process with the whole budget holds, and the node's memory does
 * not grow with its worker count (docs/BENCHMARKS.md "Memory").
 * @throws Error when QUORUM_PAGE_CACHE_MB is set to anything but a whole number of megabytes
 */
export function pageCacheBudget(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.QUORUM_PAGE_CACHE_MB?.trim();
  if (raw && !/^\d{1,6}$/.test(raw)) throw new Error(`QUORUM_PAGE_CACHE_MB must be a whole number of megabytes (0 turns the page cache off), not "${raw}"`);
  const node = raw ? Number(raw) * 1024 * 1024 : MAX_BYTES;
  const workers = Number(env.QUORUM_NODE_WORKERS);
  return Number.isInteger(workers) && workers > 1 ? Math.floor(node / workers) : node;
}

/** A page of the cache: its document, weak ETag and, once compressed, its brotli and gzip variants. */
export class CachedPage {
  private tag?: string;
  /** The compressed variants (empty until the page has been compressed, ssr.compressed.ts). */
  variants: Variants = {};
  /** Set when compression of this page has started. */
  compressing = false;

  constructor(readonly doc: RenderedDocument) {}

  /** Weak ETag of the document (`W/"…"`, its HTML without the nonces), computed once. */
  get etag(): string {
    return (this.tag ??= documentEtag(this.doc));
  }
}

interface Entry {
  at: number;
  page: CachedPage;
  /** Bytes of the HTML and of the compressed variants. */
  size: number;
  /** Read since the eviction cursor last passed it. */
  read: boolean;
}

/** Lookups of every page cache of this process since start (benchmarks print the hit rate). */
const stats = { hits: 0, misses: 0 };

/** Hits and misses of `PageCache.get` in this process since start: a copy. */
export function pageStats(): { hits: number; misses: number } {
  return { ...stats };
}

/** The pages of one server (one per app: tests run several sites in one process). */
export class PageCache {
  private readonly pages = new Map<string, Entry>();
  private bytes = 0;
  private readonly eviction = new SecondChance(this.pages);
  private readonly unsubscribe: () => void;

  /** @param maxBytes the budget (pageCacheBudget); 0 keeps nothing */
  constructor(private readonly maxBytes = MAX_BYTES) {
    this.unsubscribe = registerCache('pages', { reads: [CONTENT, ...CONTENT_TABLES], windowMs: MAX_AGE_MS, what: 'anonymous server-rendered pages' }, () => {
      this.pages.clear();
      this.bytes = 0;
    });
  }

  /**
   * The cached page of `key`, or undefined (missing or older than MAX_AGE_MS). The first hit of a page starts its
   * compression (in the background: the variants are there for the hits after it).
   */
  get(key: string): CachedPage | undefined {
    const hit = this.pages.get(key);
    if (!hit || Date.now() - hit.at > MAX_AGE_MS) {
      if (hit) this.drop(key, hit);
      stats.misses++;
      return undefined;
    }
    // Marked, not moved to the back of the map: see core/secondchance.ts.
    hit.read = true;
    stats.hits++;
    if (!hit.page.compressing) {
      hit.page.compressing = true;
      void compressDocument(hit.page.doc).then((variants) => this.attach(key, hit, variants));
    }
    return hit.page;
  }

  /**
   * Stores the document of `key`, first dropping pages not read lately while it would not fit in the budget.
   * Returns the page (also when it is not kept: too large, or the cache is off).
   */
  set(key: string, doc: RenderedDocument): CachedPage {
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    const page = new CachedPage(doc);
    const size = doc.byteLength;
    if (size > this.maxBytes / 16) return page;
    while (this.pages.size && this.bytes + size > this.maxBytes) this.evictOne();
    this.pages.set(key, { at: Date.now(), page, size, read: false });
    this.bytes += size;
    return page;
  }

  /**
   * Keeps the compressed variants of an entry that is still the page of `key` (not replaced, dropped or cleared
   * by a write meanwhile), counting their bytes and dropping pages not read lately to stay within the budget.
   */
  private attach(key: string, entry: Entry, variants: Variants): void {
    if (this.pages.get(key) !== entry) return;
    const extra = (variants.br?.byteLength ?? 0) + (variants.gzip?.byteLength ?? 0);
    if (entry.size + extra > this.maxBytes / 16) return;
    entry.page.variants = variants;
    entry.size += extra;
    this.bytes += extra;
    while (this.pages.size && this.bytes > this.maxBytes) this.evictOne();
  }

  /** Drops the page the eviction picks (core/secondchance.ts). */
  private evictOne(): void {
    const key = this.eviction.victim();
    if (key !== undefined) this.drop(key, this.pages.get(key)!);
  }

  /** Pages and bytes held. */
  size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** Stops listening for content writes (the server closes). */
  close(): void {
    this.unsubscribe();
    this.pages.clear();
    this.bytes = 0;
  }

  private drop(key: string, entry: Entry): void {
    this.pages.delete(key);
    this.bytes -= entry.size;
  }
}
