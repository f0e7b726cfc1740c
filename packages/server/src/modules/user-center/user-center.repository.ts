/**
 * Read-only look-ups of the user center: members linked to an external user system are rows of `external_logins`
 * (migration 001, written by modules/connector) whose `provider` is the user-center plugin's slug.
 */
import { UserStatus } from '@quorum/contract';
import type { Db } from '../../core/db/dialect.js';

/** The id of the (not deleted) member linked to `externalId` through `provider`, or undefined. */
export async function findLinkedUserId(db: Db, provider: string, externalId: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('external_logins')
    .innerJoin('users', 'users.id', 'external_logins.user_id')
    .select('users.id')
    .where('external_logins.provider', '=', provider)
    .where('external_logins.external_id', '=', externalId)
    .where('users.status', '!=', UserStatus.deleted)
    .executeTakeFirst();
  return row?.id;
}

/** The member's external id at `provider`, or undefined when not linked. */
export async function findExternalId(db: Db, userId: string, provider: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('external_logins').select('external_id').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return row?.external_id;
}

/** The id of the member with this username (case as stored: usernames are lower case), or undefined. */
export async function findUserIdByUsername(db: Db, username: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('users').select('id').where('username', '=', username.toLowerCase()).executeTakeFirst();
  return row?.id;
}
