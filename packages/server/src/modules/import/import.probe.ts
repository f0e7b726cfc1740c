/**
 * Test helper run as its own process (`node --import tsx import.probe.ts <dump-dir> <data-dir>`): imports a dump
 * into a new SQLite database in `data-dir` and prints one JSON line `{"peakRssMb": n, "summary": {...}}`, the
 * peak resident set of the process (getrusage maxRSS) taken after the import. Used by import.memory.test.ts to
 * compare the memory of imports whose history files differ in size, free of the test runner's own heap.
 */
import { openDb } from '../../core/db/dialect.js';
import { IdGenerator } from '../../core/db/ids.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import { importStackExchange } from './import.service.js';

const [dumpDir, dataDir] = process.argv.slice(2);
if (!dumpDir || !dataDir) throw new Error('usage: import.probe.ts <dump-dir> <data-dir>');
const db = await openDb({ type: 'sqlite3', file: 'probe.db' }, dataDir);
try {
  await migrateToLatest(db);
  const summary = await importStackExchange(db, new IdGenerator(db), dumpDir, { workers: 0 });
  process.stdout.write(`${JSON.stringify({ peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), summary })}\n`);
} finally {
  await db.close();
}
