/**
 * Request-time read of a member's penalty (the penalties themselves are imposed and lifted by modules/penalty):
 * the reason of the silence or suspension in force, for the refusal a penalised member is shown. Read only when
 * a refusal is made, never on an allowed request.
 */
import type { Db } from '../db/index.js';

/**
 * The reason of the newest penalty of `kind` on `userId` that is not lifted and not over at `now`, or '' when none.
 * @param kind 'silence' | 'suspend'
 */
export async function activePenaltyReason(db: Db, userId: string, kind: string, now: number): Promise<string> {
  const row = await db.kysely
    .selectFrom('user_penalties')
    .select('reason')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('lifted_at', '=', 0)
    .where((eb) => eb.or([eb('ends_at', '=', 0), eb('ends_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.reason ?? '';
}
