/**
 * Migration 030: tag merges (modules/tag, tag.merge.service.ts; issue #35 item 7, Answer 1.5's tag merge).
 * `tag_merges`: one row per merge of `source_tag_id` into `target_tag_id` by `user_id`. Its id is also the id of
 * the 'merged' activity row on the target's timeline, which is where a moderator undoes it. `moved` holds, as
 * JSON, what the merge changed so that the undo restores exactly that:
 * `{questions, dropped_questions, followers, dropped_followers, synonyms, target_text}` (question ids re-filed
 * from source to target; question ids that had both tags and lost the source link; user ids whose follow moved;
 * user ids that followed both and lost the source follow; tag ids of the source's synonyms; the target's
 * description before the merge, or null when the merge did not change it).
 * `undone_at` 0 while in force, else unix seconds of the undo by `undone_by`.
 */
import type { Kysely } from 'kysely';
import { longText, type DialectName } from '../core/db/dialect.js';

/** Adds the table and its index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('tag_merges')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('source_tag_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_tag_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('moved', longText(dialect), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('undone_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('undone_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('tag_merges_source_idx').on('tag_merges').columns(['source_tag_id', 'undone_at']).execute();
}
