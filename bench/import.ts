/**
 * Import speed on its own: `npm run bench -- import` (or `node --import tsx bench/import.ts [dump-dir]`).
 * Imports a Stack Exchange dump into a fresh database of each engine of BENCH_IMPORT_ENGINES (default "sqlite3";
 * "sqlite3,postgres,mysql" for all three: PostgreSQL at PGHOST_TEST or 127.0.0.1:5432 user postgres, MariaDB at
 * MYSQL_HOST_TEST or 127.0.0.1:3306 root, a database made and dropped per run) and prints, per engine, posts per
 * second over the whole import (both passes, conversion, inserts, recounts, badge recount), the time and process
 * CPU of each phase (the importer's stage messages), and the peak RSS of the process (getrusage maxRSS, MB: the
 * largest of the runs so far).
 *
 * Without a dump directory it generates one in a temporary directory and removes it after:
 *   BENCH_IMPORT_SHAPE=plain (default)  bench/generate.ts's bench dump: BENCH_QUESTIONS questions (default 100,000)
 *                                       with 2 answers each, 5,000 users, 500 tags; no comments, no votes
 *   BENCH_IMPORT_SHAPE=scale            the scale benchmark's dump (bench/scale.ts): 3 answers per question on
 *                                       average (varying), 4 comments and 5 votes per question (about one comment and
 *                                       1.25 votes per post), Zipf authors and tags, questions/4 users
 * Other knobs: BENCH_IMPORT_WORKERS (body-conversion threads, default the importer's), BENCH_IMPORT_RUNS (imports
 * per engine, default 1; engines take turns, so a slow minute of a shared machine hits every engine alike).
 *   node --import tsx bench/import.ts --generate <dir>   only writes the dump (of BENCH_IMPORT_SHAPE) to time
 *                                                        imports of one dump repeatedly
 * The last lines are machine-readable, one per import:
 * `import-result engine=<type> posts=<n> seconds=<s> posts_per_s=<n> cpu_s=<s> peak_rss_mb=<n>`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, ensureDatabase, openDb, type DbConfig } from '../packages/server/src/core/db/index.js';
import type { DbType } from '../packages/server/src/core/db/dialect.js';
import { IdGenerator } from '../packages/server/src/core/db/ids.js';
import { migrateToLatest } from '../packages/server/src/core/db/migrate.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { generateDump, type DumpShape } from './generate.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const SHAPE = process.env.BENCH_IMPORT_SHAPE ?? 'plain';
const ENGINES = (process.env.BENCH_IMPORT_ENGINES ?? 'sqlite3').split(',').map((s) => s.trim()).filter(Boolean) as DbType[];
const WORKERS = process.env.BENCH_IMPORT_WORKERS ? Number(process.env.BENCH_IMPORT_WORKERS) : undefined;
const RUNS = Math.max(1, Number(process.env.BENCH_IMPORT_RUNS ?? 1));

/** The dump's shape: the plain bench dump, or the scale benchmark's one (bench/scale.ts `dumpFor`, without its profile owner). */
function shapeOf(name: string, questions: number): DumpShape {
  if (name === 'plain') return { questions, answersPerQuestion: 2, users: 5000, tags: 500 };
  if (name === 'scale') {
    return {
      questions,
      answersPerQuestion: 3,
      users: Math.max(100, Math.floor(questions / 4)),
      tags: Math.max(500, Math.floor(questions / 200)),
      zipf: 1,
      varyAnswers: true,
      commentsPerQuestion: 4,
      votesPerQuestion: 5,
    };
  }
  throw new Error(`BENCH_IMPORT_SHAPE must be plain or scale, not ${name}`);
}

function generate(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const dump = generateDump(dir, shapeOf(SHAPE, QUESTIONS));
  console.log(`Generated ${dir} (${SHAPE}): ${dump.posts} posts, ${dump.comments} comments, ${dump.votes} votes, Posts.xml ${(dump.bytes / 2 ** 20).toFixed(0)} MB`);
}

function dbConfig(type: DbType): DbConfig {
  const name = `quorum_bench_import_${process.pid}`;
  if (type === 'sqlite3') return { type, file: 'bench.db' };
  if (type === 'postgres') return { type, host: process.env.PGHOST_TEST || '127.0.0.1:5432', user: 'postgres', name };
  if (type === 'mysql') return { type, host: process.env.MYSQL_HOST_TEST || '127.0.0.1:3306', user: 'root', name };
  throw new Error(`unknown engine ${String(type)} in BENCH_IMPORT_ENGINES`);
}

/** CPU seconds of the process so far (all threads: the body-conversion workers too). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** One import of `dumpDir` into a fresh database of `type`; prints its phases and its result line. */
async function importOnce(type: DbType, dumpDir: string, tmp: string): Promise<void> {
  const cfg = dbConfig(type);
  const dataDir = mkdtempSync(path.join(tmp, `${type}-`));
  if (type !== 'sqlite3') {
    await dropDatabase(cfg).catch(() => undefined);
    await ensureDatabase(cfg);
  }
  const db = await openDb(cfg, dataDir);
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    const c0 = cpuSeconds();
    const phases: Array<{ name: string; at: number; cpu: number }> = [];
    const log = (msg: string) => {
      const at = (performance.now() - t0) / 1000;
      phases.push({ name: msg.replace(/ \.\.\.$/, ''), at, cpu: cpuSeconds() - c0 });
      console.log(`[${type} ${at.toFixed(1).padStart(6)} s] ${msg}`);
    };
    const s = await importStackExchange(db, new IdGenerator(db), dumpDir, { log, workers: WORKERS });
    log('done');
    const posts = s.questions + s.answers;
    const rate = Math.round(posts / s.seconds);
    const cpu = cpuSeconds() - c0;
    const peak = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`${type}: imported ${s.questions} questions, ${s.answers} answers, ${s.comments} comments, ${s.users} users, ${s.tags} tags in ${s.seconds} s (load ${os.loadavg()[0]!.toFixed(1)})`);
    console.log('| phase | s | cpu s |\n|---|---:|---:|');
    for (let i = 0; i + 1 < phases.length; i++) {
      const p = phases[i]!;
      const n = phases[i + 1]!;
      console.log(`| ${p.name.slice(0, 60)} | ${(n.at - p.at).toFixed(1)} | ${(n.cpu - p.cpu).toFixed(1)} |`);
    }
    console.log(`import-result engine=${type} posts=${posts} seconds=${s.seconds} posts_per_s=${rate} cpu_s=${cpu.toFixed(1)} peak_rss_mb=${peak}`);
  } finally {
    await db.close();
    if (type !== 'sqlite3') await dropDatabase(cfg).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
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
    const dumpDir = args[0] ?? path.join(tmp, `bench-${SHAPE}.stackexchange.com`);
    if (!args[0]) generate(dumpDir);
    for (let run = 0; run < RUNS; run++) for (const type of ENGINES) await importOnce(type, dumpDir, tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
