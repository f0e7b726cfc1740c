/**
 * Posts hidden by flags, pending review (issue: flags weighted by the flagger's record). When a new flag brings
 * a post's flag score (the sum of the weights of its waiting flags, report.weight.ts) to the hide threshold
 * (`site_spam.flag_hide_weight`, default 3.0; 0 never hides), the post is hidden at once: it takes the pending
 * status (11) that queued posts have (modules/review), which the question, answer and comment modules already
 * keep from readers (anonymous and members) and show to its author (with the pending-review notice) and to
 * moderators (marked pending). Questions hide from status normal or closed, answers and comments from normal.
 * Once hidden, other members no longer find the post to flag it (404, as any post they may not see).
 * The status it had is kept on the flag that hid it (`reports.hid_status`, migration 029), and every decision on
 * the flags first puts it back (report.service.ts `reviewReport`): ignoring the flags restores the post exactly
 * as it was, and the other decisions (edit, close, delete, unlist) act on the post as it was.
 *
 * A hidden answer leaves its question's answer count (as a pending answer is not counted) and comes back into
 * it. The writes are compare-and-sets on the post's status in one transaction with the flag's mark, so two flags
 * crossing the threshold at once hide the post once. They are ordinary table writes, so the page, list and
 * comment caches drop the post at once on every worker and node (core/coherence.ts via writewatch).
 */
import { PostStatus } from '@quorum/contract';
import { requireDb, type AppContext } from '../../core/context.js';
import { transaction, type Db } from '../../core/db/index.js';
import { findAnswer, swapAnswerStatus } from '../answer/index.js';
import { swapCommentStatus } from '../comment/index.js';
import { bumpAnswerCount, findQuestion, invalidateQuestionLists, swapQuestionStatus } from '../question/index.js';
import * as repo from './report.repository.js';
import { WEIGHT_UNIT } from './report.weight.js';

/** The status a hidden post has: pending review. */
const HIDDEN = PostStatus.pending;
/** A comment's visible status (comment.repository.ts CommentStatus.available). */
const COMMENT_AVAILABLE = 1;

type PostType = 'question' | 'answer' | 'comment';

function isPost(type: string): type is PostType {
  return type === 'question' || type === 'answer' || type === 'comment';
}

/** The post's status now, undefined when it is gone. */
async function statusOf(ctx: AppContext, type: PostType, id: string): Promise<number | undefined> {
  const db = requireDb(ctx);
  if (type === 'question') return (await findQuestion(db, id))?.status;
  if (type === 'answer') return (await findAnswer(db, id))?.status;
  return (await repo.findCommentRow(db, id))?.status;
}

/** Statuses a post may be hidden from. */
function hideable(type: PostType, status: number | undefined): status is number {
  if (type === 'question') return status === PostStatus.normal || status === PostStatus.closed;
  return status === (type === 'comment' ? COMMENT_AVAILABLE : PostStatus.normal);
}

/** Compare-and-set of a post's status from `from` to `to`, with its side effects (an answer's count). */
async function swap(ctx: AppContext, type: PostType, id: string, from: number, to: number, then: (tx: Db) => Promise<void>): Promise<boolean> {
  const db = requireDb(ctx);
  const done = await transaction(db, async (tx) => {
    let ok: boolean;
    if (type === 'question') ok = await swapQuestionStatus(tx, id, from, to);
    else if (type === 'comment') ok = await swapCommentStatus(tx, id, from, to);
    else {
      ok = await swapAnswerStatus(tx, id, from, to);
      const a = ok ? await findAnswer(tx, id) : undefined;
      if (a) await bumpAnswerCount(tx, a.question_id, to === HIDDEN ? -1 : 1);
    }
    if (ok) await then(tx);
    return ok;
  });
  if (done && type !== 'comment') invalidateQuestionLists();
  return done;
}

/**
 * After flag `flagId` on a post was written: hides the post when its flag score reached `threshold` (weight
 * units; 0 = never) and it is not hidden yet. Flags on members never hide anything.
 * @returns true when this flag hid the post
 */
export async function hideWhenHeavy(ctx: AppContext, flag: { id: string; object_type: string; object_id: string }, threshold: number): Promise<boolean> {
  if (threshold <= 0 || !isPost(flag.object_type)) return false;
  const db = requireDb(ctx);
  if ((await repo.scoreOf(db, flag.object_id)) < Math.round(threshold * WEIGHT_UNIT)) return false;
  if (await repo.hidingFlag(db, flag.object_id)) return false;
  const status = await statusOf(ctx, flag.object_type, flag.object_id);
  if (!hideable(flag.object_type, status)) return false;
  return swap(ctx, flag.object_type, flag.object_id, status, HIDDEN, (tx) => repo.markHid(tx, flag.id, status));
}

/** A post hidden by flags, as a decision on its flags finds it. */
export interface Hold {
  type: PostType;
  objectId: string;
  /** The status the post had before it was hidden. */
  prior: number;
}

/** The hold on a flagged object, null when its waiting flags did not hide it. Read before the flags are settled. */
export async function holdOn(ctx: AppContext, flag: { object_type: string; object_id: string }): Promise<Hold | null> {
  if (!isPost(flag.object_type)) return null;
  const hiding = await repo.hidingFlag(requireDb(ctx), flag.object_id);
  return hiding ? { type: flag.object_type, objectId: flag.object_id, prior: Number(hiding.hid_status) } : null;
}

/** Puts a hidden post back as it was (it stays as it is when it is no longer hidden, e.g. deleted by its author). */
export async function release(ctx: AppContext, hold: Hold): Promise<void> {
  await swap(ctx, hold.type, hold.objectId, HIDDEN, hold.prior, async () => {});
}

/** Hides a released post again (the decision that followed failed); `flagId`, the flag waiting again, keeps the mark. */
export async function rehide(ctx: AppContext, hold: Hold, flagId: string): Promise<void> {
  await swap(ctx, hold.type, hold.objectId, hold.prior, HIDDEN, (tx) => repo.markHid(tx, flagId, hold.prior));
}
