/**
 * The coherence registry (core/coherence.ts): invalidations clear what reads them and move generations, relayed
 * payloads are applied once, and every cache the source constructs is registered (the enumeration: a cache added
 * without registering fails here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL, ORIGIN, addRelay, applyRelayed, externalGeneration, invalidate, noteWrite, publish, registerCache, registeredCaches, writeMark } from './coherence.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files whose Maps with times are not caches of what readers see, and why (anything else constructing one must
 * register with the registry).
 */
const NOT_CACHES: Record<string, string> = {
  'modules/backup/backup.hold.ts': 'a restore in progress, not a value read',
  'modules/captcha/captcha.service.ts': 'generators per app',
  'modules/mail/mailer.ts': 'SMTP transports per configuration key',
  'modules/mail/outbox.ts': 'the mail worker per app',
  'modules/question/question.views.ts': 'view counts to write (a counter, flushed every 5 s)',
  'modules/review/queue.ts': 'posting rate per member (a counter)',
  'modules/search/search.repository.ts': "PostgreSQL planner statistics of search_docs: results never depend on them",
  'modules/user/throttle.ts': 'failed-login and limit counters',
  'modules/webhook/webhook.delivery.ts': 'the delivery worker per app',
  'modules/live/live.hub.ts': 'open event streams',
  'modules/connector/provider.testkit.ts': 'a test OAuth provider',
  'core/coherence.ts': 'the registry itself',
  'core/counters.ts': 'rate-limit and throttle counters (exact across processes on their own)',
  'modules/digest/period.ts': 'date formatters per time zone',
  'modules/import/import.plan.ts': 'id maps of one import run',
  'modules/file/file.branding.ts': 'whether branding files exist in upload storage (not database state; rechecked)',
};

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** What the source constructs: cache names it registers, ContentCache names, and files with timed Maps. */
function scan(): { names: Set<string>; unregisteredFiles: string[] } {
  const names = new Set<string>();
  const unregisteredFiles: string[] = [];
  for (const file of sources(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new ContentCache<[^(]*>\(\s*'([^']+)'/g)) names.add(m[1]!);
    for (const m of text.matchAll(/registerCache\(\s*'([^']+)'/g)) names.add(m[1]!);
    const timedMap = /new (?:Weak)?Map\b/.test(text) && /Date\.now\(\)\s*-|\bat: number\b|_TTL_MS|CACHE_MS|MAX_AGE_MS/.test(text);
    const constructsCache = /new ContentCache\b|new PageCache\b|registerCache\(/.test(text) || /microSet\(/.test(text);
    if (timedMap && !constructsCache && !(rel in NOT_CACHES)) unregisteredFiles.push(rel);
  }
  return { names, unregisteredFiles };
}

describe('coherence registry', () => {
  it('clears the caches that read an invalidated name, and only those', () => {
    let a = 0;
    let b = 0;
    const offA = registerCache('test-reads-x', { reads: ['x_table'], windowMs: 1, what: 'test' }, () => a++);
    const offB = registerCache('test-reads-y', { reads: ['y_topic'], windowMs: 1, what: 'test' }, () => b++);
    invalidate(['x_table']);
    expect([a, b]).toEqual([1, 0]);
    noteWrite('y_topic');
    expect([a, b]).toEqual([1, 1]);
    invalidate([ALL]);
    expect([a, b]).toEqual([2, 2]);
    offA();
    offB();
    invalidate(['x_table', 'y_topic']);
    expect([a, b]).toEqual([2, 2]);
  });

  it('applies a relayed invalidation once: generations move, own payloads are ignored', () => {
    let cleared = 0;
    const off = registerCache('test-relayed', { reads: ['z_table'], windowMs: 1, what: 'test' }, () => cleared++);
    const before = externalGeneration('z_table');
    expect(applyRelayed(JSON.stringify({ o: 'another-process', n: ['z_table'] }))).toBe(true);
    expect(externalGeneration('z_table')).toBe(before + 1);
    expect(cleared).toBe(1);
    expect(applyRelayed(JSON.stringify({ o: ORIGIN, n: ['z_table'] }))).toBe(false);
    expect(cleared).toBe(1);
    // An unreadable payload (an older node) clears everything.
    applyRelayed('not json');
    expect(cleared).toBe(2);
    off();
  });

  it('publishes the tables written since a mark through every relay, and waits for them', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const off = addRelay({ send: (p) => ((sent.push(p), new Promise<void>((r) => (release = r)))) });
    const mark = writeMark();
    noteWrite('w_table');
    let done = false;
    const p = publish(mark).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    release();
    await p;
    expect(done).toBe(true);
    expect(sent.map((s) => (JSON.parse(s) as { n: string[] }).n)).toEqual([['w_table']]);
    off();
  });

  it('holds every cache the source constructs (scan of packages/server/src against the registry)', async () => {
    const { names, unregisteredFiles } = scan();
    expect(unregisteredFiles, 'files keeping timed Maps without registering a cache (core/coherence.ts registerCache)').toEqual([]);
    // Load every module (the app) and make a page cache, as a server does.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quorum-coherence-'));
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ dataDir, rateLimit: false });
    await app.ready();
    try {
      const registered = new Set(registeredCaches().map((c) => c.name));
      const missing = [...names].filter((n) => !n.startsWith('test-') && !registered.has(n));
      expect(missing, 'caches named in the source but not registered once the app is built').toEqual([]);
      for (const expected of ['micro', 'pages', 'session-users', 'settings', 'question-info-parts', 'question-rows', 'question-counts', 'answer-pages', 'comment-batches', 'related-questions', 'dashboard', 'privilege-thresholds', 'sitemap']) {
        expect(registered.has(expected), expected).toBe(true);
      }
      for (const c of registeredCaches()) {
        expect(c.reads.length, `${c.name} names what invalidates it`).toBeGreaterThan(0);
        expect(c.windowMs, `${c.name} states a window`).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
