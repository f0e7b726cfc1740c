/**
 * What an import did with each dump file: rows imported, rows skipped, and why, with the reasons grouped
 * (issue 16: "Report per file what was imported and skipped, and why"). Keys are the dump file names
 * (`Posts.xml`, `PostHistory.xml` ...); reasons are short fixed English phrases so that equal causes group.
 */

/** The outcome of one dump file. */
export interface FileReport {
  /** rows that became (or went into) Quorum objects */
  imported: number;
  /** rows left out */
  skipped: number;
  /** reason -> number of skipped rows */
  reasons: Record<string, number>;
  /** note -> number of rows imported with something left out (e.g. a member's unusable e-mail); absent when none */
  notes?: Record<string, number>;
}

/** Skip reasons shared by several files. */
export const Reason = {
  earlier: 'already imported by an earlier run',
  noId: 'row without an Id',
  postAbsent: 'on a post that is not in the dump',
  userAbsent: 'user is not in the dump',
} as const;

/** Per-file counters of one import run, filled by the check pass (decisions are final there). */
export class ImportReport {
  readonly files: Record<string, FileReport> = {};

  private file(name: string): FileReport {
    let f = this.files[name];
    if (!f) this.files[name] = f = { imported: 0, skipped: 0, reasons: {} };
    return f;
  }

  /** Notes that `file` was read (so it is listed even when every count is 0). */
  open(name: string): void {
    this.file(name);
  }

  /** Counts `n` rows of `name` as imported. */
  imported(name: string, n = 1): void {
    this.file(name).imported += n;
  }

  /** Counts `n` rows of `name` as skipped for `reason`. */
  skip(name: string, reason: string, n = 1): void {
    const f = this.file(name);
    f.skipped += n;
    f.reasons[reason] = (f.reasons[reason] ?? 0) + n;
  }

  /** Counts `n` rows of `name`, imported, as imported with the caveat `note`. */
  note(name: string, note: string, n = 1): void {
    const f = this.file(name);
    f.notes ??= {};
    f.notes[note] = (f.notes[note] ?? 0) + n;
  }

  /** Skipped rows over all files. */
  get skipped(): number {
    return Object.values(this.files).reduce((n, f) => n + f.skipped, 0);
  }
}

/**
 * The report as printed by `quorum import`: one line per file, then its reasons, most frequent first, then its
 * notes (rows imported with something left out), e.g.
 * `  Votes.xml          imported 120  skipped 4,000` / `      4,000  anonymous up/down vote ...`.
 */
export function formatReport(files: Record<string, FileReport>): string[] {
  const n = (v: number) => v.toLocaleString('en-US');
  const out: string[] = [];
  for (const [name, f] of Object.entries(files)) {
    out.push(`  ${name.padEnd(18)} imported ${n(f.imported)}, skipped ${n(f.skipped)}`);
    const reasons = Object.entries(f.reasons).sort((a, b) => b[1] - a[1]);
    for (const [reason, count] of reasons) out.push(`      ${n(count).padStart(9)}  ${reason}`);
    for (const [note, count] of Object.entries(f.notes ?? {}).sort((a, b) => b[1] - a[1])) out.push(`      ${n(count).padStart(9)}  ${note}`);
  }
  return out;
}
