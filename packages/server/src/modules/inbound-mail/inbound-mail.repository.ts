/**
 * The only place of modules/inbound-mail that touches Kysely: the processed-message claims (`inbound_mails`,
 * migration 037) and the reply-address key (`config` row `mail.reply_secret`). The table's type is declared here
 * (it is read by this module only).
 */
import type { Kysely } from 'kysely';
import type { Db } from '../../core/db/index.js';

/** A row of `inbound_mails` (migration 037). Times in unix seconds. */
export interface InboundMailRow {
  message_key: string;
  state: 'processing' | 'posted' | 'refused';
  reason: string;
  user_id: string;
  post_id: string;
  claimed_at: number;
  updated_at: number;
}

interface InboundTables {
  inbound_mails: InboundMailRow;
  config: { name: string; value: string };
}

const k = (db: Db) => db.kysely as unknown as Kysely<InboundTables>;

/** The reply-address key, or undefined before migration 037. */
export async function replySecret(db: Db): Promise<string | undefined> {
  const row = await k(db).selectFrom('config').select('value').where('name', '=', 'mail.reply_secret').executeTakeFirst();
  return row?.value || undefined;
}

/**
 * Claims a message: inserts its row in state `processing`.
 * @returns true when this call inserted it; false when the key is already there (a retry or a replay)
 */
export async function insertClaim(db: Db, messageKey: string, now: number): Promise<boolean> {
  const insert = k(db).insertInto('inbound_mails').values({ message_key: messageKey, state: 'processing', reason: '', user_id: '', post_id: '', claimed_at: now, updated_at: now });
  const r = await (db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('message_key').doNothing())).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The row of a message key. */
export function findClaim(db: Db, messageKey: string): Promise<InboundMailRow | undefined> {
  return k(db).selectFrom('inbound_mails').selectAll().where('message_key', '=', messageKey).executeTakeFirst();
}

/**
 * Takes over a stale claim (compare-and-set on its claim time), so only one of two concurrent retries proceeds.
 * @returns true when this call took it
 */
export async function retakeClaim(db: Db, messageKey: string, seenClaimedAt: number, now: number): Promise<boolean> {
  const r = await k(db)
    .updateTable('inbound_mails')
    .set({ claimed_at: now, updated_at: now })
    .where('message_key', '=', messageKey)
    .where('state', '=', 'processing')
    .where('claimed_at', '=', seenClaimedAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records the outcome of a claimed message. */
export async function finishClaim(db: Db, messageKey: string, outcome: { state: 'posted' | 'refused'; reason?: string; userId?: string; postId?: string }, now: number): Promise<void> {
  await k(db)
    .updateTable('inbound_mails')
    .set({ state: outcome.state, reason: (outcome.reason ?? '').slice(0, 191), user_id: outcome.userId ?? '', post_id: outcome.postId ?? '', updated_at: now })
    .where('message_key', '=', messageKey)
    .execute();
}

/** Drops a claim whose processing failed for a passing reason (the sender's retry may then post it). */
export async function releaseClaim(db: Db, messageKey: string): Promise<void> {
  await k(db).deleteFrom('inbound_mails').where('message_key', '=', messageKey).where('state', '=', 'processing').execute();
}
