/**
 * Migration 004: columns and indexes for comments, bookmarks, reactions, notifications, timelines and profiles.
 * Adds only (no table rebuilds): notifications.inbox_type, and indexes for the read paths of those calls.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../core/db/dialect.js';

/** Adds the inbox sub-type column and the indexes. */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // Inbox sub-type of a notification (1 posts, 2 votes, 3 invites, 4 messages; 0 for achievements), for
  // GET /notification/page?inbox_type=.
  await db.schema.alterTable('notifications').addColumn('inbox_type', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('notifications_user_time_idx').on('notifications').columns(['user_id', 'type', 'created_at']).execute();
  // Timeline of one post or tag: activity rows by object.
  await db.schema.createIndex('activity_object_id_idx').on('activity').columns(['object_id', 'created_at']).execute();
  // Reputation history of a user.
  await db.schema.createIndex('activity_user_rank_idx').on('activity').columns(['user_id', 'has_rank', 'created_at']).execute();
  // Profile tabs: a user's bookmarks and votes, newest first.
  await db.schema.createIndex('collections_user_time_idx').on('collections').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('collections_object_idx').on('collections').column('object_id').execute();
  await db.schema.createIndex('votes_user_time_idx').on('votes').columns(['user_id', 'created_at']).execute();
  // Reactions and invitations per (object, name, user).
  await db.schema.createIndex('meta_object_user_idx').on('meta').columns(['object_id', 'name', 'user_id']).execute();
}
