/**
 * The built-in proof-of-work captcha (provider `pow_captcha`): no image and nothing to read, so nothing a screen
 * reader cannot pass (WCAG 1.1.1 asks for an alternative to an image-only test). The browser searches a decimal
 * `nonce` such that SHA-256(`${challenge}:${nonce}`) begins with `difficulty` zero bits (Web Crypto) and sends the
 * nonce as `captcha_code`; checking costs the server one hash. The challenge is the captcha's own random id, so a
 * proof fits one stored challenge only and is used up with it; the difficulty at issue time is the secret kept, so
 * a changed setting does not void challenges already out.
 *
 * Each extra bit doubles the expected work: 2^difficulty hashes on average (14 bits: 16 384, about a second on a
 * mid-range phone, docs/ARCHITECTURE.md "Captcha providers").
 */
import { createHash } from 'node:crypto';
import { definePlugin, type CaptchaHooks } from '@quorum/plugin-api';

/** Fewest and most leading zero bits the setting allows (8: instant; 24: minutes on a phone). */
export const POW_DIFFICULTY_MIN = 8;
export const POW_DIFFICULTY_MAX = 24;

/** Longest nonce accepted (decimal digits): more than any search needs, and bounds the hashed text. */
const NONCE_MAX = 16;

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

/** Whether `nonce` solves `challenge` at `difficulty` bits. */
export function powSolves(challenge: string, nonce: string, difficulty: number): boolean {
  if (!/^\d+$/.test(nonce) || nonce.length > NONCE_MAX) return false;
  return leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty;
}

/** The proof-of-work hooks. */
export const powCaptchaHooks: CaptchaHooks = {
  type: 'pow',
  async issue(options, id) {
    const difficulty = Math.min(POW_DIFFICULTY_MAX, Math.max(POW_DIFFICULTY_MIN, Math.round(options.pow_difficulty)));
    return { secret: String(difficulty), challenge: { captcha_type: 'pow', pow: { algorithm: 'SHA-256', challenge: id, difficulty } } };
  },
  async check(_options, id, secret, answer) {
    const difficulty = Number(secret);
    return Number.isInteger(difficulty) && difficulty >= POW_DIFFICULTY_MIN && powSolves(id, answer, difficulty);
  },
};

/** Slug of the built-in proof-of-work captcha. */
export const POW_CAPTCHA_SLUG = 'pow_captcha';

/** The built-in proof-of-work captcha as a plugin of kind `captcha`. */
export const powCaptchaPlugin = definePlugin({
  manifest: { slug_name: POW_CAPTCHA_SLUG, name: 'Proof of work', version: '1.0.0', description: 'The browser solves a short hash puzzle; nothing to read or type.', link: '', kinds: ['captcha'] },
  captcha: powCaptchaHooks,
});
