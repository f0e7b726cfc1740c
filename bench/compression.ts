/**
 * `npm run bench -- compression`: what on-the-fly compression (core/compression.ts) costs the server. On a site
 * imported from a generated Stack Exchange dump (SQLite, in a temporary directory), measures in one run, each with
 * and without `Accept-Encoding: br, gzip` (the rounds alternate, so load drift hits both alike):
 *   - a rendered question page (the page cache off: QUORUM_PAGE_CACHE_MB=0, every request renders),
 *   - a cached question page (the page cache on, every request a hit),
 *   - the question list API (GET /question/page, 20 newest),
 * plus the bytes of each response with identity, gzip and brotli, and of the entry script and stylesheet under
 * /assets/ (precompressed at build time), and what a revalidation with the ETag (If-None-Match, core/etag.ts) answers. Prints a table and fails when compression costs more than 10% of either
 * page figure.
 *
 * Environment: BENCH_QUESTIONS (default 2000; 5 answers each), BENCH_DURATION (seconds per load test, default 8),
 * BENCH_CONNECTIONS (default 20), BENCH_ROUNDS (default 2). Needs the web build (`npm run build`). Traffic goes to
 * 127.0.0.1 only; the temporary directory is removed at the end, also on failure.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../packages/server/src/core/compression.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { generateDump } from './generate.js';
import { loadTest, machine, type LoadResult } from './lib.js';
import { questionPages } from './pages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ACCEPT = 'br, gzip';
/** Largest share of a page figure compression may cost. */
const MAX_COST = 0.1;

const t0 = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

type Load = LoadResult;

/** Runs autocannon in a child process against `url`, with `accept-encoding` when given (lib.ts loadTest). */
function load(url: string, seconds: number, acceptEncoding?: string): Promise<Load> {
  return loadTest(url, url, seconds, CONNECTIONS, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
}

/**
 * GET `url` with `accept-encoding` (when given) and `more` headers; the status, content-encoding, ETag and bytes on
 * the wire (not decoded).
 */
function wire(url: string, acceptEncoding?: string, more: Record<string, string> = {}): Promise<{ status: number; encoding: string; etag: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...more } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding'] ?? 'identity'), etag: String(res.headers.etag ?? ''), bytes }));
      })
      .on('error', reject);
  });
}

/** Builds the app on `dataDir` with the page cache on or off, listening on a free port of 127.0.0.1. */
async function serve(dataDir: string, pageCache: boolean): Promise<{ app: FastifyInstance; base: string }> {
  const before = process.env.QUORUM_PAGE_CACHE_MB;
  if (pageCache) delete process.env.QUORUM_PAGE_CACHE_MB;
  else process.env.QUORUM_PAGE_CACHE_MB = '0';
  try {
    const app = await buildApp({ dataDir, rateLimit: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  } finally {
    if (before === undefined) delete process.env.QUORUM_PAGE_CACHE_MB;
    else process.env.QUORUM_PAGE_CACHE_MB = before;
  }
}

interface Row {
  name: string;
  identity: Load[];
  compressed: Load[];
  bytes: { identity: number; gzip: number; br: number };
}

/** Mean req/s of a series. */
const mean = (xs: Load[]) => xs.reduce((s, x) => s + x.rps, 0) / Math.max(1, xs.length);

/** Measures `url` ROUNDS times each way, alternating; `name` labels the row. */
async function measure(name: string, url: string): Promise<Row> {
  const identity = await wire(url);
  const gzip = await wire(url, 'gzip');
  const br = await wire(url, ACCEPT);
  if (identity.status !== 200 || br.status !== 200) throw new Error(`${url} answered ${identity.status} / ${br.status}`);
  if (br.encoding !== 'br' || gzip.encoding !== 'gzip') say(`  warning: ${name} came back as ${br.encoding} / ${gzip.encoding}`);
  const row: Row = { name, identity: [], compressed: [], bytes: { identity: identity.bytes, gzip: gzip.bytes, br: br.bytes } };
  await load(url, 2);
  await load(url, 2, ACCEPT);
  for (let i = 0; i < ROUNDS; i++) {
    for (const enc of i % 2 === 0 ? [undefined, ACCEPT] : [ACCEPT, undefined]) {
      const r = await load(url, DURATION, enc);
      if (r.non2xx || r.errors) say(`  warning: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
      (enc ? row.compressed : row.identity).push(r);
      say(`  ${name}, ${enc ? 'br' : 'identity'}: ${Math.round(r.rps)} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms)`);
    }
  }
  return row;
}

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}`);
  if (!existsSync(path.join(ROOT, 'packages/web/dist/server/entry-server.js'))) throw new Error('the web build is missing: run `npm run build` first');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-compression-'));
  const rows: Row[] = [];
  const assets: Array<{ file: string; identity: number; gzip: number; br: number }> = [];
  const revalidations: Array<{ name: string; status: number; bytes: number }> = [];
  try {
    const dataDir = path.join(tmp, 'data');
    const dumpDir = path.join(tmp, 'bench.stackexchange.com');
    mkdirSync(dumpDir, { recursive: true });
    say(`Generating and importing ${QUESTIONS} questions with 5 answers each ...`);
    generateDump(dumpDir, { questions: QUESTIONS, answersPerQuestion: 5, users: 500, tags: 100 });
    const setup = await buildApp({ dataDir, rateLimit: false });
    await installSite(setup.quorum, {
      db: { type: 'sqlite3' },
      lang: 'en_US',
      site_name: 'Bench',
      site_url: 'http://127.0.0.1',
      contact_email: 'bench@example.com',
      admin: { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' },
    });
    await importStackExchange(setup.quorum.database!, setup.quorum.ids!, dumpDir, {});
    const [page] = await questionPages(setup, 1);
    await setup.close();
    rmSync(dumpDir, { recursive: true, force: true });
    if (!page) throw new Error('no question was imported');

    say(`Rendered page (page cache off): ${page.path}`);
    const rendered = await serve(dataDir, false);
    rows.push(await measure('question page, rendered', `${rendered.base}${page.path}`));
    await rendered.app.close();

    say('Cached page and list API (page cache on)');
    const cached = await serve(dataDir, true);
    rows.push(await measure('question page, cached', `${cached.base}${page.path}`));
    rows.push(await measure('GET /question/page (20, newest)', `${cached.base}/answer/api/v1/question/page?page=1&page_size=20&order=newest`));
    for (const [name, url] of [['question page', `${cached.base}${page.path}`], ['GET /question/page', `${cached.base}/answer/api/v1/question/page?page=1&page_size=20&order=newest`]] as const) {
      const { etag } = await wire(url, ACCEPT);
      const again = await wire(url, ACCEPT, { 'if-none-match': etag });
      revalidations.push({ name, status: again.status, bytes: again.bytes });
    }
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages/web/dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; css?: string[] }>;
    const entry = Object.values(manifest).find((e) => e.isEntry);
    const html = (await new Promise<string>((resolve, reject) => {
      http.get(`${cached.base}${page.path}`, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    }));
    const stylesheets = Array.from(html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+)"/g), (x) => x[1]!);
    for (const file of [...(entry ? [`/${entry.file}`] : []), ...stylesheets]) {
      const url = `${cached.base}${file}`;
      assets.push({ file, identity: (await wire(url)).bytes, gzip: (await wire(url, 'gzip')).bytes, br: (await wire(url, ACCEPT)).bytes });
    }
    await cached.app.close();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `### Compression, ${date} UTC`,
    '',
    `Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}. Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}. ` +
      `${QUESTIONS} questions with 5 answers each; ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION} s each way, alternating. On the fly: brotli quality ${BROTLI_QUALITY}, gzip level ${GZIP_LEVEL}.`,
    '',
    '| endpoint | identity req/s | br req/s | cost | identity | gzip | br |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const a = mean(r.identity);
      const b = mean(r.compressed);
      return `| ${r.name} | ${Math.round(a)} | ${Math.round(b)} | ${(((a - b) / a) * 100).toFixed(1)}% | ${kb(r.bytes.identity)} | ${kb(r.bytes.gzip)} | ${kb(r.bytes.br)} |`;
    }),
    ...assets.map((x) => `| ${x.file} (precompressed) | | | | ${kb(x.identity)} | ${kb(x.gzip)} | ${kb(x.br)} |`),
    '',
    `Revalidation with the ETag (If-None-Match): ${revalidations.map((r) => `${r.name} ${r.status}, ${r.bytes} bytes of body`).join('; ')}.`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  const over = rows.filter((r) => r.name.startsWith('question page') && (mean(r.identity) - mean(r.compressed)) / mean(r.identity) > MAX_COST);
  for (const r of over) console.error(`FAIL: compression costs ${r.name} more than ${MAX_COST * 100}% of its req/s`);
  if (over.length) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
