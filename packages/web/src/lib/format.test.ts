import { describe, expect, it } from 'vitest';
import { capCount, formatCount, splitDuration } from './format';

describe('formatCount (spec §9 number display)', () => {
  it('groups numbers under 10,000 with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(9999)).toBe('9,999');
    expect(formatCount(null)).toBe('0');
  });
  it("uses 'k' with one decimal under a million", () => {
    expect(formatCount(10_000)).toBe('10k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(999_999)).toBe('999.9k');
  });
  it("uses 'm' from a million", () => {
    expect(formatCount(1_000_000)).toBe('1m');
    expect(formatCount(1_250_000)).toBe('1.2m');
    expect(formatCount(34_567_890)).toBe('34.5m');
  });
  it('keeps the sign of negative scores', () => {
    expect(formatCount(-3)).toBe('-3');
    expect(formatCount(-12_345)).toBe('-12.3k');
  });
});

describe('capCount (spec §9 count cap 99)', () => {
  it('shows counts up to 99 and 99+ above', () => {
    expect(capCount(0)).toBe('0');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
    expect(capCount(-1)).toBe('0');
  });
});

describe('splitDuration (spec §9 duration display)', () => {
  it('is under an hour below 3600 s', () => {
    expect(splitDuration(0)).toEqual({ unit: 'under_hour' });
    expect(splitDuration(3599)).toEqual({ unit: 'under_hour' });
  });
  it('counts hours from 1 to 24', () => {
    expect(splitDuration(3600)).toEqual({ unit: 'hours', count: 1 });
    expect(splitDuration(5 * 3600 + 100)).toEqual({ unit: 'hours', count: 5 });
    expect(splitDuration(24 * 3600)).toEqual({ unit: 'hours', count: 24 });
  });
  it('counts days above 24 hours', () => {
    expect(splitDuration(25 * 3600)).toEqual({ unit: 'days', count: 2 });
    expect(splitDuration(72 * 3600)).toEqual({ unit: 'days', count: 3 });
  });
});
