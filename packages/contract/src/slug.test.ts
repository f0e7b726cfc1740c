import { describe, expect, it } from 'vitest';
import { longId, questionPath, shortId, urlTitle } from './slug.js';

// Answer's short ids (its uid package over pacman's EnShortID/DeShortID, salt 100, base 62 `0-9a-zA-Z`,
// least significant digit first; the type takes the first two characters).
describe("Answer's short ids", () => {
  it('encodes the type and the sequence of a long id', () => {
    expect(shortId('10010000000000001')).toBe('D1D1');
    expect(shortId('10020000000000658')).toBe('E1ec');
    expect(shortId('19990000000000654')).toBe('Jhac');
  });

  it('round-trips long ids of every shape Answer tests', () => {
    for (const id of ['10010000000000001', '10030000000000689', '10020009999999999', '10610000000000654', '19990000000000689', '10019000000000676']) {
      expect(longId(shortId(id))).toBe(id);
    }
  });

  it('leaves user ids and long ids alone, and refuses what is not a short id', () => {
    expect(shortId('42')).toBe('42');
    expect(longId('10010000000000001')).toBe('10010000000000001');
    expect(longId('42')).toBe('42');
    expect(longId('ab')).toBeNull();
    expect(longId('not-an-id')).toBeNull();
    expect(longId('zzzzzzzzzzzzz')).toBeNull();
  });
});

describe('question permalinks', () => {
  const q = '10010000000000001';
  const a = '10020000000000002';
  it('builds every style, with and without an answer', () => {
    expect(questionPath(q, 'Hello World', 1)).toBe(`/questions/${q}/hello-world`);
    expect(questionPath(q, 'Hello World', 2)).toBe(`/questions/${q}`);
    expect(questionPath(q, 'Hello World', 3)).toBe('/questions/D1D1/hello-world');
    expect(questionPath(q, 'Hello World', 4)).toBe('/questions/D1D1');
    expect(questionPath(q, 'Hello World', 1, a)).toBe(`/questions/${q}/hello-world/${a}`);
    expect(questionPath(q, 'Hello World', 2, a)).toBe(`/questions/${q}/hello-world/${a}`);
    expect(questionPath(q, 'Hello World', 3, a)).toBe('/questions/D1D1/hello-world/E1E1');
    expect(questionPath(q, 'Hello World', 4, a)).toBe('/questions/D1D1/hello-world/E1E1');
    expect(questionPath(q, 'Hello World', 9)).toBe(`/questions/${q}/hello-world`);
  });

  it("uses the server's slug when given, and slugs the title itself otherwise", () => {
    expect(questionPath(q, '如何酿造啤酒', 1, undefined, 'ru-he-niang-zao-pi-jiu')).toBe(`/questions/${q}/ru-he-niang-zao-pi-jiu`);
    expect(urlTitle('  Hello, World!  ')).toBe('hello-world');
    expect(urlTitle('!!!')).toBe('question');
  });
});
