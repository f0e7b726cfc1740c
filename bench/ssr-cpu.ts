/**
 * CPU time per uncached server-rendered question page: serves BENCH_PAGES distinct question pages one after the
 * other (Zipf-free: every page misses the micro-cache) through HTTP from this process and reports the process's
 * CPU time (user + system) per page, which a busy shared machine skews far less than throughput. Run it under
 * `node --cpu-prof` to see where the time goes:
 *
 *   BENCH_DATA_DIR=/tmp/site npx tsx bench/ssr-cpu.ts                      # needs a site built by traffic.ts
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/ssr-cpu.ts
 *
 * Environment: BENCH_DATA_DIR (required: an installed data directory), BENCH_PAGES (default 400, after 100
 * warm-up pages), BENCH_PATH_PREFIX (default: the pages' canonical paths; `/answer/api/v1/question/info?id=`
 * measures that API call instead).
 */
import { buildApp } from '../packages/server/src/app.js';
import { get } from './lib.js';
import { questionPages } from './pages.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const WARMUP = 100;
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
  let bytes = 0;
  for (const url of urls.slice(0, WARMUP)) await get(url);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const url of urls.slice(WARMUP)) {
    const r = await get(url);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    bytes += r.body.length;
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await app.close();
  const perPage = (cpu.user + cpu.system) / 1000 / PAGES;
  console.log(`${PAGES} pages of ${PREFIX || '/questions/'}<id>: CPU ${perPage.toFixed(2)} ms per page (user ${(cpu.user / 1000 / PAGES).toFixed(2)}, system ${(cpu.system / 1000 / PAGES).toFixed(2)}), wall ${(wall / PAGES).toFixed(2)} ms per page, ${Math.round(bytes / PAGES / 1024)} KB per page (CPU includes the HTTP client in this process)`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
