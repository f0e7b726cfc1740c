/**
 * Durable scheduled mail work (DESIGN.md "jobs"; issue "Weekly digest"): rows of `mail_jobs`, unique per kind,
 * member and period, never a timer's memory.
 *
 * A pass (every node runs one every 30 s, digest.scheduler.ts) does two things:
 * 1. Schedules. For the last complete week and day in the interface time zone it creates the jobs of every
 *    opted-in member: a marker row `schedule / <kind>:<period>` is inserted in the same transaction as the
 *    members' rows, so of several nodes exactly one creates them, once. New questions get one fan-out job each,
 *    and so do new public answers and comments (mailing-list mode, mailing-list.ts).
 * 2. Works. It claims due jobs with a compare-and-set (waiting -> claimed, with a 5-minute lease), composes the
 *    e-mails, then in one transaction queues them in the outbox (unique key per event and recipient) and marks
 *    the job done. A node that dies holding a job leaves nothing half done: after the lease another node runs it
 *    again, and the outbox keys make a second queueing impossible. So each member gets each period's digest once,
 *    however many nodes run and restart. Failures retry with backoff (30 s doubling, at most 6 h), 8 attempts.
 */
import { nowSeconds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { queuePreparedMails, type PreparedMail } from '../notify-mail/index.js';
import { getSettings } from '../siteinfo/index.js';
import { composeDigest, composeNewQuestion, type DigestKind } from './digest.compose.js';
import { composeListPost, LIST_ANSWER, LIST_COMMENT } from './mailing-list.js';
import * as repo from './digest.repository.js';
import { periodOfKey, previousDay, previousWeek } from './period.js';

export const JobStatus = { waiting: 1, claimed: 2, done: 3, failed: 4 } as const;

/** Seconds a claimed job is held before another node may take it over. */
export const JOB_LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 8;
const BATCH = 20;
/** New questions older than this when the scheduler first ran on a site are never fanned out. */
const NEW_QUESTION_WINDOW = 2 * 24 * 60 * 60;

const NEW_QUESTION = 'new_question';
const SCHEDULE = 'schedule';
const WORK_KINDS = ['weekly_digest', 'tag_daily', 'tag_weekly', NEW_QUESTION, LIST_ANSWER, LIST_COMMENT];

/** What one pass did (tests and logs). */
export interface PassResult {
  scheduled: number;
  done: number;
  queued: number;
}

/** Creates the jobs of one period once (see the file header): nothing when its marker exists. */
async function schedulePeriod(ctx: AppContext, kind: DigestKind, key: string, members: () => Promise<string[]>, now: number): Promise<number> {
  const db = ctx.database!;
  const marker = { kind: SCHEDULE, user_id: '', job_key: `${kind}:${key}` };
  if (await repo.findJob(db, marker)) return 0;
  const ids = await members();
  return transaction(db, async (tx) => {
    if (!(await repo.insertJobs(tx, [{ ...marker, status: JobStatus.done, created_at: now }]))) return 0;
    return repo.insertJobs(tx, ids.map((user_id) => ({ kind, user_id, job_key: key, status: JobStatus.waiting, created_at: now })));
  });
}

/** Creates the jobs due at `now`: last week's and yesterday's digests, and a fan-out per new question. */
async function schedule(ctx: AppContext, now: number): Promise<number> {
  const db = ctx.database!;
  const tz = (await getSettings(ctx)).interface.time_zone;
  const week = previousWeek(now, tz);
  const day = previousDay(now, tz);
  let n = 0;
  n += await schedulePeriod(ctx, 'weekly_digest', week.key, () => repo.membersWithOption(db, 'all_new_question'), now);
  n += await schedulePeriod(ctx, 'tag_weekly', week.key, () => repo.membersWithOption(db, 'all_new_question_for_following_tags', 'weekly'), now);
  n += await schedulePeriod(ctx, 'tag_daily', day.key, () => repo.membersWithOption(db, 'all_new_question_for_following_tags', 'daily'), now);
  // The first pass on a site records when it ran: questions from before are not fanned out (no mail storm on upgrade).
  const started = { kind: SCHEDULE, user_id: '', job_key: 'started' };
  await repo.insertJobs(db, [{ ...started, status: JobStatus.done, created_at: now }]);
  const since = Math.max((await repo.findJob(db, started))?.created_at ?? now, now - NEW_QUESTION_WINDOW);
  const fresh = await repo.questionsWithoutJob(db, NEW_QUESTION, since, 500);
  if (fresh.length) n += await repo.insertJobs(db, fresh.map((q) => ({ kind: NEW_QUESTION, user_id: q.user_id, job_key: q.id, status: JobStatus.waiting, created_at: now })));
  // Mailing-list mode (mailing-list.ts): a fan-out per new public answer and comment, from the same start.
  for (const [kind, find] of [[LIST_ANSWER, repo.answersWithoutJob], [LIST_COMMENT, repo.commentsWithoutJob]] as const) {
    const posts = await find(db, kind, since, 500);
    if (posts.length) n += await repo.insertJobs(db, posts.map((p) => ({ kind, user_id: p.user_id, job_key: p.id, status: JobStatus.waiting, created_at: now })));
  }
  return n;
}

async function compose(ctx: AppContext, job: repo.MailJobRow, tz: string): Promise<{ mails: PreparedMail[]; count: number }> {
  if (job.kind === NEW_QUESTION) return composeNewQuestion(ctx, job.job_key);
  if (job.kind === LIST_ANSWER || job.kind === LIST_COMMENT) return composeListPost(ctx, job.kind, job.job_key);
  const kind = job.kind as DigestKind;
  return composeDigest(ctx, kind, job.user_id, periodOfKey(job.job_key, tz, kind === 'tag_daily' ? 1 : 7));
}

/** Runs one claimed job: composes, then queues and marks it done in one transaction. @returns mails queued */
async function run(ctx: AppContext, job: repo.MailJobRow, held: { status: number; lease_until: number }, tz: string): Promise<number> {
  const db = ctx.database!;
  const { mails, count } = await compose(ctx, job, tz);
  return transaction(db, async (tx) => {
    const queued = await queuePreparedMails(ctx, tx, mails);
    if (!(await repo.finishJob(tx, job, held, { status: JobStatus.done, lease_until: 0, item_count: count }, nowSeconds()))) throw new Error('the job lease ran out');
    return queued;
  });
}

/** Seconds before attempt `attempts + 1` of a failed job. */
const backoff = (attempts: number): number => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 6 * 60 * 60);

/** Claims and runs due jobs until none is left (or the batch limit of this pass). */
async function work(ctx: AppContext, now: number): Promise<{ done: number; queued: number }> {
  const db = ctx.database!;
  const tz = (await getSettings(ctx)).interface.time_zone;
  let done = 0;
  let queued = 0;
  for (let round = 0; round < 50; round++) {
    const due = await repo.findDueJobs(db, WORK_KINDS, [JobStatus.waiting, JobStatus.claimed], Math.max(now, nowSeconds()), BATCH);
    if (!due.length) break;
    let claimedAny = false;
    for (const job of due) {
      const held = { status: JobStatus.claimed, lease_until: nowSeconds() + JOB_LEASE_SECONDS };
      if (!(await repo.claimJob(db, job, held.status, held.lease_until, nowSeconds()))) continue;
      claimedAny = true;
      try {
        queued += await run(ctx, job, held, tz);
        done++;
      } catch (err) {
        const attempts = job.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        await repo.finishJob(db, job, held, { status: failed ? JobStatus.failed : JobStatus.waiting, lease_until: failed ? 0 : nowSeconds() + backoff(attempts) }, nowSeconds()).catch(() => false);
        ctx.log.warn({ err, kind: job.kind, user_id: job.user_id, job_key: job.job_key, attempts }, failed ? 'mail job failed for good' : 'mail job failed; will retry');
      }
    }
    if (!claimedAny) break;
  }
  return { done, queued };
}

/**
 * One pass of the scheduler: schedules what is due at `now`, then runs due jobs.
 * @param now unix seconds deciding the periods (tests pass a fixed time)
 */
export async function runMailJobs(ctx: AppContext, now = nowSeconds()): Promise<PassResult> {
  if (!ctx.database || !ctx.installed) return { scheduled: 0, done: 0, queued: 0 };
  const scheduled = await schedule(ctx, now);
  return { scheduled, ...(await work(ctx, now)) };
}
