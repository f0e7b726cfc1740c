/**
 * Application-generated ids, Answer-style (answer-compat.md "IDs and enums"):
 * "1" + 3-digit object type + 13-digit sequence, e.g. question `10010000000000001`; users are plain numbers.
 * Sequences live in the `id_sequences` table and are handed out in blocks, so several app nodes sharing a
 * database never collide and an insert needs no RETURNING (MySQL has none).
 * Rule: take ids BEFORE opening a transaction. A refill opens its own transaction, which on SQLite (one
 * connection) would wait forever behind the caller's, and elsewhere could be rolled back with the caller's.
 */
import { sql } from 'kysely';
import { ObjectType, type ObjectTypeName } from '@quorum/contract';
import type { Db } from './dialect.js';

const BLOCK = 50;

interface Block {
  next: number;
  end: number; // exclusive
}

/** Id allocator bound to one database. */
export class IdGenerator {
  private blocks = new Map<string, Block>();
  private pending = new Map<string, Promise<void>>();
  private known = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Reserves `count` consecutive sequence numbers for `name` in one transaction.
   * @returns the first reserved number
   */
  async reserve(name: string, count: number): Promise<number> {
    if (!this.known.has(name)) {
      // Create the counter row if missing; a concurrent creator is fine (the insert is ignored).
      const insert = this.db.kysely.insertInto('id_sequences').values({ name, next_value: 1 });
      await (this.db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('name').doNothing())).execute();
      this.known.add(name);
    }
    return this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('id_sequences')
        .set({ next_value: sql`next_value + ${count}` })
        .where('name', '=', name)
        .execute();
      const row = await trx.selectFrom('id_sequences').select('next_value').where('name', '=', name).executeTakeFirstOrThrow();
      return Number(row.next_value) - count;
    });
  }

  private async nextSeq(name: string): Promise<number> {
    for (;;) {
      const b = this.blocks.get(name);
      if (b && b.next < b.end) return b.next++;
      let p = this.pending.get(name);
      if (!p) {
        p = this.reserve(name, BLOCK).then((start) => {
          this.blocks.set(name, { next: start, end: start + BLOCK });
        }).finally(() => this.pending.delete(name));
        this.pending.set(name, p);
      }
      await p;
    }
  }

  /** Next id for an object type, e.g. `next('question')` -> "10010000000000042". */
  async next(type: ObjectTypeName): Promise<string> {
    const seq = await this.nextSeq(type);
    return type === 'user' ? String(seq) : formatId(type, seq);
  }
}

/** Formats a sequence number as an Answer-style id of `type`. */
export function formatId(type: ObjectTypeName, seq: number): string {
  if (type === 'user') return String(seq);
  return `1${String(ObjectType[type]).padStart(3, '0')}${String(seq).padStart(13, '0')}`;
}

/** The object type encoded in an id, or undefined for user ids and malformed ids. */
export function objectTypeOf(id: string): ObjectTypeName | undefined {
  if (!/^1\d{16}$/.test(id)) return undefined;
  const code = Number(id.slice(1, 4));
  return (Object.keys(ObjectType) as ObjectTypeName[]).find((k) => ObjectType[k] === code);
}
