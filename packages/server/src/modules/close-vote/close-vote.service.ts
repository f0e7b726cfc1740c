/**
 * Close and reopen by votes (issue #35 item 2; contract schemas/close-vote.ts; docs/API.md "Close votes").
 * Rules:
 * - members with the close privilege (close-vote.settings.ts) vote to close an open question with a close reason,
 *   or to reopen a closed one; the review queue's "leave open" is a vote too (it closes nothing and spends the
 *   member's vote of the round);
 * - `votes_needed` live votes of the round decide, a moderator's vote decides at once (binding); a vote older than
 *   `vote_days` no longer counts (by the server's clock, no job);
 * - one vote per member, question and round (a unique index); a retracted vote keeps its row, so its member cannot
 *   vote again that round; every close or reopen (by votes or by a moderator) starts a new round;
 * - a close vote on a closed question, or a reopen vote on an open one, is refused with 409
 *   `error.close_vote.already_closed` / `error.close_vote.not_closed`; so is the second of two votes arriving at
 *   once when the first decided: each vote locks the question's round row first (close-vote.repository.ts
 *   lockRound), so the deciding vote changes the status once, with one timeline row and one notification to the
 *   asker (`your_question_is_closed`, or `your_question_was_reopened` when votes reopen it);
 * - the closing reason is the one most live votes gave (a duplicate counts per original), ties to the earliest;
 *   a binding vote's own reason wins.
 */
import { PostStatus, urlTitle, type CloseVoteReq, type CloseVotesInfo, type SiteCloseVotesReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { AppError, fieldError, notFound } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import type { UserRow } from '../../core/auth/index.js';
import { recordActivity } from '../activity/index.js';
import { notify } from '../notification/index.js';
import { isModerator } from '../privilege/index.js';
import { closeReason } from '../reason/index.js';
import { getSettings } from '../siteinfo/index.js';
import { findUsersByIds } from '../user/index.js';
import { cacheClear } from '../question/question.cache.js';
import { duplicateTarget } from '../question/question.duplicate.js';
import { findQuestion, type QuestionRow } from '../question/question.repository.js';
import { deleteCloseReason, saveCloseReason } from '../question/question.state.repository.js';
import { closeVoteSettings, liveSince, mayVote, requireVotePrivilege } from './close-vote.settings.js';
import { presentMine, presentVoter } from './close-vote.presenter.js';
import * as repo from './close-vote.repository.js';

/** What a vote does. */
export type VoteKind = 'close' | 'reopen' | 'leave_open';

/** A vote's reason (close votes only). */
interface VoteReason {
  close_type: number;
  close_msg: string;
  duplicate_id: string;
}

/** 409 with a reason key. */
const refused = (reason: string) => new AppError(409, reason);

/** The vote kind a question's state asks for. */
function roundKindOf(status: number): 'close' | 'reopen' {
  return status === PostStatus.closed ? 'reopen' : 'close';
}

/** An open or closed question, else 404. */
async function votableQuestion(ctx: AppContext, id: string): Promise<QuestionRow> {
  const q = await findQuestion(requireDb(ctx), id);
  if (!q || (q.status !== PostStatus.normal && q.status !== PostStatus.closed)) throw notFound('error.question.not_found');
  return q;
}

/**
 * Checks a close vote's reason: a known close reason; text for reasons that take it; for a duplicate, the original
 * (`duplicate_id`, or its address or id as `close_msg`), an open or closed question other than this one, whose
 * address becomes the message.
 * @throws 400 field errors `close_type`, `close_msg`, `duplicate_id`
 */
async function checkReason(ctx: AppContext, q: QuestionRow, input: CloseVoteReq): Promise<VoteReason> {
  const reason = closeReason(input.close_type);
  if (!reason) throw fieldError('close_type', 'error.question.close_reason_invalid');
  if (reason.key !== 'close_reason.duplicate') {
    if (reason.content_type && !input.close_msg) throw fieldError('close_msg', 'error.question.close_msg_required');
    return { close_type: reason.reason_type, close_msg: reason.content_type ? input.close_msg : '', duplicate_id: '' };
  }
  const db = requireDb(ctx);
  const siteUrl = (await getSettings(ctx)).general.site_url.replace(/\/+$/, '');
  const field = input.duplicate_id ? 'duplicate_id' : 'close_msg';
  if (!input.duplicate_id && !input.close_msg) throw fieldError('close_msg', 'error.close_vote.duplicate_needed');
  const target = await duplicateTarget(db, input.duplicate_id || input.close_msg, siteUrl);
  if (!target) throw fieldError(field, 'error.close_vote.duplicate_unknown');
  if (target.id === q.id) throw fieldError(field, 'error.close_vote.duplicate_itself');
  return { close_type: reason.reason_type, close_msg: `${siteUrl}/questions/${target.id}/${urlTitle(target.title)}`, duplicate_id: target.id };
}

/** The reason most votes gave (duplicates per original), ties to the earliest vote; `binding` wins outright. */
function winningReason(votes: repo.VoteRow[], binding?: repo.VoteRow): VoteReason {
  if (binding) return binding;
  const groups = new Map<string, { n: number; first: repo.VoteRow }>();
  for (const v of votes) {
    const key = `${v.close_type}|${v.duplicate_id}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { n: 1, first: v });
  }
  let best: { n: number; first: repo.VoteRow } | undefined;
  for (const g of groups.values()) if (!best || g.n > best.n) best = g;
  return best!.first;
}

/** The timeline text of a decision: the reason (close) and who voted, in the language the moderation rows use. */
function timelineText(kind: 'close' | 'reopen', reason: VoteReason | undefined, names: string[]): string {
  const by = translate('close_vote.timeline_voters', 'en_US', { names: names.join(', ') });
  if (kind === 'reopen' || !reason) return by;
  const r = closeReason(reason.close_type);
  const head = [r ? translate(`${r.key}.name`, 'en_US') : '', reason.close_msg].filter(Boolean).join(': ');
  return `${head} (${by})`;
}

/** What a vote answered: whether it decided, and the question's close votes for the voter afterwards. */
export interface VoteOutcome {
  decided: boolean;
  status: number;
  close_votes: CloseVotesInfo | null;
}

/**
 * Casts a vote (POST /question/close-vote, /question/reopen-vote, /question/close-vote/leave-open).
 * @throws 403 without the privilege (with the reputation needed); 404 unknown, deleted or pending question;
 *   400 reason field errors; 409 `error.close_vote.already_closed` (close or leave-open vote on a closed question),
 *   `error.close_vote.not_closed` (reopen vote on an open one), `error.close_vote.already_voted`,
 *   `error.close_vote.retracted` (the member's vote of this round was retracted)
 */
export async function castVote(ctx: AppContext, user: UserRow, kind: VoteKind, questionId: string, input?: CloseVoteReq, lang = 'en_US'): Promise<VoteOutcome> {
  const s = await closeVoteSettings(ctx);
  await requireVotePrivilege(ctx, user, s);
  const db = requireDb(ctx);
  const q = await votableQuestion(ctx, questionId);
  const wanted = kind === 'reopen' ? PostStatus.closed : PostStatus.normal;
  if (q.status !== wanted) throw refused(kind === 'reopen' ? 'error.close_vote.not_closed' : 'error.close_vote.already_closed');
  const reason = kind === 'close' ? await checkReason(ctx, q, input!) : { close_type: 0, close_msg: '', duplicate_id: '' };
  const ids = requireIds(ctx);
  const [voteId, activityId, metaId] = [await ids.next('vote'), await ids.next('activity'), await ids.next('meta')];
  const binding = kind !== 'leave_open' && isModerator(user);
  await repo.ensureRound(db, q.id, nowSeconds());
  const decision = await transaction(db, async (tx) => {
    const now = nowSeconds();
    const round = (await repo.lockRound(tx, q.id, now))!;
    const status = await repo.questionStatus(tx, q.id);
    if (status !== PostStatus.normal && status !== PostStatus.closed) throw notFound('error.question.not_found');
    if (status !== wanted) throw refused(kind === 'reopen' ? 'error.close_vote.not_closed' : 'error.close_vote.already_closed');
    // A round whose kind no longer fits the question (changed outside votes) is over.
    const roundKind = roundKindOf(status);
    let no = round.round;
    if (round.kind !== roundKind) {
      if (round.kind) no += 1;
      await repo.setRound(tx, q.id, no, roundKind, now);
    }
    const mine = await repo.findVote(tx, q.id, no, user.id);
    if (mine) throw refused(mine.retracted_at ? 'error.close_vote.retracted' : 'error.close_vote.already_voted');
    const vote = { id: voteId, question_id: q.id, round: no, user_id: user.id, kind, ...reason, binding: binding ? 1 : 0, created_at: now };
    await repo.insertVote(tx, vote);
    if (kind === 'leave_open') return null;
    const live = await repo.liveVotes(tx, q.id, no, kind, liveSince(s, now));
    if (!binding && live.length < s.votes_needed) return null;
    const to = kind === 'close' ? PostStatus.closed : PostStatus.normal;
    if (!(await repo.switchStatus(tx, q.id, wanted, to, now))) return null;
    const voters = await findUsersByIds(tx, live.map((v) => v.user_id));
    const names = live.map((v) => voters.get(v.user_id)).map((u) => (u ? u.display_name || u.username : ''));
    let chosen: VoteReason | undefined;
    if (kind === 'close') {
      chosen = winningReason(live, binding ? { ...vote, retracted_at: 0, decided_at: 0 } : undefined);
      await saveCloseReason(tx, metaId, q.id, JSON.stringify({ close_type: chosen.close_type, close_msg: chosen.close_msg }), user.id, now);
    } else {
      await deleteCloseReason(tx, q.id);
    }
    await repo.markDecided(tx, live.map((v) => v.id), now);
    await repo.setRound(tx, q.id, no + 1, kind === 'close' ? 'reopen' : 'close', now);
    await recordActivity(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: kind === 'close' ? 'closed' : 'reopened', reason: timelineText(kind, chosen, names), now });
    return { to };
  });
  if (decision) {
    cacheClear();
    // The asker is told either way (the deciding voter, when it is them, is left out by notify).
    const action = kind === 'close' ? 'your_question_is_closed' : 'your_question_was_reopened';
    await notify(ctx, [{ receiver_id: q.user_id, type: 'inbox', action, trigger_user_id: user.id, object_type: 'question', object_id: q.id, question_id: q.id, title: q.title }]);
  }
  const after = (await findQuestion(db, q.id)) ?? q;
  return { decided: !!decision, status: after.status, close_votes: await closeVotesInfo(ctx, after, user, lang) };
}

/**
 * Retracts the caller's vote of the question's current round (DELETE /question/close-vote and
 * /question/reopen-vote): it no longer counts, and the member cannot vote again this round.
 * @throws 404 unknown question; 409 `error.close_vote.no_vote` when the caller has no standing vote of this round
 */
export async function retractVote(ctx: AppContext, user: UserRow, questionId: string, lang = 'en_US'): Promise<VoteOutcome> {
  const db = requireDb(ctx);
  const q = await votableQuestion(ctx, questionId);
  const done = await transaction(db, async (tx) => {
    const now = nowSeconds();
    const round = await repo.lockRound(tx, q.id, now);
    const status = await repo.questionStatus(tx, q.id);
    if (!round || status === undefined || round.kind !== roundKindOf(status)) return false;
    const mine = await repo.findVote(tx, q.id, round.round, user.id);
    return !!mine && (await repo.retractVote(tx, mine.id, now));
  });
  if (!done) throw refused('error.close_vote.no_vote');
  return { decided: false, status: q.status, close_votes: await closeVotesInfo(ctx, q, user, lang) };
}

/** Who closed a closed question: the voters whose votes decided it, else the member who saved the close reason. */
async function closedBy(ctx: AppContext, q: Pick<QuestionRow, 'id'>, round: repo.RoundRow | undefined): Promise<CloseVotesInfo['closed_by']> {
  const db = requireDb(ctx);
  if (round && round.round > 1) {
    const voters = await repo.decidedVoters(db, q.id, round.round - 1);
    if (voters.length) return voters.map(presentVoter);
  }
  const author = await repo.closeReasonAuthor(db, q.id);
  const u = author ? await repo.voterById(db, author) : undefined;
  return u ? [presentVoter(u)] : [];
}

/**
 * `close_votes` of GET /question/info for a reader (contract CloseVotesInfo); null for questions that are neither
 * open nor closed. Anonymous readers of an open question get no count (nothing is read for them).
 */
export async function closeVotesInfo(ctx: AppContext, q: Pick<QuestionRow, 'id' | 'status'>, viewer: UserRow | undefined, lang: string, settings?: SiteCloseVotesReq): Promise<CloseVotesInfo | null> {
  if (q.status !== PostStatus.normal && q.status !== PostStatus.closed) return null;
  const s = settings ?? (await closeVoteSettings(ctx));
  const type = roundKindOf(q.status);
  if (!viewer && q.status === PostStatus.normal) return { type, count: null, needed: s.votes_needed, can_vote: false, my_vote: null, closed_by: [] };
  const db = requireDb(ctx);
  const now = nowSeconds();
  const round = await repo.findRound(db, q.id);
  // The round the reader's vote would join: the current one when it fits the question, else the next.
  const current = round && (round.kind === type || round.kind === '') ? round.round : round ? round.round + 1 : 1;
  const fits = !!round && round.kind === type;
  const [count, mine, closed] = await Promise.all([
    fits ? repo.countLive(db, q.id, current, type, liveSince(s, now)) : Promise.resolve(0),
    viewer && round ? repo.findVote(db, q.id, current, viewer.id) : Promise.resolve(undefined),
    q.status === PostStatus.closed ? closedBy(ctx, q, round) : Promise.resolve([]),
  ]);
  const can = !!viewer && !mine && (await mayVote(ctx, viewer, s));
  return { type, count, needed: s.votes_needed, can_vote: can, my_vote: mine ? presentMine(mine, s, now, lang) : null, closed_by: closed };
}
