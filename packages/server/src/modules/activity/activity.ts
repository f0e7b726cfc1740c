/**
 * Activity rows: the history behind timelines, profiles and reputation (spec §3 "Timeline activity types").
 * Conventions every writer follows:
 * - `activity_type` is one of the timeline names: asked, answered, commented, edited, rollback, deleted,
 *   undeleted, closed, reopened, pin, unpin, show, hide, upvote, downvote, accept, created;
 * - `user_id` is whose row it is; `trigger_user_id` is '' when that user acted, else the actor (rows that
 *   carry reputation to someone else: the author of a voted post, the author of an accepted answer ...);
 * - `object_id` is the post, `original_object_id` its question, `revision_id` the revision of an edit;
 * - undone actions (a cancelled vote, an un-accept) keep their rows with `cancelled` = 1.
 */
import type { Db } from '../../core/db/index.js';
import * as repo from './activity.repository.js';

export interface ActivityInput {
  /** Activity id, taken before the transaction opened (`ids.next('activity')`). */
  id: string;
  userId: string;
  objectId: string;
  originalObjectId: string;
  activityType: string;
  triggerUserId?: string;
  revisionId?: string;
  /** Why a moderator acted (a close reason ...), shown in the timeline; at most 1000 characters are kept. */
  reason?: string;
  now: number;
}

/** Records one activity row without reputation, inside the caller's transaction. */
export async function recordActivity(tx: Db, a: ActivityInput): Promise<void> {
  await repo.insertActivity(tx, {
    id: a.id,
    user_id: a.userId,
    trigger_user_id: a.triggerUserId ?? '',
    object_id: a.objectId,
    original_object_id: a.originalObjectId,
    activity_type: a.activityType,
    rank: 0,
    has_rank: 0,
    cancelled: 0,
    revision_id: a.revisionId ?? '',
    rank_key: '',
    ...(a.reason ? { reason: a.reason.slice(0, 1000) } : {}),
    created_at: a.now,
    updated_at: a.now,
  });
}
