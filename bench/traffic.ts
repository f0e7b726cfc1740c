/**
 * `npm run bench -- traffic`: throughput under traffic that looks like a real site's, each figure as a ratio to a
 * raw node:http server measured in the same run (at the start and at the end; ratios use their mean).
 *
 * On a site built from a generated Stack Exchange dump (BENCH_QUESTIONS questions, 2 answers each):
 *   - anonymous readers over every question with Zipf popularity (s = 1.1), answered from the page cache
 *     (modules/ssr/ssr.pagecache.ts) when it holds the page; the same with a cache-busting parameter on every
 *     request; and the same on a second server with the page cache off (QUORUM_PAGE_CACHE_MB=0): every page rendered;
 *   - the same question page again and again (micro-cached), for comparison;
 *   - logged-in question-page API calls (never cached), each request (a page's calls together) made as one of
 *     BENCH_READERS members at random: question/info, answer/page, all 9 calls in turn (a page, one question, at a
 *     time), and each of the 9 on its own;
 *   - question list pages: random page, order and tag filter;
 *   - search queries with the search benchmark's mix, over words of the site's own posts;
 *   - a 95/5 read/write mix (answers, comments, votes) with rate limits off;
 *   - `quorum run --workers 1` against `--workers 2` on the anonymous Zipf pages and the mix, with the whole node's
 *     peak memory under that load (RSS and PSS of the primary and its workers, sampled every 0.5 s).
 * Each row prints req/s, p50, p99, the slowest request, errors (non-2xx, socket errors and timeouts after 10 s) and the micro-cache's hit rate (lookups that
 * found a page or list, over all lookups; in-process rows only).
 *
 * Environment: BENCH_QUESTIONS (default 100000), BENCH_DURATION (s per row, default 8), BENCH_MIXED_SECONDS
 * (default 60), BENCH_CONNECTIONS (default 50), BENCH_READERS (logged-in readers, default 200; 0: the admin reads),
 * BENCH_DATA_DIR (build the site there and keep it; reused when already installed), BENCH_ONLY (comma-separated row
 * keys, e.g. `ssr,info`), BENCH_WORKERS (default `1,2`; empty skips), BENCH_DOCS=0 (do not record the run: every
 * run is added to the traffic runs of docs/benchmarks-history.md, and a run of every row, without BENCH_ONLY, also
 * replaces the latest traffic run in docs/BENCHMARKS.md), BENCH_PROFILE=<dir> (write a CPU profile of the server during each in-process row's load to
 * <dir>/<row key>.cpuprofile).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { microStats } from '../packages/server/src/core/microcache.js';
import { pageStats } from '../packages/server/src/modules/ssr/ssr.pagecache.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { createSession } from '../packages/server/src/modules/user/index.js';
import { generateDump } from './generate.js';
import { recordInHistory, replaceCurrent } from './docs.js';
import { freePort, get, machine, rng, sampleTreeMemory, searchQueries, startRawServer, treeCpuSeconds, waitUntilUp } from './lib.js';
import { questionPages } from './pages.js';
import { PAGE_CALLS, type Scenario, type ScenarioKind } from './traffic-load.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').filter(Boolean).map(Number);
const READERS = Number(process.env.BENCH_READERS ?? 200);
/**
 * Server settings to compare in the worker legs: BENCH_WORKER_ENV, variants separated by `;`, each a
 * comma-separated list of NAME=value for the server's environment (`-` = the server's defaults), e.g.
 * `-;MALLOC_ARENA_MAX=2;QUORUM_PAGE_CACHE_MB=24`. BENCH_SEMI=4,0 is short for `QUORUM_SEMI_SPACE_MB=4;QUORUM_SEMI_SPACE_MB=0`.
 * Each variant runs both legs once, interleaved, so their req/s and peak memory compare in one run.
 */
const VARIANTS: Record<string, string>[] = (
  process.env.BENCH_WORKER_ENV?.split(';') ??
  (process.env.BENCH_SEMI ?? '')
    .split(',')
    .filter(Boolean)
    .map((mb) => `QUORUM_SEMI_SPACE_MB=${mb}`)
)
  .map((v) => v.trim())
  .filter(Boolean)
  .map((v) => (v === '-' ? {} : Object.fromEntries(v.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1).trim()]))));
/** A variant's label in the results: its settings, or nothing for the defaults. */
const variantLabel = (env: Record<string, string>) => Object.entries(env).map(([k, v]) => `${k}=${v}`).join(', ');
const WORKER_LEGS = (['ssr', 'mixed'] as const).flatMap((key) => (VARIANTS.length ? VARIANTS : [{}]).map((env) => [key, key, DURATION, env] as const));
/** BENCH_PROFILE=<dir>: a CPU profile of this process (the server of in-process rows) during each row's load. */
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const ADMIN = { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' };

const t0 = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${msg}`);

interface Row {
  key: string;
  name: string;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request (ms): a request starved behind others shows here before it moves p99. */
  max: number;
  errors: number;
  /** Requests that got no answer within autocannon's 10 s (counted in `errors` too). */
  timeouts: number;
  /** Status codes other than 2xx and how often, e.g. `500x3`. */
  codes: string;
  /** Micro-cache hit rate in [0, 1]; null when not measured (separate processes). */
  hitRate: number | null;
}

type Fixture = Omit<Scenario, 'kind' | 'base' | 'connections' | 'seconds' | 'seed' | 'path'>;

/** Runs one scenario in the load-generator child and returns its figures. */
function load(kind: ScenarioKind, base: string, fixture: Fixture, seconds: number, seed: number, extra: Partial<Scenario> = {}): Promise<Omit<Row, 'key' | 'name' | 'hitRate'>> {
  const file = path.join(os.tmpdir(), `quorum-traffic-${process.pid}-${seed}.json`);
  writeFileSync(file, JSON.stringify({ ...fixture, kind, base, connections: CONNECTIONS, seconds, seed, ...extra } satisfies Scenario));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/traffic-load.ts'), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      rmSync(file, { force: true });
      try {
        const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number; max: number }; non2xx: number; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }> };
        const codes = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, v]) => `${code}x${v.count}`).join(' ');
        resolve({ seconds, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, errors: r.non2xx + r.errors, timeouts: r.timeouts, codes });
      } catch {
        reject(new Error(`load generator exited with ${code}: ${err.slice(-800)}`));
      }
    });
  });
}

/**
 * Starts the V8 CPU profiler on this process (node:inspector); the returned function stops it and writes the
 * profile (Chrome DevTools .cpuprofile JSON) to `file`, resolving with the file's path.
 */
async function startProfile(): Promise<(file: string) => Promise<string>> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return async (file) => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}

/** Lookups of the micro-cache (lists) and the page cache (server-rendered pages) together. */
function cacheStats(): { hits: number; misses: number } {
  const [m, p] = [microStats(), pageStats()];
  return { hits: m.hits + p.hits, misses: m.misses + p.misses };
}

/** Builds the site in `dataDir` unless it is installed already. */
async function ensureSite(dataDir: string): Promise<string> {
  if (existsSync(path.join(dataDir, 'conf', 'config.yaml'))) return `reused ${dataDir}`;
  const dumpDir = path.join(dataDir, '..', `dump-${process.pid}`);
  mkdirSync(dumpDir, { recursive: true });
  say(`Generating a Stack Exchange dump: ${QUESTIONS} questions, ${QUESTIONS * 2} answers, 5000 users, 500 tags ...`);
  const dump = generateDump(dumpDir, { questions: QUESTIONS, answersPerQuestion: 2, users: 5000, tags: 500 });
  const setup = await buildApp({ dataDir, rateLimit: false });
  try {
    await installSite(setup.quorum, { db: { type: 'sqlite3' }, lang: 'en_US', site_name: 'Bench', site_url: 'http://127.0.0.1', contact_email: ADMIN.email, admin: ADMIN });
    say('Importing ...');
    const summary = await importStackExchange(setup.quorum.database!, setup.quorum.ids!, dumpDir, { log: (msg) => say(`  ${msg}`) });
    say(`Imported ${dump.posts} posts in ${summary.seconds} s`);
    return `built: ${dump.posts} posts imported in ${summary.seconds} s`;
  } finally {
    await setup.close();
    rmSync(dumpDir, { recursive: true, force: true });
  }
}


/** Question ids (shuffled, so popularity does not follow age), tag names and a vocabulary from the site's posts. */
async function readFixture(app: Awaited<ReturnType<typeof buildApp>>): Promise<Omit<Fixture, 'token'>> {
  const db = app.quorum.database!.kysely;
  const pages = await questionPages(app);
  const r = rng(7);
  for (let i = pages.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [pages[i], pages[j]] = [pages[j]!, pages[i]!];
  }
  const tags = (await db.selectFrom('tags').select('slug_name').limit(500).execute()).map((t) => t.slug_name);
  const texts = await db.selectFrom('questions').select('original_text').limit(2000).execute();
  const freq = new Map<string, number>();
  for (const t of texts) for (const w of t.original_text.toLowerCase().match(/[a-z]{4,}/g) ?? []) freq.set(w, (freq.get(w) ?? 0) + 1);
  const words = [...freq.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3000).map(([w]) => w);
  // Open questions (pages lists status 1 only) the bench member has not answered: a reused site keeps the answers
  // of earlier runs.
  const admin = await db.selectFrom('users').select('id').where('e_mail', '=', ADMIN.email).executeTakeFirstOrThrow();
  const answered = new Set((await db.selectFrom('answers').select('question_id').where('user_id', '=', admin.id).execute()).map((a) => a.question_id));
  const answerTargets = pages.map((p) => p.id).filter((id) => !answered.has(id));
  return { questionIds: pages.map((p) => p.id), questionPaths: pages.map((p) => p.path), tags, queries: searchQueries(words), answerTargets };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/answer/api/v1/user/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ e_mail: ADMIN.email, pass: ADMIN.password }) });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`login failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.access_token;
}

/**
 * Sessions of READERS members (users of the dump, not staff), made directly (a login each would only time the
 * password hash): the logged-in readers of the logged-in rows. Without any (READERS=0), the admin reads.
 */
async function readerSessions(app: Awaited<ReturnType<typeof buildApp>>): Promise<string[]> {
  if (!READERS) return [];
  const db = app.quorum.database!.kysely;
  const members = await db.selectFrom('users').select('id').where('e_mail', '!=', ADMIN.email).where('status', '=', 1).orderBy('id').limit(READERS).execute();
  return Promise.all(members.map((m) => createSession(app.quorum, m.id)));
}

/**
 * Starts `quorum run --workers n` on `dataDir` with `extra` added to its environment; resolves with its base URL,
 * its pid and a stop function. */
async function startCluster(dataDir: string, workers: number, extra: Record<string, string> = {}): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/bin/quorum.js'), 'run', '--workers', String(workers)], {
    cwd: ROOT,
    env: { ...process.env, QUORUM_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', QUORUM_RATE_LIMIT: 'off', ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/readyz`, 60_000, child);
  // Every worker answers before measuring: a few dozen requests spread over the workers.
  for (let i = 0; i < 40; i++) await get(`${base}/answer/api/v1/siteinfo`);
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const keep = process.env.BENCH_DATA_DIR;
  const tmp = keep ? null : mkdtempSync(path.join(os.tmpdir(), 'quorum-traffic-'));
  const dataDir = keep ? path.resolve(keep) : path.join(tmp!, 'data');
  const rows: Row[] = [];
  const rawRuns: number[] = [];
  let siteNote: string;
  try {
    siteNote = await ensureSite(dataDir);
    spawnSync('npm', ['run', 'build', '-w', '@quorum/server'], { cwd: ROOT, stdio: 'inherit', timeout: 120_000 });
    if (!existsSync(path.join(ROOT, 'packages/web/dist/server/entry-server.js'))) throw new Error('the web build is missing: run `npm run build` first');

    const raw = await startRawServer();
    const rawLoad = async () => {
      await load('fixed', raw.url.replace(/\/$/, ''), { questionIds: ['0'], questionPaths: ['/'], tags: [], queries: [], answerTargets: [] }, 2, 1, { path: '/' });
      const r = await load('fixed', raw.url.replace(/\/$/, ''), { questionIds: ['0'], questionPaths: ['/'], tags: [], queries: [], answerTargets: [] }, DURATION, 1, { path: '/' });
      say(`raw node:http: ${r.rps} req/s`);
      rawRuns.push(r.rps);
      return r;
    };
    rows.push({ key: 'raw', name: 'raw node:http JSON (start)', hitRate: null, ...(await rawLoad()) });

    const app = await buildApp({ dataDir, rateLimit: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const fixture: Fixture = { ...(await readFixture(app)), token: await login(appBase), readerTokens: await readerSessions(app) };
    say(`${fixture.questionIds.length} questions, ${fixture.tags.length} tags, ${fixture.queries.length} search queries`);
    // What the site holds now: a reused site keeps the answers and comments of earlier runs' write mixes, which
    // make popular questions heavier (comment/batch, answer/page).
    const k = app.quorum.database!.kysely;
    const count = async (table: 'questions' | 'answers' | 'comments') => Number((await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    siteNote = `${await count('questions')} questions, ${await count('answers')} answers, ${await count('comments')} comments; ${siteNote}; logged-in reads as ${READERS ? `${fixture.readerTokens!.length} members at random` : 'the admin'}`;
    const first = fixture.questionPaths[0]!;
    const measure = async (key: string, name: string, kind: ScenarioKind, seconds = DURATION, extra: Partial<Scenario> = {}, base = appBase) => {
      if (ONLY && !ONLY.has(key)) return;
      // The warm-up answers questions of its own (writeOffset): answering one question twice is refused (403).
      await load(kind, base, fixture, Math.min(3, seconds), 1000 + rows.length, { writeOffset: 3_000 + 200 * rows.length, ...extra });
      say(`${name}: ${seconds} s, ${CONNECTIONS} connections ...`);
      const before = cacheStats();
      // How long the server's event loop was held (the server runs in this process): a tail in p99 with a long
      // longest delay is one task holding the loop, not queueing.
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const stopProfile = PROFILE_DIR ? await startProfile() : null;
      const r = await load(kind, base, fixture, seconds, 2000 + rows.length, extra);
      if (stopProfile) say(`  CPU profile: ${await stopProfile(path.join(PROFILE_DIR!, `${key}.cpuprofile`))}`);
      loop.disable();
      const after = cacheStats();
      const lookups = after.hits + after.misses - before.hits - before.misses;
      const row: Row = { key, name, hitRate: lookups ? (after.hits - before.hits) / lookups : null, ...r };
      say(`  ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, ${row.errors} errors (${row.timeouts} timeouts${row.codes ? `, ${row.codes}` : ''}), hit rate ${row.hitRate === null ? '-' : pct(row.hitRate)}; event loop held p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(1)} ms`);
      rows.push(row);
    };
    await measure('ssr-repeat', 'GET /questions/<id>, one question again and again (micro-cached)', 'fixed', DURATION, { path: first });
    await measure('ssr', 'GET /questions/<id>, anonymous, Zipf over all questions', 'ssr');
    // A parameter of its own on every request (a cache-buster): the page cache answers it like the plain address.
    await measure('ssr-bust', 'GET /questions/<id>?<a parameter of its own>, anonymous, Zipf (page cache)', 'ssr-miss');
    if (!ONLY || ONLY.has('ssr-miss')) {
      // Every page rendered: a second server on the same site with the page cache off (QUORUM_PAGE_CACHE_MB=0),
      // only for this row.
      process.env.QUORUM_PAGE_CACHE_MB = '0';
      const uncached = await buildApp({ dataDir, rateLimit: false });
      delete process.env.QUORUM_PAGE_CACHE_MB;
      await uncached.listen({ port: 0, host: '127.0.0.1' });
      try {
        await measure('ssr-miss', 'GET /questions/<id>, anonymous, Zipf, every request rendered (page cache off)', 'ssr', DURATION, {}, `http://127.0.0.1:${(uncached.server.address() as { port: number }).port}`);
      } finally {
        await uncached.close();
      }
    }
    await measure('info', 'GET /question/info, logged in, Zipf', 'info');
    await measure('answers', 'GET /answer/page, logged in, Zipf', 'answers');
    await measure('page-calls', "the question page's 9 logged-in API calls in turn, one question a page", 'page-calls');
    // Each of the 9 on its own (the target is per call); `BENCH_ONLY=calls` selects all of them.
    for (const [i, name] of PAGE_CALLS.entries()) {
      if (ONLY?.has('calls')) ONLY.add(`call-${i}`);
      await measure(`call-${i}`, `GET /${name}, logged in, Zipf (question page call ${i + 1} of 9)`, 'page-call', DURATION, { call: i });
    }
    await measure('list', 'GET /question/page, random page, order and tag', 'list');
    await measure('search', 'GET /search, search bench query mix', 'search');
    await measure('mixed', '95% reads / 5% writes (answers, comments, votes), rate limits off', 'mixed', MIXED_SECONDS);
    // Each later mix answers questions after those the earlier ones could have answered (one request in 60).
    let writeOffset = 5_000;
    await app.close();

    for (const n of WORKERS) {
      for (const [key, kind, seconds, extra] of WORKER_LEGS) {
        if (ONLY && !ONLY.has(`workers-${key}`) && !ONLY.has('workers')) continue;
        const cluster = await startCluster(dataDir, n, extra);
        const label = variantLabel(extra);
        try {
          const name = `quorum run --workers ${n}${label ? ` (${label})` : ''}: ${kind === 'ssr' ? 'anonymous Zipf question pages' : '95/5 mix'}`;
          await load(kind, cluster.base, fixture, 3, 3000 + rows.length, { writeOffset });
          writeOffset += 1_000;
          say(`${name}: ${seconds} s ...`);
          const memory = sampleTreeMemory(cluster.pid);
          const cpuBefore = treeCpuSeconds(cluster.pid);
          const r = await load(kind, cluster.base, fixture, seconds, 4000 + rows.length, { writeOffset });
          const cpuMs = ((treeCpuSeconds(cluster.pid) - cpuBefore) * 1000) / Math.max(1, r.rps * seconds);
          const peak = memory.stop();
          writeOffset += 2_000;
          say(`  ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, ${r.errors} errors (${r.timeouts} timeouts${r.codes ? `, ${r.codes}` : ''}); whole node peak RSS ${peak.rss} MB, PSS ${peak.pss} MB, CPU ${cpuMs.toFixed(2)} ms per request`);
          rows.push({ key: `workers-${n}-${key}${label ? ` ${label}` : ''}`, name: `${name} (whole node at most RSS ${peak.rss} MB, PSS ${peak.pss} MB; CPU ${cpuMs.toFixed(2)} ms per request)`, hitRate: null, ...r });
        } finally {
          await cluster.stop();
        }
      }
    }
    rows.push({ key: 'raw-end', name: 'raw node:http JSON (end)', hitRate: null, ...(await rawLoad()) });
    await raw.close();
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }

  const report = renderReport(m, rows, rawRuns, siteNote);
  console.log(`\n${report}`);
  if (process.env.BENCH_DOCS !== '0') {
    recordRun(report);
  }
}

function pct(x: number, digits = 1): string {
  return `${(x * 100).toFixed(digits)}%`;
}

function renderReport(m: ReturnType<typeof machine>, rows: Row[], rawRuns: number[], siteNote: string): string {
  const raw = rawRuns.reduce((a, b) => a + b, 0) / Math.max(rawRuns.length, 1);
  const ratio = (r: Row | undefined) => (r && raw ? r.rps / raw : 0);
  const row = (key: string) => rows.find((r) => r.key === key);
  const checks: Array<[string, string, string, boolean | null]> = [];
  const ssr = row('ssr-miss');
  if (ssr) checks.push(['Uncached SSR question page (every request rendered)', `${pct(ratio(ssr), 2)}, p99 ${ssr.p99} ms`, '>= 1% of raw, p99 <= 100 ms', ratio(ssr) >= 0.01 && ssr.p99 <= 100 && ssr.errors === 0]);
  const zipf = row('ssr');
  if (zipf) checks.push(['SSR question page, Zipf readers (page cache)', `${pct(ratio(zipf), 2)}, p99 ${zipf.p99} ms, ${zipf.hitRate === null ? '-' : pct(zipf.hitRate)} hits`, '>= 1% of raw, p99 <= 100 ms', ratio(zipf) >= 0.01 && zipf.p99 <= 100 && zipf.errors === 0]);
  for (const key of ['info', 'answers', 'page-calls']) {
    const r = row(key);
    if (r) checks.push([`Logged-in ${r.name.replace(/^GET /, '')}`, pct(ratio(r)), '>= 15% of raw', ratio(r) >= 0.15 && r.errors === 0]);
  }
  const mixed = row('mixed');
  if (mixed) checks.push([`Mixed load, ${mixed.seconds} s`, `${mixed.errors} errors`, `0 errors${mixed.seconds < 60 ? ' for 60 s (run shorter)' : ' for 60 s'}`, mixed.errors === 0 && mixed.seconds >= 60 ? true : mixed.errors === 0 ? null : false]);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `### Traffic ${date} UTC`,
    '',
    `Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}. Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}. ` +
      `Site: ${siteNote}; ${CONNECTIONS} connections, ${DURATION} s per row. ` +
      `Raw node:http: ${rawRuns.join(' and ')} req/s (start and end; ratios use the mean).`,
    '',
    '| load | req/s | p50 ms | p99 ms | max ms | errors (timeouts, codes) | micro-cache hits | vs raw |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors}${r.errors ? ` (${r.timeouts}${r.codes ? `, ${r.codes}` : ''})` : ''} | ${r.hitRate === null ? '-' : pct(r.hitRate)} | ${pct(ratio(r), 2)} |`),
    '',
    '| target | measured | wanted | result |',
    '|---|---|---|---|',
    ...checks.map(([name, value, target, pass]) => `| ${name} | ${value} | ${target} | ${pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL'} |`),
  ].join('\n');
}

const MARKER = '<!-- traffic runs: newest first; appended by bench/traffic.ts -->';
const LATEST_START = '<!-- latest traffic run: replaced by bench/traffic.ts -->';
const LATEST_END = '<!-- end of latest traffic run -->';

/**
 * Adds the run at the top of the traffic runs of docs/benchmarks-history.md; a run of every row (no BENCH_ONLY)
 * also becomes the latest traffic run in docs/BENCHMARKS.md ("Real traffic").
 */
function recordRun(report: string): void {
  recordInHistory(MARKER, 'Traffic runs', report);
  console.log('Recorded in docs/benchmarks-history.md ("Traffic runs")');
  if (ONLY) console.log('BENCH_ONLY is set: the latest traffic run in docs/BENCHMARKS.md is left as it is');
  else if (replaceCurrent(LATEST_START, LATEST_END, report)) console.log('Latest traffic run replaced in docs/BENCHMARKS.md ("Real traffic")');
  else console.log(`docs/BENCHMARKS.md has no "${LATEST_START}" ... "${LATEST_END}" block: left as it is`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
