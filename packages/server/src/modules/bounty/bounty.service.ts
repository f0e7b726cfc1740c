/**
 * Bounties (issue #35 item 1; Stack Exchange's rules, thresholds in the `site_bounty` settings, contract
 * schemas/bounty.ts BOUNTY_DEFAULTS). A member with `min_reputation` offers `min_amount`..`max_amount` reputation in
 * steps of `amount_step` on a question at least `min_question_age_days` old, neither deleted nor closed: the amount
 * leaves their reputation at once (a history row `bounty.offer`, activity type `bounty`). One open bounty per
 * question, at most `max_open_per_member` open per member. It runs `duration_days`, then `grace_hours` more during
 * which the offerer may still award it. The offerer awards it to any available answer of the question but their
 * own (`bounty.award`, the whole amount); unawarded at the end of the grace, half goes to the highest-scored
 * answer posted after the bounty started with a score of at least `auto_award_min_score`, else to nobody
 * (bounty.settle.ts, the periodic pass). Each bounty settles once: a conditional update on `status = 'open'`.
 */
import { randomBytes } from 'node:crypto';
import { PostStatus, bountyAmounts, type BountyAwardReq, type BountySettings, type BountyStartReq, type BountyState } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { isUniqueViolation, transaction, type Db } from '../../core/db/index.js';
import { AppError, badRequest, conflict, fieldErrors, forbidden, notFound } from '../../core/errors.js';
import type { UserRow } from '../../core/auth/index.js';
import { translate } from '../../core/i18n.js';
import { applyReputationAmount, lockReputation, rankConfig } from '../activity/index.js';
import { invalidateQuestionLists } from '../question/index.js';
import { getSettings } from '../siteinfo/index.js';
import { findUsersByIds } from '../user/index.js';
import { notifyBounty } from './bounty.notify.js';
import { presentBounty } from './bounty.presenter.js';
import * as repo from './bounty.repository.js';

/** The activity type of every bounty row in a reputation history (the offer, the award). */
export const BOUNTY_ACTIVITY = 'bounty';

/** The site's bounty settings. */
export async function bountySettings(ctx: AppContext): Promise<BountySettings> {
  return (await getSettings(ctx)).site_bounty;
}

const newId = () => `${String(Date.now()).padStart(13, '0')}${randomBytes(6).toString('hex')}`;

/** A 400 whose text has values (the least reputation, a count ...). */
const refusal = (status: number, key: string, params: Record<string, string | number> = {}) => new AppError(status, key, null).withMessage(key, params);

/**
 * Why `user` may not offer a bounty on `q` now, before the transaction re-checks what can change meanwhile:
 * the question's state and age, their reputation. Undefined when they may.
 */
function startRefusal(s: BountySettings, user: UserRow, q: { status: number; created_at: number }, now: number): AppError | undefined {
  if (q.status === PostStatus.deleted) return badRequest('error.bounty.question_deleted');
  if (q.status === PostStatus.closed) return badRequest('error.bounty.question_closed');
  if (q.status !== PostStatus.normal) return notFound('error.question.not_found');
  if (now - q.created_at < s.min_question_age_days * 86_400) return refusal(400, 'error.bounty.question_too_new', { days: s.min_question_age_days });
  if (Number(user.rank) < s.min_reputation) return refusal(403, 'error.bounty.reputation_low', { min: s.min_reputation });
  return undefined;
}

/**
 * POST /question/bounty: offers a bounty. Checks first (amount, question, age, reputation), then in one
 * transaction with the offerer's row locked: their reputation again (the amount must leave at least the floor),
 * their open bounties, the question's open bounty; inserts it, shows it on the question and takes the amount.
 * After commit, the asker is told (when the offerer is someone else), and so are the question's other followers
 * (inbox and e-mail by their notification settings; once: this request is the only writer of the bounty).
 * @throws 400 field error on `amount`; 404 question not found; 400 deleted, closed or too new question; 403
 *   too little reputation; 400 not enough reputation for the amount, too many open bounties; 409 the question
 *   already has one
 */
export async function startBounty(ctx: AppContext, user: UserRow, input: BountyStartReq, lang = 'en_US'): Promise<BountyState> {
  const db = requireDb(ctx);
  const s = await bountySettings(ctx);
  const amounts = bountyAmounts(s);
  if (!amounts.includes(input.amount)) {
    throw fieldErrors([{ field: 'amount', message: 'error.bounty.amount_invalid', params: { min: s.min_amount, max: s.max_amount, step: s.amount_step } }]);
  }
  const q = await repo.questionForBounty(db, input.question_id);
  if (!q) throw notFound('error.question.not_found');
  const now = nowSeconds();
  const refused = startRefusal(s, user, q, now);
  if (refused) throw refused;
  const id = newId();
  const activityId = await requireIds(ctx).next('activity');
  const ends = now + s.duration_days * 86_400;
  const { floor } = await rankConfig(db);
  try {
    await transaction(db, async (tx) => {
      const rank = await lockReputation(tx, user.id);
      if (rank === undefined || rank < s.min_reputation) throw refusal(403, 'error.bounty.reputation_low', { min: s.min_reputation });
      if (rank - input.amount < floor) throw refusal(400, 'error.bounty.not_enough_reputation', { rank });
      if ((await repo.countOpenOf(tx, user.id)) >= s.max_open_per_member) throw refusal(400, 'error.bounty.too_many_open', { max: s.max_open_per_member });
      if (await repo.openBountyOf(tx, q.id)) throw conflict('error.bounty.already_open');
      await repo.insertBounty(tx, {
        id,
        question_id: q.id,
        open_question_id: q.id,
        user_id: user.id,
        amount: input.amount,
        reason: input.reason,
        status: 'open',
        created_at: now,
        ends_at: ends,
        grace_ends_at: ends + s.grace_hours * 3600,
      });
      await repo.setQuestionBounty(tx, q.id, { amount: input.amount, started: now, ends });
      await applyReputationAmount(tx, { id: activityId, userId: user.id, objectId: q.id, originalObjectId: q.id, activityType: BOUNTY_ACTIVITY, rule: 'bounty.offer', delta: -input.amount, now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('error.bounty.already_open');
    throw err;
  }
  invalidateQuestionLists();
  const told = { triggerId: user.id, questionId: q.id, title: q.title, amount: input.amount };
  const followers = (await repo.questionFollowerIds(db, q.id)).filter((id) => id !== q.user_id);
  await notifyBounty(ctx, { ...told, action: 'bounty_started', receiverId: q.user_id }, ...followers.map((id) => ({ ...told, action: 'bounty_started_followed' as const, receiverId: id })));
  return bountyState(ctx, q.id, user, lang);
}

/**
 * POST /question/bounty/award: the offerer awards their open bounty (by id, or the open bounty of `question_id`)
 * to an available answer of its question, during the bounty or its grace period. The bounty is settled by a
 * conditional update: of two awards at once (the same answer or two), one settles it and the other gets 409, so
 * the amount is credited once.
 * @throws 404 no such (open) bounty or answer; 403 not the offerer; 400 own answer, answer of another question;
 *   409 already awarded or ended
 */
export async function awardBounty(ctx: AppContext, user: UserRow, input: BountyAwardReq, lang = 'en_US'): Promise<BountyState> {
  const db = requireDb(ctx);
  const b = input.bounty_id ? await repo.findBounty(db, input.bounty_id) : await repo.openBountyOf(db, input.question_id!);
  if (!b) throw notFound('error.bounty.not_found');
  if (b.user_id !== user.id) throw forbidden('error.bounty.not_offerer');
  const a = await repo.answerForBounty(db, input.answer_id);
  if (!a || a.status !== PostStatus.normal) throw notFound('error.answer.not_found');
  if (a.question_id !== b.question_id) throw badRequest('error.bounty.answer_elsewhere');
  if (a.user_id === user.id) throw badRequest('error.bounty.own_answer');
  const now = nowSeconds();
  if (b.status !== 'open' || now > Number(b.grace_ends_at)) throw conflict('error.bounty.already_settled');
  const activityId = await requireIds(ctx).next('activity');
  await transaction(db, async (tx) => {
    if ((await repo.settleBounty(tx, b.id, { status: 'awarded', answerId: a.id, userId: a.user_id, amount: b.amount, now })) !== 1) throw conflict('error.bounty.already_settled');
    await repo.setQuestionBounty(tx, b.question_id, { amount: 0, started: 0, ends: 0 });
    await applyReputationAmount(tx, { id: activityId, userId: a.user_id, triggerUserId: user.id, objectId: a.id, originalObjectId: b.question_id, activityType: BOUNTY_ACTIVITY, rule: 'bounty.award', delta: b.amount, now });
  });
  invalidateQuestionLists();
  const q = await repo.questionForBounty(db, b.question_id);
  await notifyBounty(ctx, { action: 'bounty_awarded', receiverId: a.user_id, triggerId: user.id, questionId: b.question_id, answerId: a.id, title: q?.title ?? '', amount: b.amount });
  return bountyState(ctx, b.question_id, user, lang);
}

/**
 * GET /question/bounty: the question's open bounty (else the last one settled, for the awarded notice), whether
 * the reader may award it (its offerer, until the end of the grace) and whether they may start one (if not, why,
 * as an error key and its text in `lang`), with the site's amounts and the rules the start dialog explains
 * (duration, grace, the automatic award's least score).
 * @throws 404 for a question that is missing, deleted or pending
 */
export async function bountyState(ctx: AppContext, questionId: string, viewer: UserRow | undefined, lang = 'en_US'): Promise<BountyState> {
  const db = requireDb(ctx);
  const s = await bountySettings(ctx);
  const q = await repo.questionForBounty(db, questionId);
  if (!q || (q.status !== PostStatus.normal && q.status !== PostStatus.closed)) throw notFound('error.question.not_found');
  const open = await repo.openBountyOf(db, questionId);
  const now = nowSeconds();
  const users = open ? await findUsersByIds(db, [open.user_id]) : new Map();
  const refused = !viewer ? undefined : open ? conflict('error.bounty.already_open') : startRefusal(s, viewer, q, now);
  const start_refusal = refused?.reason ?? '';
  return {
    bounty: open ? presentBounty(open, users.get(open.user_id)) : null,
    can_award: !!viewer && !!open && open.user_id === viewer.id && now <= Number(open.grace_ends_at),
    can_start: !!viewer && !start_refusal,
    start_refusal,
    start_refusal_msg: refused ? translate(refused.msgKey ?? refused.reason, lang, refused.msgParams) : '',
    amounts: bountyAmounts(s),
    min_reputation: s.min_reputation,
    duration_days: s.duration_days,
    grace_hours: s.grace_hours,
    auto_award_min_score: s.auto_award_min_score,
  };
}

/** A bounty's row by id, for the periodic pass and tests. */
export function findBountyRow(db: Db, id: string): Promise<repo.BountyRow | undefined> {
  return repo.findBounty(db, id);
}
