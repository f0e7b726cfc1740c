/**
 * `quorum backup` and `quorum restore` for the command line: a progress bar on a terminal (a line every 5 s
 * otherwise), then a summary on stdout.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { configPath, dbConfigFromEnv, readConfig, type FileConfig } from '../../config/config.js';
import { ensureDatabase, openDb, type Db } from '../../core/db/index.js';
import { startStorage, type UploadStorage } from '../../core/storage/index.js';
import { BackupRefused, createBackup, type BackupSummary, type Progress } from './backup.service.js';
import { restoreBackup } from './backup.restore.js';
import { finishUnfinishedRestore } from './backup.recovery.js';

/** A progress callback drawing a bar (terminal) or periodic lines (logs); `stop()` ends the bar. */
function progressPrinter(verb: string, out: NodeJS.WriteStream): { progress: Progress; stop(): void } {
  const bar = out.isTTY
    ? new cliProgress.SingleBar({ stream: out, format: `${verb} [{bar}] {percentage}% | {value}/{total} rows and files | {eta_formatted} left`, hideCursor: true }, cliProgress.Presets.shades_classic)
    : null;
  let started = false;
  let last = 0;
  return {
    progress(done, total) {
      if (bar) {
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      } else if (Date.now() - last >= 5000 || done === total) {
        last = Date.now();
        out.write(`${verb} ${done}/${total} rows and files\n`);
      }
    },
    stop() {
      if (started) bar?.stop();
    },
  };
}

/**
 * The uploads folder of a data directory, as modules/file `uploadsDir` says; not imported from there, which
 * loads the image libraries the command line has no use for.
 */
function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The uploads of a data directory as a backup or restore takes them: its uploads folder, or the remote storage
 * (S3) its settings name, opened and checked (core/storage). `close` releases it.
 */
async function uploadsOf(dataDir: string, cfg: FileConfig | null): Promise<{ folder: string; remote: UploadStorage | null; close(): Promise<void> }> {
  const storage = await startStorage(dataDir, cfg?.storage);
  return { folder: uploadsDir(dataDir), remote: storage.kind === 'local' ? null : storage, close: () => storage.close() };
}

function installedConfig(dataDir: string): FileConfig {
  const cfg = readConfig(dataDir);
  if (!cfg) throw new Error(`${dataDir} is not installed: run \`quorum run\` and finish /install, or \`quorum init\`, first`);
  return cfg;
}

function summaryText(what: string, file: string, s: BackupSummary, seconds: number): string {
  return `${what} ${file} in ${seconds.toFixed(1)} s: schema ${s.schema}, ${s.rows} rows in ${s.tables.length} tables, ${s.files} uploaded files\n`;
}

/**
 * Writes a backup of the installed data directory to `file` (on its own database connection, so a running
 * server goes on serving). A restore of the data directory that did not finish is finished or undone first, so
 * a backup never holds a half-restored site.
 */
export async function runBackupCli(dataDir: string, file: string, out: NodeJS.WriteStream = process.stdout): Promise<BackupSummary> {
  await finishUnfinishedRestore(dataDir, (msg) => out.write(`${msg}\n`));
  const cfg = installedConfig(dataDir);
  const uploads = await uploadsOf(dataDir, cfg);
  const db = await openDb({ ...cfg.database, pool: 1 }, dataDir);
  const printer = progressPrinter('Backing up', out);
  const t0 = Date.now();
  try {
    const s = await createBackup(db, uploads.remote ?? uploads.folder, file, printer.progress);
    printer.stop();
    out.write(summaryText('Wrote', file, s, (Date.now() - t0) / 1000));
    return s;
  } finally {
    printer.stop();
    await db.close();
    await uploads.close();
  }
}

/**
 * Restores `file` into the data directory's database (any engine) and uploads folder. On a data directory that
 * is not installed, the database comes from DB_TYPE, DB_FILE, DB_HOST ... (as for `quorum init`) and the config
 * file is written once the restore is committed. A database that already has content is replaced only with
 * `force`; stop the servers first (they keep their caches). A restore of the data directory that did not finish
 * is finished or undone first (backup.recovery.ts).
 */
export async function runRestoreCli(dataDir: string, file: string, opts: { force?: boolean }, out: NodeJS.WriteStream = process.stdout): Promise<BackupSummary> {
  await finishUnfinishedRestore(dataDir, (msg) => out.write(`${msg}\n`));
  // Not installed means no config file (the database may still come from the environment).
  const installed = existsSync(configPath(dataDir));
  const cfg = readConfig(dataDir);
  const dbConfig = cfg?.database ?? dbConfigFromEnv(process.env);
  const uploads = await uploadsOf(dataDir, cfg);
  if (!installed) await ensureDatabase(dbConfig);
  const db: Db = await openDb(dbConfig, dataDir);
  const printer = progressPrinter('Restoring', out);
  const t0 = Date.now();
  try {
    const s = await restoreBackup(db, uploadsDir(dataDir), file, { replace: opts.force, progress: printer.progress, database: dbConfig, writeConfig: !installed, storage: uploads.remote ?? undefined }).catch((err: unknown) => {
      if (err instanceof BackupRefused && err.reason === 'error.backup.not_empty') throw new Error('The target database is not empty: run the restore again with --force to replace its content.');
      throw err;
    });
    printer.stop();
    out.write(summaryText('Restored', file, s, (Date.now() - t0) / 1000));
    return s;
  } finally {
    printer.stop();
    await db.close();
    await uploads.close();
  }
}
