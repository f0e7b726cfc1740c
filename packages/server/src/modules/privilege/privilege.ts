/**
 * Reputation privileges: three levels and a custom one (answer-compat.md "Privilege levels"; Answer's defaults).
 * Thresholds are data. Check order: admin/moderator role, then owner, then reputation threshold.
 */
import { Role } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { getConfigValue } from './privilege.repository.js';
import { requireDb } from '../../core/context.js';
import { registerCache } from '../../core/coherence.js';

export const PRIVILEGE_ACTIONS = [
  'question.add', 'answer.add', 'comment.add', 'report.add', 'comment.vote_up',
  'link.url_limit', 'question.vote_up', 'answer.vote_up', 'question.vote_down', 'answer.vote_down',
  'tag.edit', 'question.edit', 'answer.edit', 'question.invite', 'tag.add',
  'question.edit_without_review', 'answer.edit_without_review', 'question.audit', 'answer.audit',
  'tag.audit', 'tag.edit_without_review', 'tag.synonym',
  // Casting close and reopen votes (modules/close-vote; Stack Exchange: 3,000, 500 on a young site).
  'question.close_vote',
  // Editing a community wiki post directly (modules/wiki; Stack Exchange: 100 reputation).
  'wiki.edit',
] as const;
export type PrivilegeAction = (typeof PRIVILEGE_ACTIONS)[number];

type Thresholds = Record<PrivilegeAction, number>;

function level(l1: number, l2: number, l3: number): [number, number, number] {
  return [l1, l2, l3];
}

const TABLE: Record<PrivilegeAction, [number, number, number]> = {
  'question.add': level(1, 1, 1),
  'answer.add': level(1, 1, 1),
  'comment.add': level(1, 1, 1),
  'report.add': level(1, 1, 1),
  'comment.vote_up': level(1, 1, 1),
  'link.url_limit': level(1, 10, 10),
  'question.vote_up': level(1, 8, 15),
  'answer.vote_up': level(1, 8, 15),
  'question.vote_down': level(125, 125, 125),
  'answer.vote_down': level(125, 125, 125),
  'tag.edit': level(1, 50, 100),
  'question.edit': level(1, 100, 200),
  'answer.edit': level(1, 100, 200),
  'question.invite': level(1, 500, 1000),
  'tag.add': level(1, 750, 1500),
  'question.edit_without_review': level(1, 1000, 2000),
  'answer.edit_without_review': level(1, 1000, 2000),
  'question.audit': level(1, 1000, 2000),
  'answer.audit': level(1, 1000, 2000),
  'tag.audit': level(1, 2500, 5000),
  'tag.edit_without_review': level(1, 10000, 20000),
  'tag.synonym': level(1, 10000, 20000),
  'question.close_vote': level(500, 3000, 6000),
  'wiki.edit': level(1, 100, 200),
};

/** Install default privilege level. */
export const DEFAULT_PRIVILEGE_LEVEL = 2;
/** Level id of custom thresholds. */
export const CUSTOM_PRIVILEGE_LEVEL = 99;

/** Thresholds of a predefined level (1-3). */
export function thresholdsForLevel(lv: number): Thresholds {
  const i = Math.min(Math.max(lv, 1), 3) - 1;
  return Object.fromEntries(Object.entries(TABLE).map(([k, v]) => [k, v[i]])) as Thresholds;
}

const CACHE_MS = 2000;
let cache = new WeakMap<AppContext, { at: number; value: Thresholds }>();
registerCache('privilege-thresholds', { reads: ['config'], windowMs: CACHE_MS, what: 'privilege thresholds' }, () => {
  cache = new WeakMap();
});

/**
 * Current thresholds: the configured level, or the custom table stored under `privilege.custom`.
 * Cached per process for 2 s, and dropped in every process by a write to `config` (core/coherence.ts).
 */
export async function currentThresholds(ctx: AppContext): Promise<Thresholds> {
  const hit = cache.get(ctx);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const db = requireDb(ctx);
  const kept = cache;
  const lv = Number((await getConfigValue(db, 'privilege.level')) ?? DEFAULT_PRIVILEGE_LEVEL);
  let value = thresholdsForLevel(lv);
  if (lv === CUSTOM_PRIVILEGE_LEVEL) value = await customThresholds(ctx);
  kept.set(ctx, { at: Date.now(), value });
  return value;
}

/** The stored custom thresholds over the level-2 defaults. */
export async function customThresholds(ctx: AppContext): Promise<Thresholds> {
  const custom = await getConfigValue(requireDb(ctx), 'privilege.custom');
  const base = thresholdsForLevel(DEFAULT_PRIVILEGE_LEVEL);
  if (!custom) return base;
  try {
    const parsed = JSON.parse(custom) as Record<string, unknown>;
    for (const k of PRIVILEGE_ACTIONS) if (Number.isInteger(parsed[k]) && (parsed[k] as number) >= 1) base[k] = parsed[k] as number;
  } catch {
    // a broken row falls back to the defaults
  }
  return base;
}

/** The selected level: 1, 2, 3 or 99 (custom). */
export async function selectedLevel(ctx: AppContext): Promise<number> {
  const lv = Number((await getConfigValue(requireDb(ctx), 'privilege.level')) ?? DEFAULT_PRIVILEGE_LEVEL);
  return [1, 2, 3, CUSTOM_PRIVILEGE_LEVEL].includes(lv) ? lv : DEFAULT_PRIVILEGE_LEVEL;
}

/** Drops the cached thresholds (after the admin changed them). */
export function invalidateThresholds(ctx: AppContext): void {
  cache.delete(ctx);
}

/**
 * Whether a user may perform an action by role or reputation (ownership is the caller's concern).
 * @param user role_id and rank (reputation)
 */
export async function hasPrivilege(ctx: AppContext, user: { role_id: number; rank: number }, action: PrivilegeAction): Promise<boolean> {
  if (user.role_id === Role.admin || user.role_id === Role.moderator) return true;
  const t = await currentThresholds(ctx);
  return user.rank >= t[action];
}
