/**
 * Votes (POST /vote/up, POST /vote/down): up and down on questions and answers, up on comments.
 * Check order: the object must be visible (not deleted or pending), nobody votes on their own post
 * (400 toast `error.object.cannot_vote_for_yourself`), then the privilege (`<type>.vote_up|down`; moderators
 * always pass). Voting again with is_cancel takes the vote back; voting the other way switches it.
 * Reputation (answer-compat.md), in the vote's transaction: the author +10 (up) or -2 (down); the voter -1 for
 * downvoting an answer. A cancelled vote's rows are marked cancelled and their applied deltas reversed.
 * A community wiki post (modules/wiki) earns its author nothing from votes cast after it became wiki (Stack Exchange).
 */
import { PostStatus, type VoteReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, objectTypeOf, transaction, type Db } from '../../core/db/index.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { emitDomain, publishLive } from '../../core/events.js';
import { applyReputation, cancelActivities, type RankRule } from '../activity/index.js';
import { requirePrivilege, type PrivilegeAction } from '../privilege/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import type { UserRow } from '../../core/auth/index.js';
import * as repo from './vote.repository.js';
import { checkPostOpen } from '../lock/index.js';

/** Answer's VoteResp. */
export interface VoteResp {
  up_votes: number;
  down_votes: number;
  votes: number;
  vote_status: '' | 'vote_up' | 'vote_down';
}

const ACTIVITY = { up: 'upvote', down: 'downvote' } as const;

async function loadTarget(ctx: AppContext, objectId: string): Promise<repo.VoteTarget> {
  const type = objectTypeOf(objectId);
  if (type !== 'question' && type !== 'answer' && type !== 'comment') throw notFound('error.object.not_found');
  const t = await repo.findTarget(requireDb(ctx), type, objectId);
  if (!t || t.status === PostStatus.deleted || t.status === PostStatus.pending) throw notFound('error.object.not_found');
  return t;
}

/** Undoes `voter`'s vote of direction `dir` on `t` (vote row, score, activity rows and reputation). */
async function undo(tx: Db, t: repo.VoteTarget, voterId: string, dir: repo.VoteDirection, now: number): Promise<void> {
  await repo.deleteVote(tx, t, voterId, dir);
  if (t.type !== 'comment') await cancelActivities(tx, { objectId: t.id, activityTypes: [ACTIVITY[dir]], actorId: voterId }, now);
}

/**
 * Casts, switches or cancels a vote.
 * @returns the object's vote counts and the voter's state afterwards
 * @throws 404 unknown or hidden object; 400 toast own post or a down vote on a comment; 403 rank too low
 */
export async function vote(ctx: AppContext, user: UserRow, dir: repo.VoteDirection, input: VoteReq): Promise<VoteResp> {
  const db = requireDb(ctx);
  const t = await loadTarget(ctx, input.object_id);
  if (t.user_id === user.id) throw badRequest('error.object.cannot_vote_for_yourself');
  await checkPostOpen(ctx, user, 'vote', { objectId: t.id, questionId: t.question_id });
  if (t.type === 'comment' && dir === 'down') throw badRequest('error.vote.comment_down_not_allowed');
  const existing = await repo.findVote(db, user.id, t.id);
  const cancel = input.is_cancel;
  if (!cancel && existing !== dir) await requirePrivilege(ctx, user, `${t.type}.vote_${dir}` as PrivilegeAction);
  const changes = cancel ? existing === dir : existing !== dir;
  if (changes) {
    const ids = requireIds(ctx);
    const voterRow = await ids.next('activity');
    const authorRow = await ids.next('activity');
    const now = nowSeconds();
    try {
      await transaction(db, async (tx) => {
        if (existing) await undo(tx, t, user.id, existing, now);
        if (cancel) return;
        await repo.insertVote(tx, t, user.id, dir, now);
        if (t.type === 'comment') return;
        const base = { objectId: t.id, originalObjectId: t.question_id, activityType: ACTIVITY[dir], now };
        await applyReputation(tx, { ...base, id: voterRow, userId: user.id, rule: `${t.type}.vote_${dir}` as RankRule });
        if (!t.wiki_at) await applyReputation(tx, { ...base, id: authorRow, userId: t.user_id, triggerUserId: user.id, rule: `${t.type}.voted_${dir}` as RankRule });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('error.vote.duplicate');
      throw err;
    }
    invalidateQuestionLists();
  }
  const [counts, mine] = await Promise.all([repo.voteCounts(db, t.id), repo.findVote(db, user.id, t.id)]);
  if (changes) {
    publishLive(ctx, { type: 'question', question_id: t.question_id, kind: 'vote', object_id: t.id, votes: counts.up - counts.down, user_id: user.id });
    // Reputation (and so achievements) changed for the author and the voter.
    if (t.type !== 'comment') publishLive(ctx, { type: 'notification', user_ids: [t.user_id, user.id] });
    if (!cancel) await emitDomain(ctx, { type: 'vote.cast', user_id: user.id, object_id: t.id, direction: dir, author_id: t.user_id });
  }
  return { up_votes: counts.up, down_votes: counts.down, votes: counts.up - counts.down, vote_status: mine ? `vote_${mine}` : '' };
}
