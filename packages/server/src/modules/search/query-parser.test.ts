import { describe, expect, it } from 'vitest';
import { hasCriteria, parseQuery } from './query-parser.js';

describe('search query parser', () => {
  it('reads every operator and leaves the rest as text', () => {
    expect(parseQuery('yeast [hops] [Malt] is:question score:3 user:bob answers:2 starter')).toEqual({
      text: 'yeast starter',
      tags: ['hops', 'malt'],
      type: 'question',
      minScore: 3,
      user: 'bob',
      minAnswers: 2,
    });
    expect(parseQuery('is:answer')).toEqual({ text: '', tags: [], type: 'answer' });
    expect(parseQuery('[a][b] score:-2')).toEqual({ text: '', tags: ['a', 'b'], minScore: -2 });
    expect(parseQuery('IS:ANSWER Score:1')).toMatchObject({ type: 'answer', minScore: 1 });
  });

  it('treats malformed operators as plain text', () => {
    expect(parseQuery('score:abc')).toEqual({ text: 'score:abc', tags: [] });
    expect(parseQuery('[unclosed')).toEqual({ text: '[unclosed', tags: [] });
    expect(parseQuery('[] [a b]')).toEqual({ text: '[] [a b]', tags: [] });
    expect(parseQuery('answers:-1 answers:x is:comment user:Bad!Name')).toEqual({ text: 'answers:-1 answers:x is:comment user:Bad!Name', tags: [] });
    expect(parseQuery(`[x'--] "quoted" NEAR(a b) OR *`)).toEqual({ text: `[x'--] "quoted" NEAR(a b) OR *`, tags: [] });
    expect(parseQuery('score:99999999999')).toEqual({ text: 'score:99999999999', tags: [] });
  });

  it('caps tags and query length', () => {
    expect(parseQuery('[a] [b] [c] [d] [e] [f] [g]').tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseQuery('x'.repeat(5000)).text.length).toBe(512);
  });

  it('knows when a query asks for nothing', () => {
    expect(hasCriteria(parseQuery('   '))).toBe(false);
    expect(hasCriteria(parseQuery('is:question'))).toBe(true);
    expect(hasCriteria(parseQuery('beer'))).toBe(true);
  });
});
