/**
 * The only place the digest module queries: `mail_jobs` (scheduled mail work, migration 009) and the reads a
 * digest needs (opted-in members, followed tags, the period's questions, a new question's followers).
 * Job statuses: see JobStatus in digest.jobs.ts.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { MailJobsTable } from '../../core/db/schema.js';

export type MailJobRow = Selectable<MailJobsTable>;
export type JobId = Pick<MailJobRow, 'kind' | 'user_id' | 'job_key'>;

/** Questions a digest may list: open or closed, shown (as the public lists). */
const LISTED = [1, 2];

/**
 * Inserts job rows; rows whose (kind, user_id, job_key) exists are skipped (the primary key decides, so two nodes
 * scheduling the same period add each job once).
 * @returns how many were inserted
 */
export async function insertJobs(db: Db, rows: Array<JobId & { status: number; created_at: number }>): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ ...r, attempts: 0, lease_until: 0, item_count: 0, updated_at: r.created_at }));
    const insert = db.kysely.insertInto('mail_jobs').values(chunk);
    const r = await (db.dialect === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.columns(['kind', 'user_id', 'job_key']).doNothing())).executeTakeFirst();
    n += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

/** One job row. */
export function findJob(db: Db, id: JobId): Promise<MailJobRow | undefined> {
  return db.kysely.selectFrom('mail_jobs').selectAll().where('kind', '=', id.kind).where('user_id', '=', id.user_id).where('job_key', '=', id.job_key).executeTakeFirst();
}

/** Jobs that may run now: waiting or claimed with an expired lease, and due (`lease_until <= now`). */
export function findDueJobs(db: Db, kinds: string[], statuses: number[], now: number, limit: number): Promise<MailJobRow[]> {
  return db.kysely.selectFrom('mail_jobs').selectAll().where('status', 'in', statuses).where('lease_until', '<=', now).where('kind', 'in', kinds).orderBy('lease_until').limit(limit).execute();
}

/**
 * Compare-and-set on the status and lease the caller saw: of several nodes only one takes the job.
 * @returns true when this caller holds the job until `leaseUntil`
 */
export async function claimJob(db: Db, job: MailJobRow, claimed: number, leaseUntil: number, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('mail_jobs')
    .set({ status: claimed, lease_until: leaseUntil, attempts: sql`attempts + 1`, updated_at: now })
    .where('kind', '=', job.kind)
    .where('user_id', '=', job.user_id)
    .where('job_key', '=', job.job_key)
    .where('status', '=', job.status)
    .where('lease_until', '=', job.lease_until)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Ends a job this caller holds (status and lease as claimed), e.g. done with its item count, or back to waiting
 * with a later due time.
 * @returns false when the job is no longer held (its lease ran out and another node took it)
 */
export async function finishJob(db: Db, id: JobId, held: { status: number; lease_until: number }, patch: { status: number; lease_until: number; item_count?: number }, now: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('mail_jobs')
    .set({ ...patch, updated_at: now })
    .where('kind', '=', id.kind)
    .where('user_id', '=', id.user_id)
    .where('job_key', '=', id.job_key)
    .where('status', '=', held.status)
    .where('lease_until', '=', held.lease_until)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Members with an e-mail option on whose accounts can be mailed (e-mail confirmed, status normal, not placeholders). */
export async function membersWithOption(db: Db, option: 'all_new_question' | 'all_new_question_for_following_tags', frequency?: string): Promise<string[]> {
  let q = db.kysely
    .selectFrom('user_notification_config as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select('c.user_id')
    .where(`c.${option}`, '=', 1)
    .where('u.mail_status', '=', 1)
    .where('u.status', '=', 1)
    .where('u.is_placeholder', '=', 0);
  if (frequency) q = q.where('c.tag_frequency', '=', frequency);
  return (await q.execute()).map((r) => r.user_id);
}

/** Ids of the tags a member follows. */
export async function followedTagIds(db: Db, userId: string): Promise<string[]> {
  return (await db.kysely.selectFrom('follows').select('object_id').where('user_id', '=', userId).where('object_type', '=', 'tag').execute()).map((r) => r.object_id);
}

/** A question as a digest lists it. */
export interface DigestQuestion {
  id: string;
  title: string;
  user_id: string;
  vote_count: number;
  answer_count: number;
  created_at: number;
}

const questionColumns = ['q.id', 'q.title', 'q.user_id', 'q.vote_count', 'q.answer_count', 'q.created_at'] as const;

/**
 * Listed questions created in `[start, end)`, most voted first (then newest).
 * @param inTags only questions with one of these tags (none: every question); `exclude` leaves ids out
 */
export async function periodQuestions(db: Db, start: number, end: number, limit: number, opts: { inTags?: string[]; exclude?: string[] } = {}): Promise<DigestQuestion[]> {
  if (opts.inTags && !opts.inTags.length) return [];
  let q = db.kysely
    .selectFrom('questions as q')
    .select([...questionColumns])
    .where('q.created_at', '>=', start)
    .where('q.created_at', '<', end)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', 1);
  if (opts.inTags) {
    const tags = opts.inTags;
    q = q.where((eb) => eb.exists(eb.selectFrom('tag_rel as r').select('r.tag_id').whereRef('r.object_id', '=', 'q.id').where('r.status', '=', 1).where('r.tag_id', 'in', tags)));
  }
  if (opts.exclude?.length) q = q.where('q.id', 'not in', opts.exclude);
  const rows = await q.orderBy('q.vote_count', 'desc').orderBy('q.created_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, vote_count: Number(r.vote_count), answer_count: Number(r.answer_count), created_at: Number(r.created_at) }));
}

/** Listed questions created at or after `since` that have no job of `kind` yet (new questions to fan out). */
export async function questionsWithoutJob(db: Db, kind: string, since: number, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  return db.kysely
    .selectFrom('questions as q')
    .select(['q.id', 'q.user_id'])
    .where('q.created_at', '>=', since)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_jobs as j').select('j.job_key').where('j.kind', '=', kind).whereRef('j.job_key', '=', 'q.id'))))
    .orderBy('q.created_at')
    .limit(limit)
    .execute();
}

/** One listed question with its tags' display names, or undefined. */
export async function questionWithTags(db: Db, id: string): Promise<(DigestQuestion & { original_text: string; tags: string[]; tag_ids: string[] }) | undefined> {
  const q = await db.kysely.selectFrom('questions as q').select([...questionColumns, 'q.original_text']).where('q.id', '=', id).where('q.status', 'in', LISTED).where('q.show', '=', 1).executeTakeFirst();
  if (!q) return undefined;
  const tags = await db.kysely.selectFrom('tag_rel as r').innerJoin('tags as t', 't.id', 'r.tag_id').select(['t.id', 't.display_name', 't.slug_name']).where('r.object_id', '=', id).where('r.status', '=', 1).execute();
  return { ...q, vote_count: Number(q.vote_count), answer_count: Number(q.answer_count), created_at: Number(q.created_at), tags: tags.map((t) => t.display_name || t.slug_name), tag_ids: tags.map((t) => t.id) };
}

/** Members following any of the tags whose notification config matches `mode` (their accounts not yet checked). */
async function tagFollowers(db: Db, tagIds: string[], mode: 'instant' | 'mailing_list'): Promise<string[]> {
  if (!tagIds.length) return [];
  let q = db.kysely
    .selectFrom('follows as f')
    .innerJoin('user_notification_config as c', 'c.user_id', 'f.user_id')
    .select('f.user_id')
    .distinct()
    .where('f.object_type', '=', 'tag')
    .where('f.object_id', 'in', tagIds);
  q = mode === 'instant' ? q.where('c.all_new_question_for_following_tags', '=', 1).where('c.tag_frequency', '=', 'instant') : q.where('c.mailing_list', '=', 1);
  const rows = await q.execute();
  return rows.map((r) => r.user_id);
}

/** Members following any of the tags who chose instant e-mails for followed tags (their accounts not yet checked). */
export function instantTagFollowers(db: Db, tagIds: string[]): Promise<string[]> {
  return tagFollowers(db, tagIds, 'instant');
}

/** Members following any of the tags who turned mailing-list mode on (their accounts not yet checked). */
export function mailingListFollowers(db: Db, tagIds: string[]): Promise<string[]> {
  return tagFollowers(db, tagIds, 'mailing_list');
}

/**
 * Available answers created at or after `since`, on listed questions, with no job of `kind` yet (new answers of
 * mailing-list mode to fan out). The job's user is the author, so the check reads the job's primary key.
 */
export async function answersWithoutJob(db: Db, kind: string, since: number, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  return db.kysely
    .selectFrom('answers as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'a.user_id'])
    .where('a.status', '=', 1)
    .where('a.created_at', '>=', since)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_jobs as j').select('j.job_key').where('j.kind', '=', kind).whereRef('j.user_id', '=', 'a.user_id').whereRef('j.job_key', '=', 'a.id'))))
    .orderBy('a.created_at')
    .limit(limit)
    .execute();
}

/** Available comments created at or after `since`, on listed questions, with no job of `kind` yet (index of migration 039). */
export async function commentsWithoutJob(db: Db, kind: string, since: number, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  return db.kysely
    .selectFrom('comments as c')
    .innerJoin('questions as q', 'q.id', 'c.question_id')
    .select(['c.id', 'c.user_id'])
    .where('c.created_at', '>=', since)
    .where('c.status', '=', 1)
    .where('q.status', 'in', LISTED)
    .where('q.show', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_jobs as j').select('j.job_key').where('j.kind', '=', kind).whereRef('j.user_id', '=', 'c.user_id').whereRef('j.job_key', '=', 'c.id'))))
    .orderBy('c.created_at')
    .limit(limit)
    .execute();
}

/** An available answer with its author and text, or undefined (deleted, pending, unknown). */
export function availableAnswer(db: Db, id: string): Promise<{ id: string; question_id: string; user_id: string; original_text: string } | undefined> {
  return db.kysely.selectFrom('answers').select(['id', 'question_id', 'user_id', 'original_text']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}

/** An available comment with the post it is on, or undefined (deleted, hidden by flags, unknown). */
export function availableComment(db: Db, id: string): Promise<{ id: string; object_id: string; question_id: string; user_id: string; original_text: string } | undefined> {
  return db.kysely.selectFrom('comments').select(['id', 'object_id', 'question_id', 'user_id', 'original_text']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}
