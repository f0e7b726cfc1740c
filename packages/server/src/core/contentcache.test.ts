import { describe, expect, it } from 'vitest';
import { ContentCache } from './contentcache.js';
import type { Db } from './db/index.js';

/** When full, the cache drops a value not read since the eviction last passed it, so values read again and again stay. */
describe('content cache eviction', () => {
  it('keeps a value read again and drops the oldest value not read since', async () => {
    const cache = new ContentCache<string>('test-a', [], 60_000, 3);
    const db = {} as Db;
    const computed: string[] = [];
    const get = (key: string) =>
      cache.get(db, key, async () => {
        computed.push(key);
        return `value of ${key}`;
      });
    for (const k of ['a', 'b', 'c']) await get(k);
    // a is read again: b is the oldest value not read since.
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
    const cache = new ContentCache<number>('test-b', [], 30, 10);
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

  it('keeps values within a memory bound, values not read lately dropped first, and never keeps one larger than the bound', async () => {
    const cache = new ContentCache<string>('test-c', [], 60_000, 100, { weigh: (v) => v.length, max: 10 });
    const db = {} as Db;
    const computed: string[] = [];
    const get = (key: string, value: string) =>
      cache.get(db, key, async () => {
        computed.push(key);
        return value;
      });
    await get('a', 'aaaa');
    await get('b', 'bbbb');
    expect(cache.size(db)).toEqual({ entries: 2, weight: 8 });
    await get('a', 'aaaa'); // read again; b is not
    await get('c', 'cccc'); // 12 > 10: b goes
    expect(cache.size(db)).toEqual({ entries: 2, weight: 8 });
    computed.length = 0;
    await get('a', 'aaaa');
    await get('c', 'cccc');
    expect(computed).toEqual([]);
    await get('b', 'bbbb');
    expect(computed).toEqual(['b']);
    await get('huge', 'x'.repeat(11));
    await get('huge', 'x'.repeat(11));
    expect(computed).toEqual(['b', 'huge', 'huge']);
    expect(cache.size(db).weight).toBeLessThanOrEqual(10);
    // b came back in place of a; a dropped value gives its weight back.
    expect(cache.size(db)).toEqual({ entries: 2, weight: 8 });
    cache.delete(db, 'b');
    expect(cache.size(db)).toEqual({ entries: 1, weight: 4 });
  });
});
