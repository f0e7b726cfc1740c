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
 *   all            every one of the above
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPTS: Record<string, string> = { site: 'run.ts', import: 'import.ts', search: 'search.ts', 'question-page': 'question-page.ts', dashboard: 'dashboard.ts', live: 'live.ts', traffic: 'traffic.ts' };

const asked = process.argv.slice(2);
const names = asked.length === 0 ? ['site'] : asked.includes('all') ? Object.keys(SCRIPTS) : asked;
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
