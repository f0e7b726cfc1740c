/**
 * Emoji reactions (heart, smile, frown) on questions and answers (Answer 1.4's /meta/reaction): per emoji the
 * count, whether the viewer reacted, and who reacted. The batched read serves a whole question page in four
 * queries.
 */
import { REACTION_EMOJIS, type ReactionUpdateReq } from '@quorum/contract';
import { nowSeconds, requireDb, requireIds, type AppContext } from '../../core/context.js';
import { transaction } from '../../core/db/index.js';
import { requirePostTarget, visiblePostTargets } from '../comment/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { findUsersByIds } from '../user/index.js';
import * as repo from './reaction.repository.js';

export interface ReactionItem {
  emoji: string;
  count: number;
  /** Display names of those who reacted, comma-joined (Answer's tooltip). */
  tooltip: string;
  is_active: boolean;
  /** Who reacted, oldest first (Quorum extension of Answer's item). */
  users: { username: string; display_name: string }[];
}

/** `{reaction_summary}` of one object from its rows; emojis nobody used are left out, order heart, smile, frown. */
function summarize(rows: repo.ReactionRow[], users: Map<string, UserRow>, viewer: UserRow | undefined): { reaction_summary: ReactionItem[] } {
  const out: ReactionItem[] = [];
  for (const emoji of REACTION_EMOJIS) {
    const who = [...new Set(rows.filter((r) => r.value === emoji).map((r) => r.user_id))].filter((id) => users.has(id));
    if (!who.length) continue;
    const people = who.map((id) => {
      const u = users.get(id)!;
      return { username: u.username, display_name: u.display_name || u.username };
    });
    out.push({ emoji, count: who.length, tooltip: people.map((p) => p.display_name).join(', '), is_active: !!viewer && who.includes(viewer.id), users: people });
  }
  return { reaction_summary: out };
}

async function summaries(ctx: AppContext, objectIds: string[], viewer: UserRow | undefined): Promise<Map<string, { reaction_summary: ReactionItem[] }>> {
  const db = requireDb(ctx);
  const rows = await repo.reactionsOf(db, objectIds);
  const users = await findUsersByIds(db, rows.map((r) => r.user_id));
  const out = new Map<string, { reaction_summary: ReactionItem[] }>();
  for (const id of objectIds) out.set(id, summarize(rows.filter((r) => r.object_id === id), users, viewer));
  return out;
}

/** GET /meta/reaction. @throws 404 for posts the viewer cannot see */
export async function getReactions(ctx: AppContext, objectId: string, viewer: UserRow | undefined): Promise<{ reaction_summary: ReactionItem[] }> {
  const t = await requirePostTarget(ctx, objectId, viewer);
  return (await summaries(ctx, [t.object_id], viewer)).get(t.object_id)!;
}

/** GET /meta/reaction/batch (Quorum extension): object id -> `{reaction_summary}` for every visible post. */
export async function getReactionsBatch(ctx: AppContext, objectIds: string[], viewer: UserRow | undefined): Promise<Record<string, { reaction_summary: ReactionItem[] }>> {
  const visible = [...(await visiblePostTargets(ctx, objectIds, viewer)).keys()];
  return Object.fromEntries(await summaries(ctx, visible, viewer));
}

/**
 * PUT /meta/reaction: adds or withdraws the user's emoji; idempotent.
 * @returns the object's summary afterwards
 * @throws 404 for posts the user cannot see
 */
export async function updateReaction(ctx: AppContext, user: UserRow, input: ReactionUpdateReq): Promise<{ reaction_summary: ReactionItem[] }> {
  const db = requireDb(ctx);
  const t = await requirePostTarget(ctx, input.object_id, user);
  if (input.reaction === 'activate') {
    const id = await requireIds(ctx).next('meta');
    await transaction(db, async (tx) => {
      if (!(await repo.hasReaction(tx, t.object_id, user.id, input.emoji))) await repo.addReaction(tx, id, t.object_id, user.id, input.emoji, nowSeconds());
    });
  } else {
    await repo.removeReaction(db, t.object_id, user.id, input.emoji);
  }
  return (await summaries(ctx, [t.object_id], user)).get(t.object_id)!;
}
