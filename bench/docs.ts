/**
 * Where the benchmarks write their results: every run is added to the record of runs in
 * docs/benchmarks-history.md (newest first, below a marker of its own), and a benchmark that keeps its latest
 * figures in docs/BENCHMARKS.md replaces the block between two markers there. bench/lighthouse.ts rewrites its
 * own section of BENCHMARKS.md and does not use this file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The current figures. */
export const CURRENT_FILE = path.join(ROOT, 'docs/BENCHMARKS.md');
/** The record of runs and rounds. */
export const HISTORY_FILE = path.join(ROOT, 'docs/benchmarks-history.md');

/**
 * Inserts `report` right below `marker` in docs/benchmarks-history.md, so the newest run comes first. When the
 * marker is missing, appends a section `## <section>` with the marker and the report at the end of the file.
 * @param marker an HTML comment line, e.g. `<!-- runs: newest first; appended by bench/run.ts -->`
 * @param section heading (without `## `) of the section created when the marker is missing
 * @param report the run's markdown, starting with its own `### ` heading
 */
export function recordInHistory(marker: string, section: string, report: string): void {
  const text = existsSync(HISTORY_FILE) ? readFileSync(HISTORY_FILE, 'utf8') : '# Benchmarks: the history of rounds\n';
  const at = text.indexOf(marker);
  if (at < 0) {
    writeFileSync(HISTORY_FILE, `${text.trimEnd()}\n\n## ${section}\n\n${marker}\n\n${report}\n`);
    return;
  }
  const head = text.slice(0, at + marker.length);
  writeFileSync(HISTORY_FILE, `${head}\n\n${report}\n${text.slice(at + marker.length).replace(/^\n+/, '\n')}`);
}

/**
 * Replaces what stands between the lines `start` and `end` of docs/BENCHMARKS.md with `body`; the rest of the
 * file is left as it is.
 * @returns false (and the file untouched) when either marker is missing or they are out of order
 */
export function replaceCurrent(start: string, end: string, body: string): boolean {
  const text = existsSync(CURRENT_FILE) ? readFileSync(CURRENT_FILE, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) return false;
  writeFileSync(CURRENT_FILE, `${text.slice(0, from + start.length)}\n\n${body.trim()}\n\n${text.slice(to)}`);
  return true;
}
