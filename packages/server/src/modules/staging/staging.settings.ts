/**
 * The staging ground's rules that other modules apply (settings `site_staging`, contract schemas/staging.ts
 * STAGING_DEFAULTS): whether a new question of a member is staged (the setting on; the member below
 * `asker_reputation` with fewer than `first_questions` published questions; moderators and administrators never),
 * who reviews (members with `reviewer_reputation` or more, moderators and administrators), and staging a question
 * inside the transaction that writes it. Loaded by the question module from this file only (as review/queue.ts):
 * it needs nothing of the rest of the staging module.
 */
import { STAGING_DEFAULTS, type StagingSettings } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import type { UserRow } from '../../core/auth/index.js';
import { isModerator } from '../privilege/index.js';
import { getSettings } from '../siteinfo/index.js';
import { insertStaged } from './staging.repository.js';

/** The site's staging settings, the defaults filling what is not stored. */
export async function stagingSettings(ctx: AppContext): Promise<StagingSettings> {
  const stored = ((await getSettings(ctx)) as { site_staging?: Partial<StagingSettings> }).site_staging ?? {};
  return { ...STAGING_DEFAULTS, ...stored };
}

/** Whether `user` reviews staged questions under `s`: a moderator or administrator, or enough reputation. */
export function isStagingReviewer(user: UserRow | undefined, s: StagingSettings): boolean {
  return !!user && (isModerator(user) || Number(user.rank) >= s.reviewer_reputation);
}

/**
 * Whether a new question by `user` goes to the staging ground (issue #35 item 6): the setting is on, the asker is
 * not a moderator, their reputation is below `asker_reputation` and they have fewer than `first_questions`
 * published questions (a staged question counts once published).
 */
export async function stagesQuestion(ctx: AppContext, user: UserRow): Promise<boolean> {
  const s = await stagingSettings(ctx);
  if (!s.enabled || isModerator(user)) return false;
  return Number(user.rank) < s.asker_reputation && Number(user.question_count) < s.first_questions;
}

/** Stages a new question: call inside the transaction that writes it with status pending. */
export async function stageQuestion(tx: Db, q: { id: string; userId: string; now: number }): Promise<void> {
  await insertStaged(tx, { questionId: q.id, userId: q.userId, now: q.now });
}
