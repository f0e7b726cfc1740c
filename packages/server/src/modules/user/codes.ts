/**
 * One-time codes sent by e-mail: 32 random bytes (base64url) in the link; only the SHA-256 is stored, with an
 * expiry; single use (except unsubscribe codes, which may be clicked again).
 * Lifetimes: activation 24 h, password reset 1 h, e-mail change 24 h, unsubscribe 30 days.
 */
import { createHash, randomBytes } from 'node:crypto';
import { nowSeconds } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { forbidden } from '../../core/errors.js';
import * as repo from './codes.repository.js';

export const CODE_TTL_SECONDS = {
  activate: 24 * 60 * 60,
  reset_password: 60 * 60,
  change_email: 24 * 60 * 60,
  unsubscribe: 30 * 24 * 60 * 60,
} as const;
export type CodePurpose = keyof typeof CODE_TTL_SECONDS;

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** A fresh random code (43 characters, URL-safe). */
export function newCode(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Stores a code for a user (its hash, purpose, payload and expiry).
 * @param payload JSON-able data bound to the code (e.g. `{e_mail}` of an e-mail change)
 */
export async function storeCode(db: Db, userId: string, code: string, purpose: CodePurpose, payload: Record<string, unknown> = {}): Promise<void> {
  const now = nowSeconds();
  await repo.insertCode(db, { code_hash: hashCode(code), user_id: userId, purpose, payload: JSON.stringify(payload), expires_at: now + CODE_TTL_SECONDS[purpose], used_at: 0, created_at: now });
}

/**
 * Creates and stores a code for a user.
 * @returns the raw code (goes into the link; never stored)
 */
export async function issueCode(db: Db, userId: string, purpose: CodePurpose, payload: Record<string, unknown> = {}): Promise<string> {
  const code = newCode();
  await storeCode(db, userId, code, purpose, payload);
  return code;
}

/**
 * Checks a code without using it.
 * @throws 403 `url_expired` when unknown, expired or already used
 */
export async function peekCode(db: Db, code: string, purpose: CodePurpose): Promise<{ userId: string; payload: Record<string, unknown>; hash: string }> {
  const row = code ? await repo.findCode(db, hashCode(code), purpose) : undefined;
  const reusable = purpose === 'unsubscribe';
  if (!row || row.expires_at < nowSeconds() || (!reusable && row.used_at !== 0)) throw forbidden('error.email.link_expired', 'url_expired');
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    // An empty payload is fine.
  }
  return { userId: row.user_id, payload, hash: row.code_hash };
}

/**
 * Uses a code (single use: of two concurrent calls only one succeeds). Run inside the transaction that does the
 * code's work, so a failure there leaves the code unused.
 * @throws 403 `url_expired` when it was used meanwhile
 */
export async function consumeCode(db: Db, hash: string): Promise<void> {
  if (!(await repo.useCode(db, hash, nowSeconds()))) throw forbidden('error.email.link_expired', 'url_expired');
}

/** Uses up every open code of a user and purpose. */
export async function revokeCodes(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await repo.useAllCodes(db, userId, purpose, nowSeconds());
}

/** Removes codes expired for more than a day (housekeeping). */
export async function sweepCodes(db: Db): Promise<void> {
  await repo.deleteExpiredCodes(db, nowSeconds() - 24 * 60 * 60);
}
