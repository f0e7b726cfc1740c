/** The only place that queries `user_codes` (one-time e-mail codes, stored as SHA-256). */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { UserCodesTable } from '../../core/db/schema.js';

export type CodeRow = Selectable<UserCodesTable>;

/** Stores a new code. */
export async function insertCode(db: Db, row: CodeRow): Promise<void> {
  await db.kysely.insertInto('user_codes').values(row).execute();
}

/** A code by its hash and purpose. */
export function findCode(db: Db, codeHash: string, purpose: string): Promise<CodeRow | undefined> {
  return db.kysely.selectFrom('user_codes').selectAll().where('code_hash', '=', codeHash).where('purpose', '=', purpose).executeTakeFirst();
}

/**
 * Marks a code used, only if still unused.
 * @returns true when this call used it (false: someone else did first)
 */
export async function useCode(db: Db, codeHash: string, now: number): Promise<boolean> {
  const r = await db.kysely.updateTable('user_codes').set({ used_at: now }).where('code_hash', '=', codeHash).where('used_at', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks every unused code of a user and purpose used (after a password reset, the other reset links die). */
export async function useAllCodes(db: Db, userId: string, purpose: string, now: number): Promise<void> {
  await db.kysely.updateTable('user_codes').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', '=', 0).execute();
}

/** Deletes codes that expired before `before`. */
export async function deleteExpiredCodes(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom('user_codes').where('expires_at', '<', before).execute();
}
