import { describe, expect, it } from 'vitest';
import { diffLines, diffTokens, diffWords } from './diff';

describe('revision diff', () => {
  it('diffs tokens by their longest common subsequence', () => {
    expect(diffTokens(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([
      { op: 'same', text: 'a' },
      { op: 'del', text: 'b' },
      { op: 'ins', text: 'x' },
      { op: 'same', text: 'c' },
    ]);
    expect(diffTokens([], ['n'])).toEqual([{ op: 'ins', text: 'n' }]);
    expect(diffTokens(['o'], [])).toEqual([{ op: 'del', text: 'o' }]);
  });

  it('shows a replaced phrase as one removal and one addition', () => {
    const parts = diffWords('Which hops give beer a citrus aroma?', 'Which hop varieties give pale ale a citrus aroma?');
    expect(parts.filter((p) => p.op === 'del').map((p) => p.text.trim())).toEqual(['hops', 'beer']);
    expect(parts.filter((p) => p.op === 'ins').map((p) => p.text.trim())).toEqual(['hop varieties', 'pale ale']);
    expect(parts.filter((p) => p.op !== 'ins').map((p) => p.text).join('')).toBe('Which hops give beer a citrus aroma?');
    expect(parts.filter((p) => p.op !== 'del').map((p) => p.text).join('')).toBe('Which hop varieties give pale ale a citrus aroma?');
  });

  it('diffs lines and marks the words changed inside an edited line', () => {
    const lines = diffLines('one\ntwo words\nthree', 'one\ntwo new words\nthree\nfour');
    expect(lines.map((l) => [l.op, l.text])).toEqual([
      ['same', 'one'],
      ['del', 'two words'],
      ['ins', 'two new words'],
      ['same', 'three'],
      ['ins', 'four'],
    ]);
    expect(lines[2]!.words!.filter((w) => w.op === 'ins').map((w) => w.text.trim())).toEqual(['new']);
    expect(diffLines('', 'a\nb').every((l) => l.op === 'ins')).toBe(true);
  });

  it('falls back to remove-then-add for very large inputs', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    const parts = diffTokens(a, b);
    expect(parts.map((p) => p.op)).toEqual(['del', 'ins']);
  });
});
