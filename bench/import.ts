/**
 * Import speed on its own: `npm run bench -- import` (or `node --import tsx bench/import.ts [dump-dir]`).
 * Imports a Stack Exchange dump into a fresh SQLite database in a temporary directory and prints posts per second
 * over the whole import (both passes, conversion, inserts, recounts, badge recount) and the peak RSS of the
 * process (getrusage maxRSS, MB). Without a dump directory it generates the bench dump (bench/generate.ts;
 * BENCH_QUESTIONS questions, default 100,000, with 2 answers each, 5,000 users, 500 tags) and removes it after.
 *   node --import tsx bench/import.ts --generate <dir>   only writes the dump (to time imports of one dump
 *                                                        repeatedly, e.g. with farm-bench)
 * The last line is machine-readable: `import-result posts=<n> seconds=<s> posts_per_s=<n> peak_rss_mb=<n>`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../packages/server/src/core/db/index.js';
import { IdGenerator } from '../packages/server/src/core/db/ids.js';
import { migrateToLatest } from '../packages/server/src/core/db/migrate.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { generateDump } from './generate.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);

function generate(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const dump = generateDump(dir, { questions: QUESTIONS, answersPerQuestion: 2, users: 5000, tags: 500 });
  console.log(`Generated ${dir}: ${dump.posts} posts, Posts.xml ${(dump.bytes / 2 ** 20).toFixed(0)} MB`);
  return dump.posts;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--generate') {
    if (!args[1]) throw new Error('--generate needs a directory, e.g. /tmp/bench.stackexchange.com');
    generate(args[1]);
    return;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-import-'));
  try {
    const dumpDir = args[0] ?? path.join(tmp, 'bench.stackexchange.com');
    if (!args[0]) generate(dumpDir);
    const db = await openDb({ type: 'sqlite3', file: 'bench.db' }, tmp);
    try {
      await migrateToLatest(db);
      const t0 = performance.now();
      const log = (msg: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${msg}`);
      const s = await importStackExchange(db, new IdGenerator(db), dumpDir, { log });
      log('done');
      const posts = s.questions + s.answers;
      const rate = Math.round(posts / s.seconds);
      const peak = Math.round(process.resourceUsage().maxRSS / 1024);
      console.log(`Imported ${s.questions} questions, ${s.answers} answers, ${s.users} users, ${s.tags} tags in ${s.seconds} s`);
      console.log(`import-result posts=${posts} seconds=${s.seconds} posts_per_s=${rate} peak_rss_mb=${peak}`);
    } finally {
      await db.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
