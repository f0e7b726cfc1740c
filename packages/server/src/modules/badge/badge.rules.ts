/**
 * Badge rules, evaluated on the domain events that can change them (core/events.ts), never by scanning on a
 * request: each event names the members and posts it touched, and only the badges whose counter it can move are
 * checked, with one indexed count each. A badge already held (or switched off by an administrator) is skipped.
 * Each new award is a `badge_awards` row plus an achievement notification, written in one transaction; the
 * unique (user, badge, post) key makes a repeated event or a re-run recount award nothing twice.
 */
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { objectTypeOf, transaction, type Db, type IdGenerator } from '../../core/db/index.js';
import { eventBus, publishLive, type DomainEvent } from '../../core/events.js';
import { recordBadgeAward } from '../notification/index.js';
import { BADGES, badgesOfMetric, postBadges, type BadgeDef, type UserMetric } from './badge.data.js';
import * as repo from './badge.repository.js';

/** The UTC day number (days since 1970) of a unix time. */
export const utcDay = (now: number) => Math.floor(now / 86400);

/** Badges an administrator switched off. */
async function inactiveBadges(ctx: AppContext): Promise<Set<string>> {
  const rows = await repo.statusRows(requireDb(ctx));
  return new Set([...rows].filter(([, v]) => v === 'inactive').map(([k]) => k));
}

/**
 * Awards `def` to a user for `awardKey` ('' for single badges) unless held, with its achievement notification.
 * @returns true when this call awarded it
 */
export async function award(ctx: AppContext, userId: string, def: BadgeDef, awardKey: string, now = nowSeconds()): Promise<boolean> {
  const db = requireDb(ctx);
  const id = await requireIds(ctx).next('notification');
  const added = await transaction(db, async (tx) => {
    if (!(await repo.insertAward(tx, { id, user_id: userId, badge_id: def.id, award_key: awardKey, created_at: now }))) return false;
    await recordBadgeAward(tx, { id, userId, badgeId: def.id, badgeSlug: def.slug, now });
    return true;
  });
  if (added) publishLive(ctx, { type: 'notification', user_ids: [userId] });
  return added;
}

/** Checks the badges of per-user counters for one member. */
export async function checkUserMetrics(ctx: AppContext, userId: string, metrics: UserMetric[], now = nowSeconds()): Promise<void> {
  const db = requireDb(ctx);
  const defs = metrics.flatMap(badgesOfMetric);
  if (!defs.length || !userId) return;
  const [held, off] = await Promise.all([repo.heldAwards(db, userId, defs.map((d) => d.id)), inactiveBadges(ctx)]);
  const open = defs.filter((d) => !held.has(`${d.id}:`) && !off.has(d.id));
  const values = new Map<UserMetric, number>();
  for (const d of open) {
    if (d.rule.kind !== 'user') continue;
    const m = d.rule.metric;
    if (!values.has(m)) {
      const max = Math.max(...open.map((x) => (x.rule.kind === 'user' && x.rule.metric === m ? x.rule.min : 0)));
      values.set(m, m === 'consecutive_days' ? await repo.consecutiveDays(db, userId, utcDay(now), max) : await repo.userMetric(db, userId, m));
    }
    if (values.get(m)! >= d.rule.min) await award(ctx, userId, d, '', now);
  }
}

/** Checks the score badges of one question or answer for its author. */
export async function checkPostScore(ctx: AppContext, objectType: 'question' | 'answer', objectId: string, now = nowSeconds()): Promise<void> {
  const db = requireDb(ctx);
  const post = await repo.postScore(db, objectType, objectId);
  if (!post) return;
  const due = postBadges('score', objectType).filter((d) => d.rule.kind === 'score' && post.score >= d.rule.min);
  if (!due.length) return;
  const [held, off] = await Promise.all([repo.heldAwards(db, post.user_id, due.map((d) => d.id)), inactiveBadges(ctx)]);
  for (const d of due) if (!held.has(`${d.id}:${objectId}`) && !off.has(d.id)) await award(ctx, post.user_id, d, objectId, now);
}

/** Checks the view badges of questions whose view counts grew. */
export async function checkQuestionViews(ctx: AppContext, questionIds: string[], now = nowSeconds()): Promise<void> {
  const defs = postBadges('views');
  const min = Math.min(...defs.map((d) => (d.rule.kind === 'views' ? d.rule.min : Infinity)));
  const db = requireDb(ctx);
  const viewed = await repo.viewedQuestions(db, questionIds, min);
  if (!viewed.length) return;
  const off = await inactiveBadges(ctx);
  for (const q of viewed) {
    const due = defs.filter((d) => d.rule.kind === 'views' && q.views >= d.rule.min && !off.has(d.id));
    const held = await repo.heldAwards(db, q.user_id, due.map((d) => d.id));
    for (const d of due) if (!held.has(`${d.id}:${q.id}`)) await award(ctx, q.user_id, d, q.id, now);
  }
}

const activeDays = new WeakMap<AppContext, Map<string, number>>();

/** The day each member was last seen active on this node. */
function seenToday(ctx: AppContext): Map<string, number> {
  let m = activeDays.get(ctx);
  if (!m) {
    m = new Map();
    activeDays.set(ctx, m);
  }
  return m;
}

/** What one domain event can change, checked at once. */
export async function onDomainEvent(ctx: AppContext, e: DomainEvent): Promise<void> {
  if (!ctx.installed) return;
  switch (e.type) {
    case 'question.created':
      return checkUserMetrics(ctx, e.user_id, ['questions']);
    case 'answer.created':
      return checkUserMetrics(ctx, e.user_id, ['answers']);
    case 'answer.accepted':
      await checkUserMetrics(ctx, e.answer_user_id, ['accepted_answers']);
      return checkUserMetrics(ctx, e.question_user_id, ['acceptances_given']);
    case 'comment.created':
      return checkUserMetrics(ctx, e.user_id, ['comments']);
    case 'post.edited':
      return checkUserMetrics(ctx, e.user_id, ['edits']);
    case 'vote.cast': {
      await checkUserMetrics(ctx, e.user_id, [e.direction === 'up' ? 'up_votes_cast' : 'down_votes_cast', 'votes_cast']);
      const t = objectTypeOf(e.object_id);
      if (t === 'question' || t === 'answer') await checkPostScore(ctx, t, e.object_id);
      return;
    }
    case 'question.viewed':
      return checkQuestionViews(ctx, e.question_ids);
    case 'member.active': {
      // Once per member and day per node: the first visit of a day records it and checks the day streak and the
      // profile (Answer's profile call lives with accounts; a completed profile is noticed on the next active day).
      const day = utcDay(e.now);
      const seen = seenToday(ctx);
      if (seen.get(e.user_id) === day) return;
      seen.set(e.user_id, day);
      if (seen.size > 100_000) seen.clear();
      if (await repo.addVisitDay(requireDb(ctx), e.user_id, day)) await checkUserMetrics(ctx, e.user_id, ['consecutive_days', 'profile_complete'], e.now);
      return;
    }
    case 'profile.updated':
      return checkUserMetrics(ctx, e.user_id, ['profile_complete']);
  }
}

/** Subscribes the badge rules to the app's domain events (once per app). */
export function installBadgeRules(ctx: AppContext): void {
  eventBus(ctx).onDomain((e) => onDomainEvent(ctx, e));
}

/**
 * Awards every badge its holders have earned, from the stored data, one award at a time with its notification. One
 * grouped query per badge finds who qualifies; held badges are skipped and the unique key refuses duplicates, so
 * re-running it awards nothing twice. The import uses the bulk form without notifications (badge.recount.ts
 * `recountBadgesBulk`), which awards the same.
 * @returns the number of new awards
 */
export async function recountBadges(ctx: AppContext): Promise<number> {
  const db = requireDb(ctx);
  const off = await inactiveBadges(ctx);
  const now = nowSeconds();
  let added = 0;
  for (const d of BADGES) {
    if (off.has(d.id)) continue;
    const held = await repo.holders(db, d.id);
    if (d.rule.kind === 'user') {
      if (d.rule.metric === 'consecutive_days') continue;
      for (const userId of await repo.usersReaching(db, d.rule.metric, d.rule.min)) {
        if (!held.has(`${userId}:`) && (await award(ctx, userId, d, '', now))) added += 1;
      }
      continue;
    }
    const due = await repo.postsReaching(db, d.rule.kind, d.rule.kind === 'score' ? d.rule.objectType : 'question', d.rule.min);
    for (const p of due) {
      if (!held.has(`${p.user_id}:${p.id}`) && (await award(ctx, p.user_id, d, p.id, now))) added += 1;
    }
  }
  return added;
}

/** The recount for code that holds a database but no app (the import command). */
export function recountBadgesIn(db: Db, ids: IdGenerator): Promise<number> {
  const quiet = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, silent() {}, level: 'silent', child() { return quiet; } };
  const ctx: AppContext = { dataDir: '', log: quiet as unknown as AppContext['log'], config: null, database: db, ids, installed: true, onClose: [] };
  return recountBadges(ctx);
}
