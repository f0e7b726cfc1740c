/**
 * The `counters` table (migration 025): one row per counter key, `hits` within the window that ends at `reset_at`
 * (unix ms). Read and written only through core/counters.ts `DatabaseCounters`, which this file serves.
 */
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation, transaction, type Db } from './index.js';
import type { WindowCount } from '../../cluster.counters.js';

/** Types of the `counters` table (migration 025); only core/counters.ts (through this file) uses it. */
type CounterTables = {
  counters: { name: string; hits: number; reset_at: number };
};

/** A handle typed for the `counters` table only (the app's schema types leave it out: no other code uses it). */
const own = (k: Db['kysely']): Kysely<CounterTables> => k as unknown as Kysely<CounterTables>;

/** The row of `name`, or undefined. */
export async function findCounterRow(db: Db, name: string): Promise<{ hits: number; reset_at: number } | undefined> {
  return own(db.kysely).selectFrom('counters').select(['hits', 'reset_at']).where('name', '=', name).executeTakeFirst();
}

/** Deletes the row of `name` (a counter cleared). */
export async function deleteCounterRow(db: Db, name: string): Promise<void> {
  await own(db.kysely).deleteFrom('counters').where('name', '=', name).execute();
}

/** One hit on the row `name` (see DatabaseCounters). @throws the database's error */
export async function hitRow(db: Db, name: string, ms: number): Promise<WindowCount> {
  for (let round = 0; ; round++) {
    const now = Date.now();
    const row = await bumpRow(db, name, now, ms);
    if (row) return { count: Number(row.hits), resetAt: Number(row.reset_at) };
    try {
      await own(db.kysely).insertInto('counters').values({ name, hits: 1, reset_at: now + ms }).execute();
      return { count: 1, resetAt: now + ms };
    } catch (err) {
      if (!isUniqueViolation(err) || round >= 3) throw err;
    }
  }
}

/**
 * Increments the row `name`, or restarts its window when it ended at `now`; returns the row after the change, or
 * undefined when there is no row. SQLite and PostgreSQL in one statement (`UPDATE ... RETURNING`); MySQL, which has
 * no RETURNING, in a transaction: the UPDATE's row lock holds until the read back, so the read is this hit's count.
 */
async function bumpRow(db: Db, name: string, now: number, ms: number): Promise<{ hits: number; reset_at: number } | undefined> {
  const bump = (k: Kysely<CounterTables>) =>
    k
      .updateTable('counters')
      // `hits` is set before `reset_at`: MySQL evaluates SET items in order, each seeing the ones before, and both
      // conditions must read the old `reset_at`.
      .set({
        hits: sql<number>`case when reset_at <= ${now} then 1 else hits + 1 end`,
        reset_at: sql<number>`case when reset_at <= ${now} then ${now + ms} else reset_at end`,
      })
      .where('name', '=', name);
  if (db.dialect !== 'mysql') return bump(own(db.kysely)).returning(['hits', 'reset_at']).executeTakeFirst();
  return transaction(db, async (tx) => {
    const k = own(tx.kysely);
    const updated = await bump(k).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return k.selectFrom('counters').select(['hits', 'reset_at']).where('name', '=', name).executeTakeFirstOrThrow();
  });
}

/** Deletes the rows whose window ended more than a minute ago. */
export async function sweepCounters(db: Db): Promise<void> {
  await own(db.kysely).deleteFrom('counters').where('reset_at', '<', Date.now() - 60_000).execute();
}

