/** The only place that queries `captchas`. */
import type { Db } from '../../core/db/index.js';

/** Stores a captcha answer (hashed). */
export async function insertCaptcha(db: Db, row: { id: string; answer_hash: string; action: string; expires_at: number; created_at: number }): Promise<void> {
  await db.kysely.insertInto('captchas').values(row).execute();
}

/**
 * Takes a captcha out of the store: reads it and deletes it; only the caller whose delete removed the row gets it,
 * so each captcha is checked at most once.
 * @returns the stored answer hash, the action it was made for and its expiry, or undefined when unknown or already used
 */
export async function takeCaptcha(db: Db, id: string): Promise<{ answer_hash: string; action: string; expires_at: number } | undefined> {
  const row = await db.kysely.selectFrom('captchas').select(['answer_hash', 'action', 'expires_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const r = await db.kysely.deleteFrom('captchas').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1 ? row : undefined;
}

/** Deletes expired captchas. */
export async function deleteExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom('captchas').where('expires_at', '<', now).execute();
}
