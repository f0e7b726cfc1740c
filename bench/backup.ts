/**
 * Backup and restore at scale: builds a site on SQLite from a generated Stack Exchange dump, then
 * backs it up and restores it SQLite -> PostgreSQL -> MariaDB -> SQLite (each restored database backed up again
 * for the next leg), timing each step, printing file sizes and checking that every table's row count survives
 * each leg (the search index too, which backups leave out and restores rebuild). Run: `node --import tsx bench/backup.ts`.
 *
 * Environment: BENCH_BACKUP_QUESTIONS (default 100000; 2 answers each). Databases and directories it creates are
 * dropped at the end. The machine may be shared: each leg prints the 1-minute load average at its start and end.
 * Restore times include the restore's read-through check of the file (backup.restore.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbType } from '@quorum/contract';
import { buildApp } from '../packages/server/src/app.js';
import { dropDatabase, ensureDatabase, openDb, type DbConfig } from '../packages/server/src/core/db/index.js';
import { installSite } from '../packages/server/src/modules/install/index.js';
import { importStackExchange } from '../packages/server/src/modules/import/index.js';
import { createBackup } from '../packages/server/src/modules/backup/backup.service.js';
import { restoreBackup } from '../packages/server/src/modules/backup/backup.restore.js';
import { countRows, listTables } from '../packages/server/src/modules/backup/backup.repository.js';
import { generateDump } from './generate.js';
import { machine } from './lib.js';

const QUESTIONS = Number(process.env.BENCH_BACKUP_QUESTIONS ?? 100_000);
const say = (msg: string) => console.log(`[bench:backup] ${msg}`);
const load = () => os.loadavg()[0]!.toFixed(1);

function dbConfig(type: DbType, tag: string): DbConfig {
  const name = `quorum_bench_backup_${tag}_${process.pid}`;
  if (type === 'sqlite3') return { type, file: `${tag}.db` };
  if (type === 'postgres') return { type, host: '127.0.0.1:5432', user: 'postgres', name };
  return { type, host: '127.0.0.1:3306', user: 'root', name };
}

async function counts(cfg: DbConfig, dir: string): Promise<Record<string, number>> {
  const db = await openDb(cfg, dir);
  try {
    const out: Record<string, number> = {};
    for (const t of await listTables(db.kysely)) out[t.name] = await countRows(db, t.name);
    // Not in backups: a restore rebuilds it from the posts, so it must come back with as many rows.
    out.search_docs = await countRows(db, 'search_docs');
    return out;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quorum-bench-backup-'));
  const made: DbConfig[] = [];
  try {
    const dumpDir = path.join(tmp, 'dump');
    mkdirSync(dumpDir, { recursive: true });
    const dataDir = path.join(tmp, 'data');
    const dump = generateDump(dumpDir, { questions: QUESTIONS, answersPerQuestion: 2, users: 5000, tags: 500 });
    say(`dump: ${dump.posts} posts`);
    const app = await buildApp({ dataDir, rateLimit: false });
    await installSite(app.quorum, { db: dbConfig('sqlite3', 'source'), lang: 'en_US', site_name: 'Bench', site_url: 'http://127.0.0.1', contact_email: 'b@example.com', admin: { name: 'admin', email: 'admin@example.com', password: 'bench-pass-1' } });
    say(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const t0 = performance.now();
    await importStackExchange(app.quorum.database!, app.quorum.ids!, dumpDir, {});
    say(`site built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    await app.close();

    const uploads = path.join(dataDir, 'uploads');
    let from = dbConfig('sqlite3', 'source');
    const expected = await counts(from, dataDir);
    const rows = Object.values(expected).reduce((s, n) => s + n, 0);
    say(`${rows} rows in ${Object.keys(expected).length} tables`);
    const legs: Array<[DbType, string]> = [['postgres', 'pg'], ['mysql', 'maria'], ['sqlite3', 'back']];
    const results: string[] = [];
    for (const [type, tag] of legs) {
      const file = path.join(tmp, `${tag}.backup.gz`);
      const loadStart = load();
      const src = await openDb({ ...from, pool: 1 }, dataDir);
      let t = performance.now();
      await createBackup(src, uploads, file);
      const backupS = (performance.now() - t) / 1000;
      await src.close();
      const to = dbConfig(type, tag);
      await ensureDatabase(to);
      made.push(to);
      const dst = await openDb(to, dataDir);
      t = performance.now();
      await restoreBackup(dst, path.join(tmp, `uploads-${tag}`), file);
      const restoreS = (performance.now() - t) / 1000;
      await dst.close();
      const got = await counts(to, dataDir);
      const same = JSON.stringify(got) === JSON.stringify(expected);
      const size = statSync(file).size / 2 ** 20;
      const line = `| ${from.type} → ${type} | ${backupS.toFixed(1)} s | ${size.toFixed(1)} MB | ${restoreS.toFixed(1)} s | ${same ? 'identical' : 'DIFFERENT'} | ${loadStart} → ${load()} |`;
      say(line);
      results.push(line);
      from = to;
    }
    const m = machine();
    console.log(`\n${QUESTIONS} questions (${rows} rows), ${m.cpus} × ${m.model}, Node ${process.version}\n`);
    console.log('| leg | backup | file | restore | row counts | load average |\n|---|---|---|---|---|---|');
    for (const r of results) console.log(r);
  } finally {
    for (const cfg of made) if (cfg.type !== 'sqlite3') await dropDatabase(cfg).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
