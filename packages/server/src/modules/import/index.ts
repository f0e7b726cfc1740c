/**
 * Import module: Stack Exchange data dumps (`quorum import stackexchange <dump-dir>`): Posts, Users, Comments, Tags,
 * PostHistory, Votes, PostLinks and Badges.
 * What other modules and the CLI may use: `importStackExchange`, `runImportCli`, `DumpError`, `ImportSummary`,
 * `FileReport`.
 */
import cliProgress from 'cli-progress';
import type { Db } from '../../core/db/dialect.js';
import type { IdGenerator } from '../../core/db/ids.js';
import { importStackExchange, type ImportSummary } from './import.service.js';
import { formatReport } from './import.report.js';

export { importStackExchange, type ImportOptions, type ImportSummary, type FileReport } from './import.service.js';
export { DumpError } from './stackexchange.js';

/**
 * Runs an import for the command line: a progress bar on a terminal (a line every 5 s otherwise), then the
 * summary counts on stdout and, per dump file, the rows imported and skipped with the skip reasons grouped.
 * @returns the summary
 * @throws what `importStackExchange` throws (DumpError with a `<file>: <problem> at line <n>` message); the
 *   caller prints `Error: <message>` and exits non-zero; the database is unchanged
 */
export async function runImportCli(db: Db, ids: IdGenerator, dir: string, out: NodeJS.WriteStream = process.stdout): Promise<ImportSummary> {
  const tty = Boolean(out.isTTY);
  const bar = tty
    ? new cliProgress.SingleBar(
        { stream: out, format: 'Importing [{bar}] {percentage}% | {value}/{total} rows | {eta_formatted} left', hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let started = false;
  let lastLine = 0;
  const t0 = Date.now();
  const log = (msg: string) => {
    if (!bar || !started) out.write(`${msg}\n`);
  };
  const onProgress = (done: number, total: number) => {
    if (bar) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    } else if (Date.now() - lastLine >= 5000 || done === total) {
      lastLine = Date.now();
      const rate = Math.round(done / Math.max(0.001, (Date.now() - t0) / 1000));
      out.write(`Imported ${done}/${total} rows (${total ? Math.floor((done / total) * 100) : 100}%, ${rate} rows/s)\n`);
    }
  };
  let summary: ImportSummary;
  try {
    summary = await importStackExchange(db, ids, dir, { onProgress, log });
  } finally {
    if (started) bar?.stop();
  }
  out.write(
    [
      `Imported ${summary.source} in ${summary.seconds} s:`,
      `  questions          ${summary.questions}`,
      `  answers            ${summary.answers}`,
      `  comments           ${summary.comments}`,
      `  users              ${summary.users}`,
      `  placeholder users  ${summary.placeholderUsers}`,
      `  users with e-mail  ${summary.claimableUsers}`,
      `  tags (new)         ${summary.tags}`,
      `  tag descriptions   ${summary.tagDescriptions}`,
      `  revisions          ${summary.revisions}`,
      `  bookmarks          ${summary.bookmarks}`,
      `  skipped rows       ${summary.skipped}`,
      'Per file:',
      ...formatReport(summary.files),
      '',
    ].join('\n'),
  );
  return summary;
}
