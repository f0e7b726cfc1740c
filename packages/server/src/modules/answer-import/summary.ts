/**
 * The account of one Answer import: per kind of object, how many rows were read, imported now, found already
 * imported (an earlier run, or the same object already on the site), and left out with the reason.
 */

export interface KindCount {
  read: number;
  imported: number;
  existing: number;
  /** reason -> rows */
  skipped: Record<string, number>;
}

export interface AnswerImportSummary {
  /** The source as given (a DSN without its password). */
  source: string;
  /** Per kind: users, tags, questions, answers, comments, tag_links, revisions, votes, follows, activity, bookmarks, notifications, settings, badges. */
  kinds: Record<string, KindCount>;
  /** Notes on objects merged or renamed (users given a new id, tags merged by name ...). */
  notes: string[];
  seconds: number;
}

/** Collects the counts while an import runs. */
export class SummaryBuilder {
  readonly kinds: Record<string, KindCount> = {};
  readonly notes: string[] = [];

  kind(name: string): KindCount {
    return (this.kinds[name] ??= { read: 0, imported: 0, existing: 0, skipped: {} });
  }

  skip(name: string, reason: string, n = 1): void {
    const k = this.kind(name);
    k.skipped[reason] = (k.skipped[reason] ?? 0) + n;
  }

  note(text: string): void {
    if (this.notes.length < 200) this.notes.push(text);
  }
}

/** The summary as printed by the command line: one line per kind, then the reasons of what was left out. */
export function formatSummary(s: AnswerImportSummary): string {
  const lines = [`Imported ${s.source} in ${s.seconds} s:`, `  ${'kind'.padEnd(15)}${'read'.padStart(9)}${'imported'.padStart(10)}${'existing'.padStart(10)}${'skipped'.padStart(9)}`];
  for (const [name, k] of Object.entries(s.kinds)) {
    const skipped = Object.values(k.skipped).reduce((a, b) => a + b, 0);
    lines.push(`  ${name.padEnd(15)}${String(k.read).padStart(9)}${String(k.imported).padStart(10)}${String(k.existing).padStart(10)}${String(skipped).padStart(9)}`);
  }
  const reasons = Object.entries(s.kinds).flatMap(([name, k]) => Object.entries(k.skipped).map(([why, n]) => `  ${name}: ${n} not carried over: ${why}`));
  if (reasons.length) lines.push('', 'Not carried over:', ...reasons);
  if (s.notes.length) lines.push('', 'Notes:', ...s.notes.map((n) => `  ${n}`));
  return `${lines.join('\n')}\n`;
}
