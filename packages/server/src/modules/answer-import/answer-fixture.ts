/**
 * Test support: builds a small Apache Answer 1.x database in a SQLite file. The tables are written here from
 * the column lists of Answer's entities (internal/entity/*.go, as its migrations create them with xorm: BIGINT
 * ids, TIMESTAMP times, MEDIUMTEXT bodies), only the tables and columns the importer reads plus a few it must
 * ignore. Content: four users with bcrypt passwords (one is the Quorum admin's e-mail), tags with a synonym,
 * two questions, answers with an accepted one, comments with a reply, votes and a cancelled vote in `activity`,
 * follows, revisions, a bookmark, a notification, linked questions, a GitHub login binding, a flag, site settings
 * and a badge award.
 */
import SQLite from 'better-sqlite3';
import { hashSync } from '@node-rs/bcrypt';

const DDL = `
create table "user" (id bigint primary key, created_at timestamp, updated_at timestamp, suspended_at timestamp, deleted_at timestamp,
  last_login_date timestamp, username varchar(50) not null default '' unique, pass varchar(255) not null default '', e_mail varchar(100) not null,
  mail_status tinyint not null default 2, notice_status int not null default 2, follow_count int not null default 0, answer_count int not null default 0,
  question_count int not null default 0, "rank" int not null default 0, status int not null default 1, authority_group int not null default 1,
  display_name varchar(30) not null default '', avatar varchar(1024) not null default '', mobile varchar(20) not null default '', bio text not null default '',
  bio_html text not null default '', website varchar(255) not null default '', location varchar(100) not null default '', ip_info varchar(255) not null default '',
  is_admin bool not null default 0, language varchar(100) not null default '', color_scheme varchar(100) not null default '');
create table user_role_rel (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, user_id bigint not null default 0, role_id int not null default 0);
create table config (id integer primary key autoincrement, "key" varchar(100), value text);
create table tag (id bigint primary key, created_at timestamp, updated_at timestamp, main_tag_id bigint not null default 0, main_tag_slug_name varchar(35) not null default '',
  slug_name varchar(35) not null default '' unique, display_name varchar(35) not null default '', original_text mediumtext not null, parsed_text mediumtext not null,
  follow_count int not null default 0, question_count int not null default 0, status int not null default 1, recommend bool not null default 0,
  reserved bool not null default 0, revision_id bigint not null default 0, user_id bigint not null default 0);
create table tag_rel (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, object_id bigint not null, tag_id bigint not null, status int not null default 1);
create table question (id bigint primary key, created_at timestamp not null default current_timestamp, updated_at timestamp, user_id bigint not null default 0,
  invite_user_id text, last_edit_user_id bigint not null default 0, title varchar(150) not null default '', original_text mediumtext not null, parsed_text mediumtext not null,
  pin int not null default 1, "show" int not null default 1, status int not null default 1, view_count int not null default 0, unique_view_count int not null default 0,
  vote_count int not null default 0, answer_count int not null default 0, collection_count int not null default 0, follow_count int not null default 0,
  accepted_answer_id bigint not null default 0, last_answer_id bigint not null default 0, post_update_time timestamp, revision_id bigint not null default 0,
  hot_score int not null default 0, linked_count int not null default 0);
create table answer (id bigint primary key, created_at timestamp not null default current_timestamp, updated_at timestamp, question_id bigint not null default 0,
  user_id bigint not null default 0, last_edit_user_id bigint not null default 0, original_text mediumtext not null, parsed_text mediumtext not null,
  status int not null default 1, adopted int not null default 1, comment_count int not null default 0, vote_count int not null default 0, revision_id bigint not null default 0);
create table comment (id bigint primary key, created_at timestamp, updated_at timestamp, user_id bigint not null default 0, reply_user_id bigint, reply_comment_id bigint,
  object_id bigint not null default 0, question_id bigint not null default 0, vote_count int not null default 0, status tinyint not null default 0,
  original_text mediumtext not null, parsed_text mediumtext not null);
create table activity (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, cancelled_at timestamp, user_id bigint not null,
  trigger_user_id bigint not null default 0, object_id bigint not null default 0, original_object_id bigint not null default 0, activity_type int not null,
  cancelled tinyint not null default 0, "rank" int not null default 0, has_rank tinyint not null default 0, revision_id bigint not null default 0);
create table revision (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, user_id bigint not null default 0, object_type int not null default 0,
  object_id bigint not null default 0, title varchar(255) not null default '', content mediumtext not null, log varchar(255), status int not null default 1,
  review_user_id bigint not null default 0);
create table collection (id bigint primary key, created_at timestamp, updated_at timestamp, user_id bigint not null default 0, object_id bigint not null default 0,
  user_collection_group_id bigint not null default 0);
create table notification (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, user_id bigint not null default 0,
  object_id bigint not null default 0, content text not null, type int not null default 0, is_read int not null default 1, status int not null default 1);
create table site_info (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, type varchar(256) not null default '', content mediumtext not null,
  status int not null default 1);
create table question_link (id integer primary key autoincrement, created_at timestamp not null default current_timestamp, updated_at timestamp,
  from_question_id bigint not null default 0, from_answer_id bigint, to_question_id bigint not null default 0, to_answer_id bigint, status int not null default 1);
create table user_external_login (id integer primary key autoincrement, created_at timestamp, updated_at timestamp, user_id bigint not null default 0,
  provider varchar(100) not null default '', external_id varchar(128) not null default '', meta_info text);
create table report (id bigint primary key, created_at timestamp, updated_at timestamp, user_id bigint not null, object_type int not null default 0, object_id bigint not null,
  reported_user_id bigint not null default 0, report_type int not null default 0, content text not null, flagged_content text, handled_content text, status int not null default 1);
create table badge_award (id bigint primary key, created_at timestamp, updated_at timestamp, user_id bigint not null, badge_id bigint not null,
  award_key varchar(64) not null, badge_group_id bigint not null, is_badge_deleted tinyint not null default 0);
`;

/** Answer's config ids of the activity types used here (internal/migrations/init_data.go). */
const CONFIG: Array<[number, string]> = [
  [1, 'answer.accepted'], [3, 'question.voted_up'], [2, 'answer.voted_up'], [5, 'answer.accept'], [12, 'answer.vote_down'], [14, 'answer.voted_down'],
  [24, 'user.follow'], [28, 'question.vote_up'], [30, 'answer.vote_up'], [32, 'question.follow'], [35, 'tag.follow'], [87, 'question.asked'],
  [97, 'answer.answered'], [33, 'email.config'],
];

/** Ids and passwords of the generated content, for assertions. */
export const FIXTURE = {
  admin: { id: '1', email: 'admin@example.com' },
  alice: { id: '2', username: 'alice', email: 'alice@answer.test', password: 'alice-old-pass' },
  bob: { id: '3', username: 'bob', email: 'bob@answer.test', password: 'bob-old-pass' },
  carol: { id: '4', username: 'carol', email: 'carol@answer.test', password: 'carol-old-pass' },
  tags: { support: '10030000000000001', javascript: '10030000000000005', js: '10030000000000006' },
  q1: { id: '10010000000000002', title: 'How do closures capture loop variables?' },
  q2: { id: '10010000000000003', title: 'Where is the support forum for plugins?' },
  a1: '10020000000000004',
  a2: '10020000000000007',
  c1: '10070000000000008',
  c2: '10070000000000010',
  bookmark: '10060000000000009',
  /** Rows of the tables read in batches and the tag table (the progress total). */
  rows: 0,
};

/**
 * Writes the Answer database to `file` (which must not exist).
 * @returns the number of rows the importer reads in batches (users, posts, comments, links, activity ...)
 */
export function buildAnswerFixture(file: string): number {
  const db = new SQLite(file);
  db.exec(DDL);
  const t = (day: number) => `2024-03-${String(day).padStart(2, '0')} 10:00:00`;
  const ins = (table: string, row: Record<string, unknown>) => {
    const cols = Object.keys(row);
    db.prepare(`insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`).run(...cols.map((c) => row[c] as never));
  };
  const bc = (pw: string) => hashSync(pw, { cost: 4 });
  for (const [id, key] of CONFIG) ins('config', { id, key, value: '0' });
  const users = [
    { id: 1, username: 'admin', e_mail: FIXTURE.admin.email, pass: bc('answer-admin-pass'), rank: 1, role: 2 },
    { id: 2, username: 'alice', e_mail: FIXTURE.alice.email, pass: bc(FIXTURE.alice.password), rank: 31, role: 1 },
    { id: 3, username: 'bob', e_mail: FIXTURE.bob.email, pass: bc(FIXTURE.bob.password), rank: 26, role: 3 },
    { id: 4, username: 'carol', e_mail: FIXTURE.carol.email, pass: bc(FIXTURE.carol.password), rank: 1, role: 1 },
  ];
  for (const u of users) {
    ins('user', { id: u.id, created_at: t(1), updated_at: t(2), username: u.username, pass: u.pass, e_mail: u.e_mail, mail_status: 1, rank: u.rank, display_name: u.username[0]!.toUpperCase() + u.username.slice(1), bio: '', bio_html: '' });
    ins('user_role_rel', { user_id: u.id, role_id: u.role, created_at: t(1) });
  }
  const tag = (id: string, slug: string, main = '0') => ins('tag', { id, created_at: t(1), updated_at: t(1), slug_name: slug, display_name: slug, original_text: `About ${slug}.`, parsed_text: `<p>About ${slug}.</p>`, main_tag_id: main, user_id: 1 });
  tag(FIXTURE.tags.support, 'support');
  tag(FIXTURE.tags.javascript, 'javascript');
  tag(FIXTURE.tags.js, 'js', FIXTURE.tags.javascript);
  ins('question', { id: FIXTURE.q1.id, created_at: t(3), updated_at: t(3), user_id: 2, last_edit_user_id: 2, title: FIXTURE.q1.title, original_text: 'A `for` loop with `var` prints **3** three times. Why?', parsed_text: '<p>old html</p>', vote_count: 2, answer_count: 2, accepted_answer_id: FIXTURE.a1, last_answer_id: FIXTURE.a2, post_update_time: t(5), revision_id: 1, view_count: 12 });
  ins('question', { id: FIXTURE.q2.id, created_at: t(4), updated_at: t(4), user_id: 3, title: FIXTURE.q2.title, original_text: 'I cannot find where plugin questions belong.', parsed_text: '', post_update_time: t(4) });
  ins('answer', { id: FIXTURE.a1, created_at: t(4), updated_at: t(4), question_id: FIXTURE.q1.id, user_id: 3, original_text: 'Use `let`: each iteration gets a fresh binding.', parsed_text: '', adopted: 2, vote_count: 2, revision_id: 2 });
  ins('answer', { id: FIXTURE.a2, created_at: t(5), updated_at: t(5), question_id: FIXTURE.q1.id, user_id: 4, original_text: 'Wrap the body in an IIFE.', parsed_text: '', vote_count: -1 });
  ins('comment', { id: FIXTURE.c1, created_at: t(4), updated_at: t(4), user_id: 4, object_id: FIXTURE.q1.id, question_id: FIXTURE.q1.id, status: 1, original_text: 'Which browser do you use?', parsed_text: '' });
  ins('comment', { id: FIXTURE.c2, created_at: t(5), updated_at: t(5), user_id: 2, reply_user_id: 4, reply_comment_id: FIXTURE.c1, object_id: FIXTURE.q1.id, question_id: FIXTURE.q1.id, status: 1, vote_count: 1, original_text: 'Firefox, but it happens everywhere.', parsed_text: '' });
  ins('tag_rel', { object_id: FIXTURE.q1.id, tag_id: FIXTURE.tags.javascript, status: 1, created_at: t(3) });
  ins('tag_rel', { object_id: FIXTURE.q2.id, tag_id: FIXTURE.tags.support, status: 1, created_at: t(4) });
  const act = (user: number, type: number, object: string, extra: Record<string, unknown> = {}) => ins('activity', { created_at: t(5), updated_at: t(5), user_id: user, object_id: object, original_object_id: FIXTURE.q1.id, activity_type: type, ...extra });
  act(2, 87, FIXTURE.q1.id);
  act(3, 28, FIXTURE.q1.id); // bob and carol vote q1 up; alice gets the reputation
  act(2, 3, FIXTURE.q1.id, { trigger_user_id: 3, rank: 10, has_rank: 1 });
  act(4, 28, FIXTURE.q1.id);
  act(2, 3, FIXTURE.q1.id, { trigger_user_id: 4, rank: 10, has_rank: 1 });
  act(2, 30, FIXTURE.a1); // alice and carol vote a1 up, bob votes a2 down
  act(4, 30, FIXTURE.a1);
  act(3, 12, FIXTURE.a2, { rank: -1, has_rank: 1 });
  act(3, 28, FIXTURE.q2.id, { cancelled: 1 }); // an undone vote: not a vote
  act(2, 5, FIXTURE.a1, { rank: 2, has_rank: 1 });
  act(3, 1, FIXTURE.a1, { trigger_user_id: 2, rank: 15, has_rank: 1 });
  act(4, 32, FIXTURE.q1.id); // carol follows q1, alice follows the javascript tag, bob follows alice (not kept)
  act(2, 35, FIXTURE.tags.javascript, { original_object_id: 0 });
  act(3, 24, '2', { original_object_id: 0 });
  act(4, 4242, FIXTURE.q1.id); // an activity type missing from config
  ins('comment', { id: '10070000000000011', created_at: t(6), user_id: 3, object_id: FIXTURE.a1, question_id: FIXTURE.q1.id, status: 10, original_text: 'deleted remark', parsed_text: '' });
  ins('revision', { created_at: t(3), user_id: 2, object_type: 1, object_id: FIXTURE.q1.id, title: FIXTURE.q1.title, status: 1, content: JSON.stringify({ ID: FIXTURE.q1.id, Title: FIXTURE.q1.title, OriginalText: 'A `for` loop with `var` prints **3** three times. Why?', tags: [{ ID: FIXTURE.tags.javascript, SlugName: 'javascript', DisplayName: 'javascript' }] }) });
  ins('revision', { created_at: t(4), user_id: 3, object_type: 2, object_id: FIXTURE.a1, title: '', status: 1, content: JSON.stringify({ ID: FIXTURE.a1, OriginalText: 'Use `let`: each iteration gets a fresh binding.' }) });
  ins('collection', { id: FIXTURE.bookmark, created_at: t(5), updated_at: t(5), user_id: 4, object_id: FIXTURE.q1.id, user_collection_group_id: 0 });
  ins('notification', { created_at: t(4), updated_at: t(4), user_id: 2, object_id: FIXTURE.a1, type: 1, is_read: 1, status: 1, content: JSON.stringify({ trigger_user_id: '3', notification_action: 'answer_the_question', object_info: { title: FIXTURE.q1.title, object_id: FIXTURE.a1, object_type: 'answer', object_map: { question: FIXTURE.q1.id, answer: FIXTURE.a1 } } }) });
  ins('site_info', { type: 'general', status: 1, content: JSON.stringify({ name: 'Closure Club', site_url: 'http://localhost:9080', contact_email: 'team@answer.test', short_description: 'Questions about JavaScript' }) });
  ins('site_info', { type: 'interface', status: 1, content: JSON.stringify({ language: 'en_US', time_zone: 'Europe/Paris' }) });
  ins('site_info', { type: 'ai', status: 1, content: JSON.stringify({ enabled: false }) });
  ins('question_link', { created_at: t(6), from_question_id: FIXTURE.q2.id, to_question_id: FIXTURE.q1.id, status: 1 });
  ins('question_link', { created_at: t(6), from_question_id: FIXTURE.q1.id, to_question_id: FIXTURE.q2.id, status: 2 });
  ins('user_external_login', { created_at: t(2), user_id: 2, provider: 'github', external_id: 'gh-42', meta_info: '{"name":"alice"}' });
  ins('report', { id: '10080000000000013', created_at: t(6), user_id: 4, object_type: 2, object_id: FIXTURE.a2, report_type: 1, content: 'spam?', status: 1 });
  ins('badge_award', { id: '10090000000000012', user_id: 2, badge_id: 1, award_key: '0', badge_group_id: 1 });
  const total = ['user', 'question', 'answer', 'comment', 'tag_rel', 'revision', 'activity', 'collection', 'notification', 'question_link', 'user_external_login', 'tag'].reduce((n, tb) => n + Number((db.prepare(`select count(*) as n from "${tb}"`).get() as { n: number }).n), 0);
  db.close();
  return total;
}

/**
 * Copies the generated SQLite Answer database into a PostgreSQL or MariaDB database (created here), with the
 * same tables in that engine's types (as Answer's xorm creates them there: BIGINT ids, auto-increment keys,
 * TIMESTAMP, TEXT/MEDIUMTEXT).
 * @returns the DSN to give `quorum import answer --db`
 */
export async function copyFixtureTo(sqliteFile: string, engine: 'postgres' | 'mysql', name: string): Promise<string> {
  const { Kysely, PostgresDialect, MysqlDialect } = await import('kysely');
  const admin = engine === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/postgres' : 'mysql://root@127.0.0.1:3306/mysql';
  const dsn = admin.replace(/\/(postgres|mysql)$/, `/${name}`);
  const open = async (url: string) => {
    if (engine === 'postgres') {
      const pg = await import('pg');
      return new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url, max: 1 }) }) });
    }
    const mysql = await import('mysql2');
    return new Kysely<any>({ dialect: new MysqlDialect({ pool: mysql.createPool({ uri: url, connectionLimit: 1 }) }) });
  };
  const { sql } = await import('kysely');
  const server = await open(admin);
  await sql.raw(engine === 'postgres' ? `drop database if exists "${name}"` : `drop database if exists \`${name}\``).execute(server);
  await sql.raw(engine === 'postgres' ? `create database "${name}"` : `create database \`${name}\` character set utf8mb4`).execute(server);
  await server.destroy();
  let ddl = DDL.replace(/integer primary key autoincrement/g, engine === 'postgres' ? 'bigserial primary key' : 'bigint primary key auto_increment');
  if (engine === 'postgres') ddl = ddl.replace(/mediumtext/g, 'text').replace(/tinyint/g, 'smallint').replace(/bool not null default 0/g, 'boolean not null default false');
  else ddl = ddl.replace(/"/g, '`').replace(/ text not null default ''/g, ' text not null').replace(/ text,/g, ' text null,').replace(/ timestamp([,)])/g, ' timestamp null$1');
  const db = await open(dsn);
  for (const stmt of ddl.split(';').map((s) => s.trim()).filter(Boolean)) await sql.raw(stmt).execute(db);
  const src = new SQLite(sqliteFile, { readonly: true });
  src.defaultSafeIntegers(true);
  const tables = (src.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[]).map((t) => t.name);
  for (const table of tables) {
    const rows = src.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    for (const row of rows) {
      const clean = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]));
      if (engine === 'postgres' && table === 'tag') for (const k of ['recommend', 'reserved']) clean[k] = clean[k] === '1';
      await db.insertInto(table).values(clean).execute();
    }
  }
  src.close();
  await db.destroy();
  return dsn;
}

/** Drops a database made by `copyFixtureTo`. */
export async function dropFixtureCopy(engine: 'postgres' | 'mysql', name: string): Promise<void> {
  const { Kysely, PostgresDialect, MysqlDialect, sql } = await import('kysely');
  const db =
    engine === 'postgres'
      ? new Kysely<any>({ dialect: new PostgresDialect({ pool: new (await import('pg')).default.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', max: 1 }) }) })
      : new Kysely<any>({ dialect: new MysqlDialect({ pool: (await import('mysql2')).createPool({ uri: 'mysql://root@127.0.0.1:3306/mysql', connectionLimit: 1 }) }) });
  await sql.raw(engine === 'postgres' ? `drop database if exists "${name}" with (force)` : `drop database if exists \`${name}\``).execute(db);
  await db.destroy();
}
