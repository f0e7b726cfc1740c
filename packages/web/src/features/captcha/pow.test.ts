import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solvePow } from './pow';
import { sha256 } from './sha256';

/** SHA-256 by Web Crypto, the reference. */
const reference = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('proof-of-work solver', () => {
  it('hashes as SHA-256 does, across block boundaries', async () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const s of ['', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'é'.repeat(100), 'pow_captcha.AbC-_:12345']) {
      expect(hex(sha256(new TextEncoder().encode(s)))).toBe(hex(await reference(s)));
    }
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds the first nonce the server accepts', async () => {
    const challenge = 'pow_captcha.test-challenge';
    const nonce = await solvePow(challenge, 12);
    expect(leadingZeroBits(await reference(`${challenge}:${nonce}`))).toBeGreaterThanOrEqual(12);
    for (let n = 0; n < Number(nonce); n++) expect(leadingZeroBits(sha256(new TextEncoder().encode(`${challenge}:${n}`)))).toBeLessThan(12);
  });
});
