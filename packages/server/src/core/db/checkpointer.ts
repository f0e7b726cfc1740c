/**
 * WAL checkpoints of a SQLite database off the main thread. SQLite copies the write-ahead log back into the
 * database (a checkpoint) from whichever connection commits once the log passes `wal_autocheckpoint` pages, and
 * that checkpoint writes and fsyncs inside the commit: 11.7 ms on average here, on the event loop every request
 * waits for (48 commits of the view-count flush cost 564 ms in 40 s of logged-in reads at 20k questions,
 * docs/BENCHMARKS.md). Here a worker thread with its own connection runs passive checkpoints (which never wait for
 * or block readers and writers) every INTERVAL_MS, and the server's connection checkpoints by itself only past a
 * much larger log (BACKSTOP_PAGES), should the thread fall behind.
 *
 * The thread starts when the log first grows past START_BYTES (checked every second): small sites and the test
 * suite's databases never start one. Several processes on one database (`quorum run --workers N`) each run their
 * own; passive checkpoints of several connections are safe together.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Pages of log (4 KB each) past which the server's own connection still checkpoints: ~40 MB. */
export const BACKSTOP_PAGES = 10_000;
/** Log size at which the checkpoint thread starts, in bytes (SQLite's own default checkpoint point: 1000 pages). */
const START_BYTES = 4 * 1024 * 1024;
/** Milliseconds between the thread's checkpoints. */
const INTERVAL_MS = 250;

/** The thread's code (CommonJS, run with `eval`): opens the file and checkpoints until told to stop. */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or closing: the next tick tries again
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

/** A running checkpointer; `stop` ends its thread (call it before closing the database). */
export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Watches the log of the SQLite database `file` and checkpoints it from a worker thread once it grows (see the
 * file header). The caller sets `wal_autocheckpoint` to BACKSTOP_PAGES on its own connection.
 * @param file absolute path of the database file (its log is `<file>-wal`)
 */
export function startCheckpointer(file: string): Checkpointer {
  let worker: Worker | null = null;
  let stopped = false;
  const watch = setInterval(() => {
    const size = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (size < START_BYTES || worker || stopped) return;
    clearInterval(watch);
    worker = new Worker(THREAD, { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3'), intervalMs: INTERVAL_MS } });
    worker.unref();
    // A thread that fails leaves the backstop: the server's connection checkpoints past BACKSTOP_PAGES.
    worker.on('error', () => undefined);
  }, 1000);
  watch.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(watch);
      const w = worker;
      if (!w) return;
      // Held (ref) while it stops: an unreferenced thread and timer would let a process whose last work is
      // this close exit in the middle of it.
      w.ref();
      let timer: NodeJS.Timeout | undefined;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await w.terminate();
    },
  };
}
