/**
 * A small line and word diff for revision history (longest common subsequence over tokens).
 * Common prefixes and suffixes are trimmed first, so typical edits stay fast; when the remaining middle is
 * still too large for the LCS table (over MAX_CELLS), it is shown as removed-then-added.
 */

/** One piece of a diff: kept, removed (only in the old text) or added (only in the new text). */
export interface DiffPart {
  op: 'same' | 'del' | 'ins';
  text: string;
}

/** A line of a line diff; changed lines paired with their replacement carry word-level parts. */
export interface DiffLine {
  op: 'same' | 'del' | 'ins';
  text: string;
  /** Word-level parts when this line was edited in place (a del line followed by its ins line). */
  words?: DiffPart[];
}

const MAX_CELLS = 4_000_000;

/** Diffs two token lists; adjacent parts of the same kind are merged. */
export function diffTokens(a: readonly string[], b: readonly string[]): DiffPart[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  };
  const emit = (op: DiffPart['op'], tokens: readonly string[]) => tokens.forEach((t) => push(op, t));
  emit('same', a.slice(0, start));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_CELLS) {
    emit('del', midA);
    emit('ins', midB);
  } else if (n && m) {
    // lcs[i][j]: length of the LCS of midA[i..] and midB[j..], in one flat array.
    const lcs = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * (m + 1) + j] = midA[i] === midB[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push('same', midA[i++]!);
        j++;
      } else if (lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!) push('del', midA[i++]!);
      else push('ins', midB[j++]!);
    }
    emit('del', midA.slice(i));
    emit('ins', midB.slice(j));
  } else {
    emit('del', midA);
    emit('ins', midB);
  }
  emit('same', a.slice(endA));
  return out;
}

/** Splits text into words and the whitespace between them (whitespace kept as its own tokens). */
export function words(text: string): string[] {
  return text.split(/(\s+)/).filter((t) => t !== '');
}

/**
 * Joins changes separated only by whitespace into one removed and one added run, so 'hops' -> 'hop varieties'
 * reads as one replacement instead of alternating fragments around the kept spaces.
 */
function joinChanges(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (let i = 0; i < parts.length; ) {
    if (parts[i]!.op === 'same') {
      out.push(parts[i++]!);
      continue;
    }
    let del = '';
    let ins = '';
    for (; i < parts.length; i++) {
      const p = parts[i]!;
      if (p.op === 'del') del += p.text;
      else if (p.op === 'ins') ins += p.text;
      else if (/^\s+$/.test(p.text) && parts[i + 1] && parts[i + 1]!.op !== 'same') {
        del += p.text;
        ins += p.text;
      } else break;
    }
    if (del) out.push({ op: 'del', text: del });
    if (ins) out.push({ op: 'ins', text: ins });
  }
  return out;
}

/** Word diff of two strings. */
export function diffWords(oldText: string, newText: string): DiffPart[] {
  return joinChanges(diffTokens(words(oldText), words(newText)));
}

/**
 * Line diff of two texts. Where a run of removed lines is directly followed by as many added lines, each
 * pair also gets a word diff, so a small edit inside a long line is easy to spot.
 */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  const split = (s: string) => (s === '' ? [] : s.replace(/\r\n?/g, '\n').split('\n'));
  const lines: DiffLine[] = [];
  for (const part of diffTokens(split(oldText).map((l) => `${l}\n`), split(newText).map((l) => `${l}\n`))) {
    for (const line of part.text.slice(0, -1).split('\n')) lines.push({ op: part.op, text: line });
  }
  for (let i = 0; i < lines.length; ) {
    let d = i;
    while (d < lines.length && lines[d]!.op === 'del') d++;
    let e = d;
    while (e < lines.length && lines[e]!.op === 'ins') e++;
    const dels = d - i;
    if (dels > 0 && e - d === dels) {
      for (let k = 0; k < dels; k++) {
        const parts = diffWords(lines[i + k]!.text, lines[d + k]!.text);
        lines[i + k]!.words = parts.filter((p) => p.op !== 'ins');
        lines[d + k]!.words = parts.filter((p) => p.op !== 'del');
      }
    }
    i = Math.max(e, i + 1);
  }
  return lines;
}
