/**
 * Dashboard queries: counts, per-day series and the database's own size and version. Counts run on indexed
 * columns; the series groups in the database by day (portable: `created_at - created_at % 86400` after shifting by
 * the time zone's offset), so only 30 rows per table come back whatever the site's size.
 */
import { sql } from 'kysely';
import type { Db } from '../../core/db/index.js';

/**
 * Stored status codes counted as "waiting" or "live" (Answer: report 1 pending; posts 11 pending; revisions 1
 * pending; the review queue of held posts and sign-ups, migration 008: 1 pending).
 */
const REPORT_PENDING = 1;
const REVISION_PENDING = 1;
const QUEUE_PENDING = 1;
const POST_PENDING = 11;
const DELETED = 10;
/** questions.show of a listed question. */
const LISTED = 1;

export interface DashboardCounts {
  question_count: number;
  answer_count: number;
  comment_count: number;
  vote_count: number;
  user_count: number;
  report_count: number;
  review_count: number;
  outbox_pending: number;
  /** Listed open or closed questions with an accepted answer (Answer's GetResolvedQuestionCount). */
  resolved_count: number;
  /** Listed open or closed questions without an answer (Answer's GetUnansweredQuestionCount). */
  unanswered_count: number;
}

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Every count of the dashboard in one round trip: live questions (open or closed), answers, comments, votes, users,
 * waiting flags, reviews and e-mails, and the resolved and unanswered questions (Answer's rule: listed, not deleted
 * nor pending; resolved = answered with an accepted answer, unanswered = no answer). Live rows are counted as all rows minus the few that are not: a bare
 * `count(*)` is the cheapest count every engine has (SQLite counts index pages without stepping each entry), and
 * the subtracted statuses are narrow ranges of the status indexes.
 */
export async function dashboardCounts(db: Db, outboxWaiting: number[]): Promise<DashboardCounts> {
  const k = db.kysely;
  const row = await k
    .selectNoFrom((eb) => [
      eb.selectFrom('questions').select(eb.fn.countAll().as('c')).as('questions_all'),
      eb.selectFrom('questions').select(eb.fn.countAll().as('c')).where('status', 'in', [DELETED, POST_PENDING]).as('questions_hidden'),
      eb.selectFrom('answers').select(eb.fn.countAll().as('c')).as('answers_all'),
      eb.selectFrom('answers').select(eb.fn.countAll().as('c')).where((w) => w.or([w('status', '<', 1), w('status', '>', 1)])).as('answers_hidden'),
      eb.selectFrom('comments').select(eb.fn.countAll().as('c')).as('comments_all'),
      eb.selectFrom('comments').select(eb.fn.countAll().as('c')).where('status', '=', DELETED).as('comments_deleted'),
      eb.selectFrom('votes').select(eb.fn.countAll().as('c')).as('vote_count'),
      eb.selectFrom('users').select(eb.fn.countAll().as('c')).where('status', '<>', DELETED).as('user_count'),
      eb.selectFrom('reports').select(eb.fn.countAll().as('c')).where('status', '=', REPORT_PENDING).as('report_count'),
      eb.selectFrom('revisions').select(eb.fn.countAll().as('c')).where('status', '=', REVISION_PENDING).as('revision_count'),
      eb.selectFrom('review_queue').select(eb.fn.countAll().as('c')).where('status', '=', QUEUE_PENDING).as('queued_count'),
      eb.selectFrom('outbox').select(eb.fn.countAll().as('c')).where('status', 'in', outboxWaiting).as('outbox_pending'),
      eb.selectFrom('questions').select(eb.fn.countAll().as('c')).where('status', '<', DELETED).where('show', '=', LISTED).where('answer_count', '>', 0).where('accepted_answer_id', 'not in', ['', '0']).as('resolved_count'),
      eb.selectFrom('questions').select(eb.fn.countAll().as('c')).where('status', '<', DELETED).where('show', '=', LISTED).where('answer_count', '=', 0).as('unanswered_count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    question_count: n(row.questions_all) - n(row.questions_hidden),
    answer_count: n(row.answers_all) - n(row.answers_hidden),
    comment_count: n(row.comments_all) - n(row.comments_deleted),
    vote_count: n(row.vote_count),
    user_count: n(row.user_count),
    report_count: n(row.report_count),
    review_count: n(row.revision_count) + n(row.queued_count),
    outbox_pending: n(row.outbox_pending),
    resolved_count: n(row.resolved_count),
    unanswered_count: n(row.unanswered_count),
  };
}

/**
 * New rows per day since `since` (unix seconds) in `table`, days starting at local midnight.
 * @param offset seconds to add to UTC for the site's time zone
 * @returns day start (unix seconds, UTC-shifted back) -> count
 */
export async function perDay(db: Db, table: 'questions' | 'answers' | 'users', since: number, offset: number): Promise<Map<number, number>> {
  // The offset is an integer we computed, written as a literal so every engine sees one grouping expression.
  const shift = sql.lit(Math.trunc(offset));
  const day = sql<number>`(created_at + ${shift}) - ((created_at + ${shift}) % 86400)`;
  const rows = await db.kysely
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll().as('c')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [n(r.day) - offset, n(r.c)]));
}

/** Database engine version and size in bytes (SQLite: pages in use; PostgreSQL and MySQL: the server's own figure). */
export async function databaseInfo(db: Db): Promise<{ version: string; size: number }> {
  const k = db.kysely;
  if (db.dialect === 'sqlite') {
    const r = await sql<{ v: string; s: number }>`select sqlite_version() as v, (select page_count from pragma_page_count()) * (select page_size from pragma_page_size()) as s`.execute(k);
    return { version: `SQLite ${r.rows[0]?.v ?? ''}`, size: n(r.rows[0]?.s) };
  }
  if (db.dialect === 'postgres') {
    const r = await sql<{ v: string; s: string }>`select current_setting('server_version') as v, pg_database_size(current_database()) as s`.execute(k);
    return { version: `PostgreSQL ${r.rows[0]?.v ?? ''}`, size: n(r.rows[0]?.s) };
  }
  const r = await sql<{ v: string; s: string }>`select version() as v, (select coalesce(sum(data_length + index_length), 0) from information_schema.tables where table_schema = database()) as s`.execute(k);
  const v = r.rows[0]?.v ?? '';
  return { version: `${/mariadb/i.test(v) ? 'MariaDB' : 'MySQL'} ${v.split('-')[0]}`, size: n(r.rows[0]?.s) };
}
