/** Session lookups the web session cookie needs (the sessions themselves are written by user.repository.ts). */
import type { Db } from '../../core/db/index.js';

/** The expiry (unix seconds) of an unexpired session, or undefined when it is unknown or over. */
export async function findSessionExpiry(db: Db, tokenHash: string, now: number): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('user_sessions')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? Number(row.expires_at) : undefined;
}
