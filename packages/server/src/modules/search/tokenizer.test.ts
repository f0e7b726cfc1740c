import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COFFEE, haveFixtures } from '../../../test/fixtures.js';
import { writeDump } from '../../../test/se-dump.js';
import { htmlText, indexText, queryForms, strongQueryForms, tokenize } from './tokenizer.js';

/** Posts.xml of a generated dump (test/se-dump.ts), as text. */
function generatedPosts(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quorum-tokenizer-'));
  try {
    writeDump(dir, { questions: 150, users: 9 });
    return readFileSync(path.join(dir, 'Posts.xml'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('search tokenizer', () => {
  it('lower-cases words, strips diacritics and splits on punctuation', () => {
    expect(tokenize('Brewing CAFÉ-style Lager, v2!').map((t) => t.text)).toEqual(['brewing', 'cafe', 'style', 'lager', 'v2']);
  });

  it('splits CJK runs into overlapping bigrams, a lone character into a unigram', () => {
    expect(tokenize('如何酿造啤酒').map((t) => t.text)).toEqual(['如何', '何酿', '酿造', '造啤', '啤酒']);
    expect(tokenize('啤酒花 and 酒').map((t) => t.text)).toEqual(['啤酒', '酒花', 'and', '酒']);
    expect(tokenize('ビール醸造').map((t) => t.text)).toEqual(['ビー', 'ール', 'ル醸', '醸造']);
  });

  it('writes index forms of at least 3 letters or digits that are never engine stopwords', () => {
    const forms = tokenize('Is it a 啤酒 or the go2 thing').map((t) => t.form);
    expect(forms).toEqual(['qisq', 'qitq', 'qaq', 'c0gv80spe', 'qorq', 'qtheq', 'go2', 'thing']);
    for (const f of forms) expect(f).toMatch(/^[a-z0-9]{3,}$/);
  });

  it('gives the same forms for a query as for the indexed text', () => {
    const doc = indexText('如何酿造啤酒').split(' ');
    for (const f of queryForms('啤酒')) expect(doc).toContain(f);
    expect(queryForms('酿造啤酒').every((f) => doc.includes(f))).toBe(true);
    expect(queryForms('啤酒花').every((f) => doc.includes(f))).toBe(false);
  });

  it('tokenizes ASCII text (a faster path) exactly as the general path does', () => {
    // The general path runs for any text with a character outside ASCII: ' é' adds one token ('qeq') at the end.
    // Real posts when the fixtures are beside the repository, else a generated dump's (test/se-dump.ts).
    const posts = haveFixtures() ? readFileSync(path.join(COFFEE, 'Posts.xml'), 'utf8') : generatedPosts();
    const texts = [...posts.matchAll(/Body="([^"]*)"/g)].slice(0, 300).map((m) => htmlText(m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')));
    const ascii = texts.filter((t) => /^[^\u0080-\uffff]*$/.test(t));
    expect(ascii.length).toBeGreaterThan(100);
    for (const text of [...ascii, 'Tab\there, CR\r\nLF; under_score a-b 3.14 ~!@#$%^&*() MiXeD 123abc']) {
      const fast = indexText(text);
      expect(indexText(`${text} é`)).toBe(fast ? `${fast} qeq` : 'qeq');
      expect(tokenize(`${text} é`).slice(0, -1)).toEqual(tokenize(text));
    }
    expect(indexText('Tab\there under_score 3.14 ~!@#$ MiXeD')).toBe('tab here under score q3q q14q mixed');
  });

  it('keeps only letters and digits of hostile input', () => {
    expect(queryForms(`"*')-- NEAR( OR ) : ; DROP TABLE`)).toEqual(['near', 'qorq', 'drop', 'table']);
    expect(queryForms('"*\'()--:')).toEqual([]);
    for (const f of queryForms('x'.repeat(10_000) + ' ' + 'ab '.repeat(1000))) expect(f.length).toBeLessThanOrEqual(42);
    expect(queryForms('w '.repeat(5000).split(' ').map((_, i) => `word${i}`).join(' ')).length).toBe(32);
  });

  it('drops weak words for similar-title matching unless nothing else is left', () => {
    expect(strongQueryForms('How to brew a stout')).toEqual(['brew', 'stout']);
    expect(strongQueryForms('is it')).toEqual(['qisq', 'qitq']);
  });

  it('reads the visible text of HTML', () => {
    expect(htmlText('<p>Hops &amp; <code>malt</code></p>').replace(/\s+/g, ' ').trim()).toBe('Hops & malt');
  });
});
