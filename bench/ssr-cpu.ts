/**
 * CPU time per uncached server-rendered question page: serves BENCH_PAGES distinct question pages one after the
 * other (Zipf-free: every page misses the micro-cache) through HTTP from this process and reports the process's
 * CPU time (user + system) per page, which a busy shared machine skews far less than throughput. Run it under
 * `node --cpu-prof` to see where the time goes:
 *
 *   BENCH_DATA_DIR=/tmp/site npx tsx bench/ssr-cpu.ts                      # needs a site built by traffic.ts
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/ssr-cpu.ts
 *
 * Environment: BENCH_DATA_DIR (required: an installed data directory), BENCH_PAGES (default 3000, after
 * BENCH_WARMUP warm-up pages, default 1000; the site needs both), BENCH_PATH_PREFIX (default: the pages' canonical paths; `/answer/api/v1/question/info?id=`
 * measures that API call instead; `/answer/api/v1/siteinfo?q=` the cheapest call), BENCH_TOKEN (an access token sent
 * as `authorization`: logged-in calls; `login` logs in as the administrator traffic.ts installs).
 *
 * Two figures are printed: the server's own CPU per page (the requests come from a child process, so only the
 * server's work is counted: HTTP parsing, routing, queries, rendering, sending) and, as before, the CPU per page
 * with the HTTP client in this process.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app.js';
import { get } from './lib.js';
import { questionPages } from './pages.js';

/** Child-process mode: `ssr-cpu.ts --client`: fetches the URLs it is sent one after the other, then reports. */
async function client(): Promise<void> {
  process.once('message', async (msg: { urls: string[]; warmup: number; token?: string }) => {
    const headers: Record<string, string> = msg.token ? { authorization: msg.token } : {};
    for (const [i, url] of msg.urls.entries()) {
      if (i === msg.warmup) process.send!('measure');
      const r = await fetch(url, { headers });
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
      await r.arrayBuffer();
    }
    process.send!('done', () => process.exit(0));
  });
}

/** Server CPU ms per request for `urls` fetched by a child process (after `warmup` of them). */
function serverCpu(urls: string[], warmup: number, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--client'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let cpu0 = process.cpuUsage();
    child.on('message', (m) => {
      if (m === 'measure') cpu0 = process.cpuUsage();
      if (m === 'done') {
        const cpu = process.cpuUsage(cpu0);
        resolve((cpu.user + cpu.system) / 1000 / (urls.length - warmup));
      }
    });
    child.on('exit', (code) => (code ? reject(new Error(`client exited with ${code}`)) : undefined));
    child.send({ urls, warmup, token });
  });
}

/** Logs in as the administrator bench/traffic.ts installs; the access token. */
async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/answer/api/v1/user/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ e_mail: 'admin@example.com', pass: 'bench-pass-1' }) });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`login failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.access_token;
}

const PAGES = Number(process.env.BENCH_PAGES ?? 3000);
/** Pages served before measuring: the JIT is still optimizing after 100 (400 measured pages read 30-40% higher). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const PREFIX = process.env.BENCH_PATH_PREFIX ?? '';

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('set BENCH_DATA_DIR to an installed data directory (e.g. one kept by BENCH_DATA_DIR=... npm run bench -- traffic)');
  const app = await buildApp({ dataDir, rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const pages = await questionPages(app, PAGES + WARMUP);
  if (pages.length < PAGES + WARMUP) throw new Error(`the site has ${pages.length} questions; need ${PAGES + WARMUP}`);
  const urls = pages.map((p) => (PREFIX ? `${base}${PREFIX}${p.id}` : `${base}${p.path}`));
  const token = process.env.BENCH_TOKEN === 'login' ? await login(base) : process.env.BENCH_TOKEN || undefined;
  // A query string of its own per round, so the micro-cache never answers; the server's CPU first.
  const server = await serverCpu(urls.map((u) => `${u}${u.includes('?') ? '&' : '?'}r=1`), WARMUP, token);
  console.log(`${PAGES} pages of ${PREFIX || '/questions/'}<id>: server CPU ${server.toFixed(2)} ms per page (requests from a child process)`);
  const headers = token ? { authorization: token } : undefined;
  let bytes = 0;
  for (const url of urls.slice(0, WARMUP)) await get(url, headers);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const url of urls.slice(WARMUP)) {
    const r = await get(url, headers);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    bytes += r.body.length;
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await app.close();
  const perPage = (cpu.user + cpu.system) / 1000 / PAGES;
  console.log(`${PAGES} pages of ${PREFIX || '/questions/'}<id>: CPU ${perPage.toFixed(2)} ms per page (user ${(cpu.user / 1000 / PAGES).toFixed(2)}, system ${(cpu.system / 1000 / PAGES).toFixed(2)}), wall ${(wall / PAGES).toFixed(2)} ms per page, ${Math.round(bytes / PAGES / 1024)} KB per page (CPU includes the HTTP client in this process)`);
}

(process.argv.includes('--client') ? client() : main()).then(
  () => (process.argv.includes('--client') ? undefined : process.exit(0)),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
