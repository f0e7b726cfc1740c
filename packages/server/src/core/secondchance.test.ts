import { describe, expect, it } from 'vitest';
import { SecondChance } from './secondchance.js';

/** The eviction cursor (secondchance.ts) picks entries not read since it last passed, in insertion order. */
describe('second-chance eviction', () => {
  it('skips entries read since it last passed, once, and goes on from where it stopped', () => {
    const map = new Map<string, { read: boolean }>();
    const eviction = new SecondChance(map);
    expect(eviction.victim()).toBeUndefined();
    for (const k of ['a', 'b', 'c', 'd']) map.set(k, { read: false });
    map.get('a')!.read = true;
    map.get('b')!.read = true;
    expect(eviction.victim()).toBe('c'); // a and b lose their marks
    map.delete('c');
    expect(eviction.victim()).toBe('d');
    map.delete('d');
    map.set('e', { read: false });
    map.get('a')!.read = true;
    // From d's place: e, not yet passed, then round again to a (marked again) and b.
    expect(eviction.victim()).toBe('e');
    map.delete('e');
    expect(eviction.victim()).toBe('b');
    // Every entry read: one full turn clears the marks, then the first is picked.
    map.get('a')!.read = true;
    map.get('b')!.read = true;
    expect(eviction.victim()).toBe('a');
  });
});
