/**
 * `npm run bench`: builds a 100k-question site on SQLite by importing a generated Stack Exchange dump, measures
 * import speed, HTTP throughput (raw node:http baseline, question list API, server-rendered question page) and
 * the idle memory of `quorum run`, prints a PASS/FAIL table, adds the run to the runs of docs/benchmarks-history.md
 * and puts it in place of the latest run in docs/BENCHMARKS.md ("Main run").
 *
 * Environment: BENCH_QUESTIONS (default 100000; 2 answers each), BENCH_DURATION (seconds per load test,
 * default 10), BENCH_CONNECTIONS (default 50), BENCH_DOCS=0 to leave both files alone.
 * Traffic goes to 127.0.0.1 only. Temporary directories are removed at the end, also on failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { generateDump } from './generate.js';
import { recordInHistory, replaceCurrent } from './docs.js';
import { freePort, get, loadTest, machine, rssMb, sleep, startRawServer, waitUntilUp, type LoadResult } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Math.max(1, Math.min(3, Math.round(DURATION / 3)));

interface Check {
  name: string;
  value: string;
  target: string;
  pass: boolean | null;
}

const t0 = Date.now();
const say = (msg: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${msg}`);

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-'));
  const checks: Check[] = [];
  const loads: LoadResult[] = [];
  let importLine: string;
  let ssrNote = '';
  try {
    // 1. Site + data --------------------------------------------------------------------------------------
    const dataDir = path.join(tmp, 'data');
    const dumpDir = path.join(tmp, 'bench.stackexchange.com');
    mkdirSync(dumpDir, { recursive: true });
    say(`Generating a Stack Exchange dump: ${QUESTIONS} questions, ${QUESTIONS * 2} answers, 5000 users, 500 tags ...`);
    const dump = generateDump(dumpDir, { questions: QUESTIONS, answersPerQuestion: 2, users: 5000, tags: 500 });
    say(`Posts.xml: ${dump.posts} posts, ${(dump.bytes / 2 ** 20).toFixed(0)} MB`);

    const setup = await buildApp({ dataDir, rateLimit: false });
    await installSite(setup.quorum, {
      db: { type: 'sqlite3' },
      lang: 'en_US',
      site_name: 'Bench',
      site_url: 'http://127.0.0.1',
      contact_email: 'bench@example.com',
      admin: { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' },
    });
    say('Importing ...');
    let lastReport = Date.now();
    const summary = await importStackExchange(setup.quorum.database!, setup.quorum.ids!, dumpDir, {
      log: (msg) => say(`  ${msg}`),
      onProgress: (done, total) => {
        if (Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          say(`  ${done}/${total} rows`);
        }
      },
    });
    await setup.close();
    const postsPerSecond = Math.round(dump.posts / summary.seconds);
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    importLine = `${summary.questions} questions, ${summary.answers} answers, ${summary.users} users, ${summary.tags} tags in ${summary.seconds} s (peak RSS of the importing process ${peakMb} MB)`;
    say(`Imported ${importLine}: ${postsPerSecond} posts/s`);
    checks.push({ name: 'Import speed (SQLite)', value: `${postsPerSecond} posts/s`, target: '>= 5000 posts/s', pass: postsPerSecond >= 5000 });
    rmSync(dumpDir, { recursive: true, force: true });

    // 2. HTTP throughput -------------------------------------------------------------------------------------
    const ssrBuilt = await ensureWebBuild();
    const run = async (name: string, url: string) => {
      await loadTest(name, url, WARMUP, CONNECTIONS);
      say(`${name}: ${DURATION} s, ${CONNECTIONS} connections ...`);
      const r = await loadTest(name, url, DURATION, CONNECTIONS);
      if (r.non2xx || r.errors) say(`  warning: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
      loads.push(r);
      return r;
    };
    const raw = await startRawServer();
    const rawResult = await run('raw node:http JSON', raw.url);
    await raw.close();

    const app = await buildApp({ dataDir, rateLimit: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const listUrl = `${base}/answer/api/v1/question/page?page=1&page_size=20&order=newest`;
    const list = JSON.parse((await get(listUrl)).body) as { data: { count: number; list: Array<{ id: string; title: string; url_title: string }> } };
    const first = list.data.list[0];
    if (!first) throw new Error(`the question list is empty: ${JSON.stringify(list).slice(0, 300)}`);
    const listResult = await run('GET /question/page (20, newest)', listUrl);
    checks.push(ratioCheck('Question list API vs raw', listResult, rawResult, 0.15));

    // The canonical address (permalink style 1): the bare /questions/<id> answers 301 to it.
    const pageUrl = `${base}/questions/${first.id}/${first.url_title}`;
    if (ssrBuilt) {
      const page = await get(pageUrl);
      if (page.status !== 200 || !page.body.includes(escapeHtml(first.title))) throw new Error(`SSR page ${pageUrl} answered ${page.status} without the title`);
      const ssrResult = await run('GET /questions/<id> (SSR)', pageUrl);
      checks.push(ratioCheck('SSR question page vs raw', ssrResult, rawResult, 0.05));
    } else {
      ssrNote = 'SSR skipped: the web build is missing and could not be built.';
      say(ssrNote);
      checks.push({ name: 'SSR question page vs raw', value: 'skipped', target: '>= 5% of raw', pass: null });
    }
    await app.close();

    // 3. Idle RSS of `quorum run` ----------------------------------------------------------------------------
    const port = await freePort();
    say(`Starting quorum run on 127.0.0.1:${port} for the idle memory check ...`);
    const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/bin/quorum.js'), 'run'], {
      cwd: ROOT,
      env: { ...process.env, QUORUM_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      const cbase = `http://127.0.0.1:${port}`;
      await waitUntilUp(`${cbase}/answer/api/v1/siteinfo`, 60_000, child);
      for (let i = 0; i < 5; i++) {
        await get(`${cbase}/answer/api/v1/question/page?page=${i + 1}&page_size=20&order=newest`);
        if (ssrBuilt) await get(`${cbase}/questions/${first.id}/${first.url_title}`);
        await get(`${cbase}/answer/api/v1/siteinfo`);
      }
      await sleep(3000);
      const rss = rssMb(child.pid!);
      say(`Idle RSS: ${rss} MB`);
      checks.push({ name: 'Idle RSS of quorum run', value: `${rss} MB`, target: '<= 200 MB', pass: rss <= 200 });
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  // 4. Report ------------------------------------------------------------------------------------------------
  const report = renderReport(m, checks, loads, importLine, ssrNote);
  console.log(`\n${report}`);
  if (process.env.BENCH_DOCS !== '0') {
    recordRun(report);
  }
  say('Done.');
}

function ratioCheck(name: string, r: LoadResult, raw: LoadResult, min: number): Check {
  const ratio = raw.rps > 0 ? r.rps / raw.rps : 0;
  return { name, value: `${(ratio * 100).toFixed(1)}% (${r.rps} req/s)`, target: `>= ${min * 100}% of raw`, pass: ratio >= min && r.non2xx === 0 };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * True when the SSR bundle exists, building it once when it does not. The server bundle (what `quorum run`
 * executes in production) is always rebuilt: it takes under a second and keeps the memory figure honest.
 */
async function ensureWebBuild(): Promise<boolean> {
  spawnSync('npm', ['run', 'build', '-w', '@quorum/server'], { cwd: ROOT, stdio: 'inherit', timeout: 60_000 });
  const entry = path.join(ROOT, 'packages/web/dist/server/entry-server.js');
  if (existsSync(entry)) return true;
  say('The web build is missing: npm run build -w @quorum/web ...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@quorum/web'], { cwd: ROOT, stdio: 'inherit', timeout: 180_000 });
  return r.status === 0 && existsSync(entry);
}

function renderReport(m: ReturnType<typeof machine>, checks: Check[], loads: LoadResult[], importLine: string, ssrNote: string): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const raw = loads[0]?.rps ?? 0;
  const lines = [
    `### ${date} UTC`,
    '',
    `Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}, ${m.platform}. ` +
      `Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (other processes on the machine skew every figure). ` +
      `Data: ${QUESTIONS} questions with 2 answers each; load: ${CONNECTIONS} connections, ${DURATION} s per endpoint.`,
    '',
    `Import: ${importLine}.`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | vs raw |',
    '|---|---:|---:|---:|---:|',
    ...loads.map((l) => `| ${l.name} | ${l.rps} | ${l.p50} | ${l.p99} | ${raw ? ((l.rps / raw) * 100).toFixed(1) : '-'}% |`),
    '',
    '| check | measured | target | result |',
    '|---|---|---|---|',
    ...checks.map((c) => `| ${c.name} | ${c.value} | ${c.target} | ${c.pass === null ? 'SKIPPED' : c.pass ? 'PASS' : 'FAIL'} |`),
  ];
  if (ssrNote) lines.push('', ssrNote);
  return lines.join('\n');
}

const MARKER = '<!-- runs: newest first; appended by bench/run.ts -->';
const LATEST_START = '<!-- latest run: replaced by bench/run.ts -->';
const LATEST_END = '<!-- end of latest run -->';

/** Adds the run at the top of the runs of docs/benchmarks-history.md and makes it the latest run in docs/BENCHMARKS.md. */
function recordRun(report: string): void {
  recordInHistory(MARKER, 'Runs', report);
  console.log('Recorded in docs/benchmarks-history.md ("Runs")');
  if (replaceCurrent(LATEST_START, LATEST_END, report)) console.log('Latest run replaced in docs/BENCHMARKS.md ("Main run")');
  else console.log(`docs/BENCHMARKS.md has no "${LATEST_START}" ... "${LATEST_END}" block: left as it is`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
