/**
 * What a start does about a restore that did not end (backup.restore.ts, backup.journal.ts), before anything is
 * served: the server (modules/install loadInstalledState; the primary of `run --workers N` once, before its
 * workers), `quorum restore`, `backup`, `upgrade` and `import` call `finishUnfinishedRestore` first.
 * - no journal: only the leftovers rule runs (backup.journal.ts sweepLeftovers);
 * - a journal whose owner is alive (another process restoring): refused, the site is not served;
 * - phase `copying` or `loading`: the restore is undone (rollBack): the site is exactly as before it;
 * - phase `committed`: the restore is finished (finishCommitted): the site is exactly the restored one.
 * The recovering process takes the journal over (its pid, touched every 5 s), so a second starter waits for it;
 * killed in turn, the next start begins again from the same journal.
 */
import path from 'node:path';
import { readConfig } from '../../config/config.js';
import { openDb, type Db } from '../../core/db/index.js';
import { hostName, ownerAlive, readJournal, startHeartbeat, sweepLeftovers, writeJournal } from './backup.journal.js';
import { finishCommitted, rollBack } from './backup.restore.js';

/** What `finishUnfinishedRestore` did. */
export type Recovery = 'none' | 'undone' | 'finished';

/**
 * Finishes or undoes the restore a data directory's journal names, then removes leftovers (this file's header).
 * @param log where the one line saying what was done goes
 * @returns 'none' when there was no unfinished restore
 * @throws Error with one line saying what is wrong and what to do, when another process is restoring or the
 *   restore cannot be undone (database unreachable, copy missing): the caller must not serve the site
 */
export async function finishUnfinishedRestore(dataDir: string, log: (msg: string) => void = () => undefined): Promise<Recovery> {
  const journal = readJournal(dataDir);
  if (!journal) {
    const gone = sweepLeftovers(dataDir);
    if (gone.length) log(`Removed what interrupted restores and backups left: ${gone.join(', ')}.`);
    return 'none';
  }
  const what = `restore of ${path.basename(journal.file)} started ${new Date(journal.started_at * 1000).toISOString()}`;
  if (ownerAlive(dataDir, journal)) {
    throw new Error(`A ${what} is running in process ${journal.pid} on ${journal.host}: the site is not served until it ends; start Quorum again then.`);
  }
  const mine = { ...journal, pid: process.pid, host: hostName() };
  writeJournal(dataDir, mine);
  const stopHeartbeat = startHeartbeat(dataDir);
  try {
    if (journal.phase === 'committed') {
      finishCommitted(dataDir, mine);
      log(`A ${what} was interrupted after it had loaded everything: it is finished now, and the site is the restored one.`);
      return 'finished';
    }
    let db: Db | null = null;
    if (journal.phase === 'loading') {
      const database = journal.database ?? readConfig(dataDir)?.database;
      if (!database) throw new Error('neither the journal nor the config file names the database');
      db = await openDb({ ...database, pool: 1 }, dataDir);
    }
    try {
      await rollBack(db, dataDir, mine);
    } finally {
      await db?.close();
    }
    log(`A ${what} was interrupted while ${journal.phase === 'copying' ? 'copying the previous content' : 'loading'}: it was undone, and the site is as it was before it.`);
    return 'undone';
  } catch (err) {
    const copy = journal.phase === 'loading' && journal.previous ? ` (the previous database content is kept in ${path.join(dataDir, journal.previous)})` : '';
    throw new Error(`A ${what} did not finish, and ${journal.phase === 'committed' ? 'finishing' : 'undoing'} it failed: ${(err as Error).message}. The site is not served until it is: fix the cause and start Quorum again${copy}.`, { cause: err });
  } finally {
    stopHeartbeat();
  }
}
