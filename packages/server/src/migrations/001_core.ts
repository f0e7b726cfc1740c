/**
 * Migration 001: the core domain schema for the whole spec (users, sessions, settings, questions, answers,
 * tags, comments, votes, activity, revisions, collections, follows, notifications, reports, outbox, files,
 * reactions, external logins, import map). Portable across SQLite, PostgreSQL and MySQL/MariaDB.
 */
import { sql, type Kysely } from 'kysely';
import { longText, type DialectName } from '../core/db/dialect.js';

/** Creates every table and index. */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const text = longText(dialect);
  const id = 'varchar(32)';
  const now = (c: any) => c.notNull().defaultTo(0);
  const str = (n: number) => sql.raw(`varchar(${n})`);

  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('username', str(64), (c) => c.notNull().unique())
    .addColumn('e_mail', str(320), (c) => c.notNull().unique())
    .addColumn('display_name', str(128), (c) => c.notNull().defaultTo(''))
    .addColumn('pass', str(255), (c) => c.notNull().defaultTo(''))
    .addColumn('mail_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('avatar', str(1024), (c) => c.notNull().defaultTo(''))
    .addColumn('bio', text, (c) => c.notNull())
    .addColumn('bio_html', text, (c) => c.notNull())
    .addColumn('website', str(512), (c) => c.notNull().defaultTo(''))
    .addColumn('location', str(128), (c) => c.notNull().defaultTo(''))
    .addColumn('language', str(16), (c) => c.notNull().defaultTo('Default'))
    .addColumn('color_scheme', str(16), (c) => c.notNull().defaultTo('default'))
    .addColumn('notice_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_placeholder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suspended_until', 'bigint')
    .addColumn('last_login_date', 'bigint', now)
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('users_rank_idx').on('users').columns(['rank', 'id']).execute();

  await db.schema
    .createTable('user_sessions')
    .addColumn('token_hash', str(64), (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addColumn('expires_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', str(64), (c) => c.primaryKey())
    .addColumn('value', text, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', now)
    .execute();

  await db.schema
    .createTable('config')
    .addColumn('name', str(128), (c) => c.primaryKey())
    .addColumn('value', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('id_sequences')
    .addColumn('name', str(32), (c) => c.primaryKey())
    .addColumn('next_value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('last_edit_user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('title', str(600), (c) => c.notNull())
    .addColumn('original_text', text, (c) => c.notNull())
    .addColumn('parsed_text', text, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pin', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unique_view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collection_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_answer_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('last_answer_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('revision_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .addColumn('post_updated_at', 'bigint', now)
    .execute();
  // Keyset paging indexes for the list orders (spec §7 GET /question/page).
  await db.schema.createIndex('questions_newest_idx').on('questions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('questions_active_idx').on('questions').columns(['post_updated_at', 'id']).execute();
  await db.schema.createIndex('questions_score_idx').on('questions').columns(['vote_count', 'id']).execute();
  await db.schema.createIndex('questions_frequent_idx').on('questions').columns(['view_count', 'id']).execute();
  await db.schema.createIndex('questions_user_idx').on('questions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('question_id', id, (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('last_edit_user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('original_text', text, (c) => c.notNull())
    .addColumn('parsed_text', text, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('answers_question_idx').on('answers').columns(['question_id', 'status', 'vote_count']).execute();
  await db.schema.createIndex('answers_user_idx').on('answers').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug_name', str(64), (c) => c.notNull().unique())
    .addColumn('display_name', str(128), (c) => c.notNull())
    .addColumn('original_text', text, (c) => c.notNull())
    .addColumn('parsed_text', text, (c) => c.notNull())
    .addColumn('main_tag_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('revision_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();

  await db.schema
    .createTable('tag_rel')
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('tag_id', id, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', now)
    .addPrimaryKeyConstraint('tag_rel_pk', ['object_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('tag_rel_tag_idx').on('tag_rel').columns(['tag_id', 'object_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('reply_user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('reply_comment_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('question_id', id, (c) => c.notNull())
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('original_text', text, (c) => c.notNull())
    .addColumn('parsed_text', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('comments_object_idx').on('comments').columns(['object_id', 'created_at']).execute();
  await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('votes')
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('object_type', str(16), (c) => c.notNull())
    .addColumn('vote_type', str(8), (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addPrimaryKeyConstraint('votes_pk', ['user_id', 'object_id'])
    .execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('trigger_user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('original_object_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('activity_type', str(64), (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('activity_user_idx').on('activity').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('activity_object_idx').on('activity').columns(['original_object_id', 'created_at']).execute();

  await db.schema
    .createTable('revisions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_type', str(16), (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('title', str(600), (c) => c.notNull().defaultTo(''))
    .addColumn('content', text, (c) => c.notNull())
    .addColumn('log', str(600), (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('reviewer_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('revisions_object_idx').on('revisions').columns(['object_id', 'created_at']).execute();
  await db.schema.createIndex('revisions_status_idx').on('revisions').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addUniqueConstraint('collections_user_object_uq', ['user_id', 'object_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('object_type', str(16), (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'object_id'])
    .execute();
  await db.schema.createIndex('follows_object_idx').on('follows').column('object_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('type', str(32), (c) => c.notNull())
    .addColumn('content', text, (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'type', 'is_read']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('object_type', str(16), (c) => c.notNull())
    .addColumn('reported_user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('report_type', 'integer', (c) => c.notNull())
    .addColumn('content', text, (c) => c.notNull())
    .addColumn('flagged_content', text, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('handled_by', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', str(32), (c) => c.notNull())
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', now)
    .addColumn('last_error', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addColumn('updated_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('path', str(512), (c) => c.notNull())
    .addColumn('mime', str(64), (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .execute();

  await db.schema
    .createTable('meta')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('object_id', id, (c) => c.notNull())
    .addColumn('name', str(64), (c) => c.notNull())
    .addColumn('value', text, (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', now)
    .execute();
  await db.schema.createIndex('meta_object_idx').on('meta').columns(['object_id', 'name']).execute();

  await db.schema
    .createTable('external_logins')
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('provider', str(64), (c) => c.notNull())
    .addColumn('external_id', str(255), (c) => c.notNull())
    .addColumn('info', text, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addPrimaryKeyConstraint('external_logins_pk', ['provider', 'external_id'])
    .execute();

  await db.schema
    .createTable('import_map')
    .addColumn('source', str(128), (c) => c.notNull())
    .addColumn('kind', str(16), (c) => c.notNull())
    .addColumn('external_id', str(64), (c) => c.notNull())
    .addColumn('internal_id', id, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_map_pk', ['source', 'kind', 'external_id'])
    .execute();

  await db.schema
    .createTable('question_links')
    .addColumn('from_question_id', id, (c) => c.notNull())
    .addColumn('to_question_id', id, (c) => c.notNull())
    .addColumn('created_at', 'bigint', now)
    .addPrimaryKeyConstraint('question_links_pk', ['from_question_id', 'to_question_id'])
    .execute();
  await db.schema.createIndex('question_links_to_idx').on('question_links').column('to_question_id').execute();
}
