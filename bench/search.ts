/**
 * Search benchmark (`npx tsx bench/search.ts`): builds an index of BENCH_SEARCH_QUESTIONS generated questions
 * (default 100,000; about 1 in 20 with Chinese text) on each engine, then runs the same mixed queries against
 * the full-text index (modules/search: match, relevance order, first page of 20 and the total count) and
 * against a LIKE scan of titles and bodies (the built-in search of Answer: `%word%` per word, newest first,
 * with a count), and prints p50/p95 latencies and the speed-up.
 *
 * Environment: BENCH_SEARCH_QUESTIONS, BENCH_SEARCH_QUERIES (default 200), BENCH_SEARCH_ENGINES (default
 * "sqlite3,postgres"; "mysql" also works), PGHOST_TEST / MYSQL_HOST_TEST as in the tests. Data is written in
 * 1000-row multi-row inserts straight into the questions table, then indexed with reindexAll. Temporary
 * databases and directories are removed at the end, unless BENCH_SEARCH_KEEP=1 (PostgreSQL/MySQL: the database is
 * kept and named). BENCH_SEARCH_REUSE=<database> runs the queries again on such a kept database, without building
 * (one engine in BENCH_SEARCH_ENGINES; the build column shows 0), so two schemas can be compared on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DbType } from '@quorum/contract';
import { dropDatabase, ensureDatabase, migrateToLatest, openDb, type Db, type DbConfig } from '../packages/server/src/core/db/index.js';
import { reindexAll } from '../packages/server/src/modules/search/search.indexer.js';
import { searchDocs } from '../packages/server/src/modules/search/search.repository.js';
import { parseQuery } from '../packages/server/src/modules/search/query-parser.js';
import { queryForms } from '../packages/server/src/modules/search/tokenizer.js';
import { machine, rng } from './lib.js';

const QUESTIONS = Number(process.env.BENCH_SEARCH_QUESTIONS ?? 100_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);
const ENGINES = (process.env.BENCH_SEARCH_ENGINES ?? 'sqlite3,postgres').split(',').map((s) => s.trim()) as DbType[];
const REUSE = process.env.BENCH_SEARCH_REUSE;

const BASE = ('beer brew brewing hops hop malt yeast lager ale stout porter pilsner ipa wheat barley mash boil wort ferment fermentation bottle ' +
  'bottling keg carbonation sugar priming gravity hydrometer temperature cold warm water chemistry ph sanitizer cleaning fermenter airlock ' +
  'recipe grain extract kit flavor aroma bitterness color clarity head foam taste sour smoke oak barrel aging cellar storage label glass ' +
  'serving pour tap draft cask session strength alcohol abv calories history belgian german english american irish czech trappist abbey ' +
  'saison gose kolsch bock doppelbock dunkel helles marzen rauchbier weizen witbier lambic gueuze kriek framboise cider mead kombucha').split(' ');
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vi', 'so', 'pe', 'du', 'ga', 'fi', 'zo', 'be', 'ch', 'th', 'ar', 'en', 'il', 'or'];
const ZH = ['啤酒', '酿造', '酵母', '麦芽', '啤酒花', '发酵', '温度', '瓶装', '配方', '清洁'];

function vocabulary(): string[] {
  const r = rng(7);
  const words = [...BASE];
  while (words.length < 6000) {
    let w = '';
    const n = 2 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) w += SYL[Math.floor(r() * SYL.length)];
    if (!words.includes(w)) words.push(w);
  }
  return words;
}

/** Word picker with a Zipf-like skew: a few words are very common, most are rare. */
function picker(words: string[], r: () => number): () => string {
  return () => words[Math.floor(words.length * Math.pow(r(), 2.5))]!;
}

async function generate(db: Db, n: number): Promise<void> {
  const words = vocabulary();
  const r = rng(42);
  const pick = picker(words, r);
  const phrase = (k: number) => Array.from({ length: k }, pick).join(' ');
  await db.kysely.insertInto('users').values({ id: '1', username: 'bench', e_mail: 'bench@example.com', bio: '', bio_html: '' }).execute();
  const now = Math.floor(Date.now() / 1000);
  for (let start = 0; start < n; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      const zh = r() < 0.05 ? ` ${ZH[Math.floor(r() * ZH.length)]}${ZH[Math.floor(r() * ZH.length)]}` : '';
      const title = `${phrase(5 + Math.floor(r() * 5))}${zh}`;
      const body = `${phrase(40 + Math.floor(r() * 60))}${zh}`;
      rows.push({
        id: `1001${String(i + 1).padStart(13, '0')}`,
        user_id: '1',
        title,
        original_text: body,
        parsed_text: `<p>${body}</p>`,
        vote_count: Math.floor(r() * 20) - 3,
        created_at: now - (n - i) * 60,
        updated_at: now - (n - i) * 60,
        post_updated_at: now - (n - i) * 60,
      });
    }
    await db.kysely.insertInto('questions').values(rows).execute();
  }
}

function queries(): string[] {
  const words = vocabulary();
  const r = rng(99);
  const pick = picker(words, r);
  const out: string[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const kind = i % 10;
    if (kind < 4) out.push(pick());
    else if (kind < 7) out.push(`${pick()} ${pick()}`);
    else if (kind < 8) out.push(`${pick()} ${pick()} ${pick()}`);
    else if (kind < 9) out.push(ZH[Math.floor(r() * ZH.length)]!);
    else out.push(BASE[Math.floor(r() * 20)]!);
  }
  return out;
}

/** Answer-style scan: every word must appear in the title or the body, newest first, plus a count. */
async function likeScan(db: Db, q: string): Promise<number> {
  const words = parseQuery(q).text.split(/\s+/).filter(Boolean);
  const conds = words.map((w) => {
    const like = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(title like ${like} or original_text like ${like})`;
  });
  const where = sql.join(conds, sql` and `);
  const [page, count] = await Promise.all([
    sql`select id from questions where status in (1, 2) and ${where} order by created_at desc limit 20`.execute(db.kysely),
    sql<{ n: number }>`select count(*) as n from questions where status in (1, 2) and ${where}`.execute(db.kysely),
  ]);
  void page;
  return Number(count.rows[0]?.n ?? 0);
}

async function indexed(db: Db, q: string): Promise<number> {
  const p = parseQuery(q);
  const r = await searchDocs(db, { forms: queryForms(p.text), tagIds: [], order: 'relevance', offset: 0, limit: 20 });
  return r.count;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

interface Row {
  engine: string;
  buildS: number;
  idx: number[];
  scan: number[];
  mismatches: number;
}

async function runEngine(type: DbType, qs: string[]): Promise<Row> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-search-'));
  const cfg: DbConfig =
    type === 'sqlite3' ? { type, file: 'bench.db' }
      : type === 'postgres' ? { type, host: process.env.PGHOST_TEST || '127.0.0.1:5432', user: 'postgres', name: REUSE ?? `quorum_bench_search_${process.pid}` }
        : { type, host: process.env.MYSQL_HOST_TEST || '127.0.0.1:3306', user: 'root', name: REUSE ?? `quorum_bench_search_${process.pid}` };
  if (REUSE) {
    if (type === 'sqlite3') throw new Error('BENCH_SEARCH_REUSE names a kept PostgreSQL or MySQL database');
  } else await ensureDatabase(cfg);
  const db = await openDb(cfg, tmp);
  try {
    let buildS = 0;
    if (!REUSE) {
      await migrateToLatest(db);
      let t = performance.now();
      await generate(db, QUESTIONS);
      console.log(`  ${type}: ${QUESTIONS} questions inserted in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      t = performance.now();
      await reindexAll(db);
      if (type === 'postgres') await sql`analyze`.execute(db.kysely);
      buildS = (performance.now() - t) / 1000;
      console.log(`  ${type}: indexed with reindexAll in ${buildS.toFixed(1)} s`);
    }
    for (const q of qs.slice(0, 10)) await indexed(db, q); // warm-up
    const idx: number[] = [];
    const slow: [number, string][] = [];
    const scan: number[] = [];
    let mismatches = 0;
    for (const q of qs) {
      let a = 0;
      const ms = await time(async () => { a = await indexed(db, q); });
      idx.push(ms);
      slow.push([ms, q]);
      let b = 0;
      scan.push(await time(async () => { b = await likeScan(db, q); }));
      // Substring LIKE also matches inside longer words, so the scan may count more; never fewer.
      if (a > b) mismatches++;
    }
    if (process.env.BENCH_SEARCH_VERBOSE) console.log('  slowest:', slow.sort((x, y) => y[0] - x[0]).slice(0, 8).map(([t, q]) => `${q} ${t.toFixed(0)}ms`).join(', '));
    return { engine: type, buildS, idx: idx.sort((x, y) => x - y), scan: scan.sort((x, y) => x - y), mismatches };
  } finally {
    await db.close();
    if (type !== 'sqlite3' && !process.env.BENCH_SEARCH_KEEP && !REUSE) await dropDatabase(cfg);
    else if (type !== 'sqlite3') console.log(`  kept database ${cfg.name}`);
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const m = machine();
  console.log(`Machine: ${m.cpus} cores (${m.model}), ${m.memoryGb} GB RAM, Node ${m.node}`);
  console.log(`Search benchmark: ${QUESTIONS} questions, ${QUERIES} queries (1-3 words, 10% Chinese), page of 20 with count`);
  const qs = queries();
  const rows: Row[] = [];
  for (const e of ENGINES) rows.push(await runEngine(e, qs));
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log('\n| engine | index build | search p50 ms | search p95 ms | LIKE scan p50 ms | LIKE scan p95 ms | speed-up p50 | speed-up p95 | target (p95 <= 50 ms, >= 20x at p50 and p95) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const p50 = pct(r.idx, 0.5);
    const p95 = pct(r.idx, 0.95);
    const s50 = pct(r.scan, 0.5);
    const s95 = pct(r.scan, 0.95);
    // The target (issue 15): p95 within 50 ms and at least 20x faster than the scan at both p50 and p95.
    const pass = p95 <= 50 && s50 / p50 >= 20 && s95 / p95 >= 20;
    console.log(`| ${r.engine} | ${r.buildS.toFixed(1)} s | ${f(p50)} | ${f(p95)} | ${f(s50)} | ${f(s95)} | ${(s50 / p50).toFixed(0)}x | ${(s95 / p95).toFixed(0)}x | ${pass ? 'PASS' : 'FAIL'} |`);
    if (r.mismatches) console.log(`  note: ${r.engine}: ${r.mismatches} queries found more with the index than with the scan`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
