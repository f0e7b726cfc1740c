/**
 * Solves a proof-of-work captcha (server modules/captcha/providers/pow.ts): the first decimal nonce such that
 * SHA-256 of `${challenge}:${nonce}` starts with `difficulty` zero bits. Hashes with Web Crypto in batches (the
 * digests run off the main thread); without `crypto.subtle` (a page served over plain http) with ./sha256.ts,
 * giving the page a turn every few thousand hashes. Loaded only when a proof-of-work challenge arrives.
 */
import { sha256 } from './sha256';

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const BATCH = 256;

/**
 * @param signal stops the search (rejects with an AbortError)
 * @returns the nonce, as the decimal text sent as `captcha_code`
 */
export async function solvePow(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const enc = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  for (let base = 0; ; base += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const inputs = Array.from({ length: BATCH }, (_, i) => enc.encode(`${challenge}:${base + i}`));
    const digests = subtle ? (await Promise.all(inputs.map((b) => subtle.digest('SHA-256', b)))).map((d) => new Uint8Array(d)) : inputs.map(sha256);
    const hit = digests.findIndex((d) => leadingZeroBits(d) >= difficulty);
    if (hit >= 0) return String(base + hit);
    if (!subtle && base % (BATCH * 16) === 0) await new Promise((r) => setTimeout(r, 0));
  }
}
