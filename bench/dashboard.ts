/**
 * Admin console benchmark (`npm run bench -- dashboard`): builds a site of BENCH_DASHBOARD_QUESTIONS questions
 * (default 100,000) with 2 answers, 3 comments and 3 votes per question and 1 user per 2 questions, spread over
 * the last 365 days (a third of them in the last 30), on each engine of BENCH_DASHBOARD_ENGINES (default
 * "sqlite3,postgres"; "mysql" also works). Then measures, in process, GET /admin/api/dashboard's service (every
 * count, the 30-day series, database size, checklist, recent actions) and the admin question list: the first
 * page, a deep page (offset 50,000), a title search and an author search, each with its total count.
 * Prints p50/p95 over BENCH_DASHBOARD_RUNS runs (default 30), the dashboard both with its counts recomputed on
 * every call and with the 30-second reuse of the service. Target: dashboard p95 <= 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DbType } from '@quorum/contract';
import type { AppContext } from '../packages/server/src/core/context.js';
import { dropDatabase, ensureDatabase, migrateToLatest, openDb, type Db, type DbConfig } from '../packages/server/src/core/db/index.js';
import { dashboardInfo } from '../packages/server/src/modules/admin/dashboard.service.js';
import { listQuestions } from '../packages/server/src/modules/admin/content.service.js';
import { dashboardCounts, databaseInfo, perDay } from '../packages/server/src/modules/admin/dashboard.repository.js';
import { machine, rng } from './lib.js';

const QUESTIONS = Number(process.env.BENCH_DASHBOARD_QUESTIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const ENGINES = (process.env.BENCH_DASHBOARD_ENGINES ?? 'sqlite3,postgres').split(',').map((s) => s.trim()) as DbType[];
const DAY = 86400;

const WORDS = 'beer brew hops malt yeast lager ale stout porter pilsner wheat barley mash boil wort ferment bottle keg sugar gravity'.split(' ');

async function insertBatches<T>(db: Db, table: 'users' | 'questions' | 'answers' | 'comments' | 'votes', n: number, row: (i: number) => T): Promise<void> {
  for (let start = 0; start < n; start += 1000) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) rows.push(row(i));
    await db.kysely.insertInto(table).values(rows as never).execute();
  }
}

async function generate(db: Db): Promise<void> {
  const r = rng(7);
  const now = Math.floor(Date.now() / 1000);
  /** A third in the last 30 days, the rest over the year before. */
  const when = () => now - Math.floor((r() < 0.33 ? r() * 30 : 30 + r() * 335) * DAY);
  const users = Math.max(1, Math.floor(QUESTIONS / 2));
  await insertBatches(db, 'users', users, (i) => ({ id: String(i + 1), username: `user${i + 1}`, e_mail: `user${i + 1}@example.com`, bio: '', bio_html: '', created_at: when() }));
  const title = () => Array.from({ length: 6 }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');
  await insertBatches(db, 'questions', QUESTIONS, (i) => ({
    id: `1001${String(i + 1).padStart(13, '0')}`,
    user_id: String(1 + Math.floor(r() * users)),
    title: title(),
    original_text: 'body',
    parsed_text: '<p>body</p>',
    status: r() < 0.05 ? 10 : r() < 0.05 ? 2 : 1,
    created_at: when(),
  }));
  const qid = () => `1001${String(1 + Math.floor(r() * QUESTIONS)).padStart(13, '0')}`;
  await insertBatches(db, 'answers', QUESTIONS * 2, (i) => ({ id: `1002${String(i + 1).padStart(13, '0')}`, question_id: qid(), user_id: String(1 + Math.floor(r() * users)), original_text: 'answer', parsed_text: '<p>answer</p>', created_at: when() }));
  await insertBatches(db, 'comments', QUESTIONS * 3, (i) => ({ id: `1007${String(i + 1).padStart(13, '0')}`, user_id: '1', object_id: qid(), question_id: qid(), original_text: 'c', parsed_text: 'c', created_at: when() }));
  await insertBatches(db, 'votes', QUESTIONS * 3, (i) => ({ user_id: String(1 + (i % users)), object_id: `1001${String(1 + Math.floor(i / 3)).padStart(13, '0')}${i % 3}`, object_type: 'question', vote_type: 'up', created_at: when() }));
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function measure(fn: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await time(fn));
  return [pct(ms, 0.5), pct(ms, 0.95)];
}

async function runEngine(type: DbType): Promise<Array<[string, number, number]>> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-dashboard-'));
  const name = `quorum_bench_dashboard_${process.pid}`;
  const cfg: DbConfig =
    type === 'sqlite3' ? { type, file: 'bench.db' }
      : type === 'postgres' ? { type, host: process.env.PGHOST_TEST || '127.0.0.1:5432', user: 'postgres', name }
        : { type, host: process.env.MYSQL_HOST_TEST || '127.0.0.1:3306', user: 'root', name };
  await ensureDatabase(cfg);
  const db = await openDb(cfg, tmp);
  try {
    await migrateToLatest(db);
    const t = performance.now();
    await generate(db);
    // What autovacuum does on a live site: statistics, and the visibility map index-only scans rely on.
    if (type === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
    if (type === 'sqlite3') await sql`analyze`.execute(db.kysely);
    console.log(`  ${type}: site built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const ctx = { dataDir: tmp, log: console, config: null, database: db, ids: null, installed: true, onClose: [] } as unknown as AppContext;
    const page = (query: Partial<Parameters<typeof listQuestions>[1]>) => () => listQuestions(ctx, { page: 1, page_size: 20, status: 'normal', query: '', ...query });
    const rows: Array<[string, number, number]> = [];
    rows.push(['dashboard, counts recomputed', ...(await measure(() => dashboardInfo(ctx, { fresh: true })))]);
    rows.push(['dashboard, counts reused (30 s)', ...(await measure(() => dashboardInfo(ctx)))]);
    const since = Math.floor(Date.now() / 1000) - 30 * DAY;
    rows.push(['  of which: every count', ...(await measure(() => dashboardCounts(db, [1, 2])))]);
    rows.push(['  of which: 30-day series (3 tables)', ...(await measure(() => Promise.all([perDay(db, 'questions', since, 0), perDay(db, 'answers', since, 0), perDay(db, 'users', since, 0)])))]);
    rows.push(['  of which: database size and version', ...(await measure(() => databaseInfo(db)))]);
    rows.push(['questions: first page', ...(await measure(page({})))]);
    rows.push(['questions: page 2500 (offset 49,980)', ...(await measure(page({ page: 2500 })))]);
    rows.push(['questions: title search', ...(await measure(page({ query: 'stout porter' })))]);
    rows.push(['questions: author search', ...(await measure(page({ query: 'user:user42' })))]);
    return rows;
  } finally {
    await db.close();
    if (type !== 'sqlite3') await dropDatabase(cfg);
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}`);
  console.log(`Admin dashboard benchmark: ${QUESTIONS} questions, ${QUESTIONS * 2} answers, ${QUESTIONS * 3} comments and votes, ${QUESTIONS / 2} users; ${RUNS} runs`);
  console.log('\n| engine | call | p50 ms | p95 ms | target |');
  console.log('|---|---|---|---|---|');
  for (const e of ENGINES) {
    for (const [call, p50, p95] of await runEngine(e)) {
      const target = call.startsWith('dashboard') ? (p95 <= 100 ? 'PASS (<= 100 ms)' : 'FAIL (<= 100 ms)') : '';
      console.log(`| ${e} | ${call} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${target} |`);
    }
  }
}

await main();
