/**
 * Migration 033: community wiki posts (modules/wiki; issue #35 item 5, Stack Exchange's community wiki).
 * `questions.wiki_at` and `answers.wiki_at`: 0 while the post is an ordinary post, else unix seconds of when it
 * became community wiki. A wiki post is edited directly by members with the `wiki.edit` privilege, and votes and
 * acceptance after that moment earn its author no reputation (what was earned before stays).
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the two columns. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('questions').addColumn('wiki_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('answers').addColumn('wiki_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
