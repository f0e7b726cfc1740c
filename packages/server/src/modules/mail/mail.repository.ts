/**
 * The only place the mail module queries: the `smtp` row of `settings` and the `outbox` table.
 * Outbox statuses: see OutboxStatus in outbox.ts.
 */
import { sql } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import { transaction, type Db } from '../../core/db/index.js';
import type { OutboxTable } from '../../core/db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

/** The stored SMTP settings document, or undefined when never saved. */
export async function loadSmtpRow(db: Db): Promise<unknown> {
  const row = await db.kysely.selectFrom('settings').select('value').where('name', '=', 'smtp').executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value);
  } catch {
    return undefined;
  }
}

/** Inserts or replaces the SMTP settings document. */
export async function saveSmtpRow(db: Db, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await transaction(db, async (tx) => {
    const r = await tx.kysely.updateTable('settings').set({ value: json, updated_at: now }).where('name', '=', 'smtp').executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await tx.kysely.insertInto('settings').values({ name: 'smtp', value: json, updated_at: now }).execute();
  });
}

/**
 * Inserts one outbox row. A row with a `dedup_key` already queued (same event and recipient) is not inserted
 * again: the unique index decides, so two nodes or a retried request cannot both queue it.
 * @returns false when the key was already queued
 */
export async function insertOutbox(db: Db, row: Insertable<OutboxTable>): Promise<boolean> {
  const insert = db.kysely.insertInto('outbox').values(row);
  if (!row.dedup_key) {
    await insert.execute();
    return true;
  }
  const r = await (db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('dedup_key').doNothing())).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Which of these outbox keys are already queued (any status): a mailer that must not repeat another's e-mail asks. */
export async function queuedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.kysely.selectFrom('outbox').select('dedup_key').where('dedup_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.dedup_key ?? ''));
}

/**
 * Rows a worker may take now: pending and due, or stuck in `sending` since before `staleBefore`
 * (a worker that died mid-send). Oldest first.
 */
export function findDue(db: Db, kind: string, now: number, pending: number, sending: number, staleBefore: number, limit: number): Promise<OutboxRow[]> {
  return db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', pending), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', sending), eb('updated_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a row for sending with a compare-and-set on the status and update time the caller saw, so of two
 * workers (or nodes) only one wins. Counts the attempt.
 * @returns true when this caller holds the row
 */
export async function claim(db: Db, row: Pick<OutboxRow, 'id' | 'status' | 'updated_at'>, sending: number, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('outbox')
    .set({ status: sending, updated_at: now, attempts: sql`attempts + 1` })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets the status, next attempt time, note and (optionally) payload of a row this worker holds. */
export async function finish(db: Db, id: string, patch: { status: number; next_attempt_at?: number; last_error: string; payload?: string }, now: number): Promise<void> {
  await db.kysely.updateTable('outbox').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/** Puts a note on pending rows without one (e.g. "SMTP is not configured"). */
export async function notePending(db: Db, kind: string, pending: number, note: string, now: number): Promise<void> {
  await db.kysely.updateTable('outbox').set({ last_error: note, updated_at: now }).where('kind', '=', kind).where('status', '=', pending).where('last_error', '=', '').execute();
}

/** Number of pending rows of a kind. */
export async function countPending(db: Db, kind: string, pending: number): Promise<number> {
  const r = await db.kysely.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', kind).where('status', '=', pending).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** One row by id (tests, admin). */
export function findOutbox(db: Db, id: string): Promise<OutboxRow | undefined> {
  return db.kysely.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
