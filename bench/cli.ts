/**
 * `npm run bench [-- <name>...]`: runs one or more benchmark scripts, each in its own process.
 *   site           (default) 100k-question site: import speed, list API and SSR page vs raw node:http, idle RSS
 *   import         import speed alone: the generated 100k-question dump into SQLite, posts/s and peak RSS
 *   search         full-text search p50/p95 at 100k questions on SQLite and PostgreSQL vs a LIKE scan
 *   question-page  a question with 1000 answers and 5000 comments: time to first answers, HTTP calls
 *   dashboard      admin dashboard and admin question list at 100k questions on SQLite and PostgreSQL
 *   live           1000 members with open event streams on one node: memory per stream, answer to last delivery
 *   traffic        real traffic vs raw node:http: Zipf-spread uncached pages, logged-in API calls, lists, search,
 *                  a 95/5 read/write mix, and 1 against 2 worker processes
 *   memory         idle RSS of `quorum run --workers 2` (as `npm start`) on an empty site: primary and workers
 *   compression    rendered and cached question page and the list API with and without Accept-Encoding: req/s and bytes
 *   lighthouse     Lighthouse (mobile and desktop) on eight pages of the built site with the beer.stackexchange.com dump:
 *                  category scores, FCP, LCP, TBT, CLS, bytes transferred (needs the fixture and Chromium)
 *   scale          10k, 100k and 1M-question sites (3 answers, 4 comments, 5 votes per question, Zipf authors and
 *                  tags) on SQLite, PostgreSQL and MariaDB (to 100k): reads, search, writes, sitemap, backup and
 *                  restore, import, size on disk and server RSS, each as a ratio to the 10k site (hours at 1M;
 *                  not part of `all`)
 *   compare        server CPU per request of this checkout against another one, in one process (bench/compare.ts;
 *                  needs BENCH_OLD_ROOT, BENCH_OLD_DATA and BENCH_DATA_DIR; not part of `all`)
 *   all            every one of the above but compare and scale
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPTS: Record<string, string> = { site: 'run.ts', import: 'import.ts', search: 'search.ts', 'question-page': 'question-page.ts', dashboard: 'dashboard.ts', live: 'live.ts', traffic: 'traffic.ts', memory: 'memory.ts', compression: 'compression.ts', lighthouse: 'lighthouse.ts', scale: 'scale.ts', compare: 'compare.ts' };
/** Benchmarks that need a setup of their own (see their headers), left out of `all`. */
const NOT_IN_ALL = new Set(['compare', 'scale']);

const asked = process.argv.slice(2);
const names = asked.length === 0 ? ['site'] : asked.includes('all') ? Object.keys(SCRIPTS).filter((n) => !NOT_IN_ALL.has(n)) : asked;
for (const name of names) {
  const file = SCRIPTS[name];
  if (!file) {
    console.error(`unknown benchmark "${name}"; choose from: ${Object.keys(SCRIPTS).join(', ')}, all`);
    process.exit(2);
  }
  const script = path.join(here, file);
  if (!existsSync(script)) {
    console.error(`${name}: ${script} is missing`);
    process.exit(2);
  }
  console.log(`\n=== benchmark: ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
