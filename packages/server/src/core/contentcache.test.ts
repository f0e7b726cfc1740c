import { describe, expect, it } from 'vitest';
import { ContentCache } from './contentcache.js';
import type { Db } from './db/index.js';

/** The cache drops the value read least recently when full, so values read again and again stay. */
describe('content cache eviction', () => {
  it('keeps the values read most recently and drops the least recently read', async () => {
    const cache = new ContentCache<string>(60_000, 3);
    const db = {} as Db;
    const computed: string[] = [];
    const get = (key: string) =>
      cache.get(db, key, async () => {
        computed.push(key);
        return `value of ${key}`;
      });
    for (const k of ['a', 'b', 'c']) await get(k);
    // a is read again: now b is the least recently read.
    expect(await get('a')).toBe('value of a');
    await get('d');
    computed.length = 0;
    expect(await get('a')).toBe('value of a');
    expect(await get('c')).toBe('value of c');
    expect(await get('d')).toBe('value of d');
    expect(computed).toEqual([]);
    expect(await get('b')).toBe('value of b');
    expect(computed).toEqual(['b']);
  });

  it('reads a value anew once it is older than its maximum age, and after a clear', async () => {
    const cache = new ContentCache<number>(30, 10);
    const db = {} as Db;
    let n = 0;
    const get = () => cache.get(db, 'k', async () => ++n);
    expect(await get()).toBe(1);
    expect(await get()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get()).toBe(2);
    cache.clear();
    expect(await get()).toBe(3);
  });
});
