/**
 * `quorum import answer` on the command line: the same progress display as the Stack Exchange import (a bar on a
 * terminal, a line every 5 s otherwise), then the summary of what was and was not carried over.
 */
import cliProgress from 'cli-progress';
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { formatSummary, importAnswer, type AnswerImportOptions, type AnswerImportSummary } from './answer-import.service.js';

/**
 * Runs an Answer import with progress output on `out`.
 * @returns the summary (also printed)
 * @throws what `importAnswer` throws; the caller prints `Error: <message>` and exits non-zero
 */
export async function runAnswerImportCli(db: Db, ids: IdGenerator, dsn: string, opts: Pick<AnswerImportOptions, 'uploads' | 'dataDir'> = {}, out: NodeJS.WriteStream = process.stdout): Promise<AnswerImportSummary> {
  const bar = out.isTTY
    ? new cliProgress.SingleBar({ stream: out, format: 'Importing [{bar}] {percentage}% | {value}/{total} rows | {eta_formatted} left', hideCursor: true, clearOnComplete: false }, cliProgress.Presets.shades_classic)
    : null;
  let started = false;
  let lastLine = 0;
  const t0 = Date.now();
  const onProgress = (done: number, total: number) => {
    if (bar) {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    } else if (Date.now() - lastLine >= 5000 || done === total) {
      lastLine = Date.now();
      const rate = Math.round(done / Math.max(0.001, (Date.now() - t0) / 1000));
      out.write(`Imported ${done}/${total} rows (${total ? Math.floor((done / total) * 100) : 100}%, ${rate} rows/s)\n`);
    }
  };
  const log = (msg: string) => {
    if (!bar || !started) out.write(`${msg}\n`);
  };
  let summary: AnswerImportSummary;
  try {
    summary = await importAnswer(db, ids, dsn, { ...opts, onProgress, log });
  } finally {
    if (started) bar?.stop();
  }
  out.write(formatSummary(summary));
  return summary;
}
