/**
 * The review queue's calls (spec §7 "History and review"; shapes in the contract's moderation schemas): the
 * queues with their counts (GET /reviewing/type), one task of a queue at a time (page_size 1), and the action
 * calls of each queue. Query keys start with REVIEW_KEY so one invalidation refreshes the badge and the page.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  FlaggedPostItem, FlaggedUserItem, QueuedPostItem, QueuedUserItem, ReportOperation, ReviewingTypeItem, ReviewingTypeName,
} from '@quorum/contract';
import { api, ApiError } from '../../lib/api';
import { CLOSE_VOTE_QUEUE_PATH, type CloseVoteQueueItem } from '../close-vote/api';
import { STAGING_QUEUE_PATH, type StagingQueueItem } from '../staging/api';
import type { PageData } from '../../lib/types';

export type { FlaggedPostItem, FlaggedUserItem, QueuedPostItem, QueuedUserItem, ReviewingTypeItem, ReviewingTypeName };

const V1 = '/answer/api/v1';
export const REVIEW_KEY = 'review';
/** Badge poll interval: as the notification badge (spec §9: 3 s). */
export const REVIEW_POLL_MS = 3000;

/** A revision as GET /revisions/unreviewed carries it (Answer's GetRevisionResp). */
export interface RevisionSnapshot {
  id: string;
  object_id: string;
  object_type: string;
  title: string;
  reason: string;
  create_at: number;
  user_info: { username: string; display_name: string; avatar: string; rank: number } | null;
  content: {
    title?: string;
    content?: string;
    html?: string;
    tags?: { slug_name: string; display_name?: string }[];
    slug_name?: string;
    display_name?: string;
    original_text?: string;
  };
}

/** One suggested edit: the post as it is now (`info`) and the proposed revision (`unreviewed_info`). */
export interface SuggestedEditItem {
  type: 'question' | 'answer' | 'tag';
  info: {
    object_id: string;
    question_id?: string;
    answer_id?: string;
    title?: string;
    url_title?: string;
    content?: string;
    html?: string;
    tags?: { slug_name: string; display_name?: string }[];
    slug_name?: string;
    display_name?: string;
    original_text?: string;
  };
  unreviewed_info: RevisionSnapshot;
}

/** A task of any queue, by queue. */
export interface TaskByType {
  suggested_post_edit: SuggestedEditItem;
  flagged_post: FlaggedPostItem;
  flagged_user: FlaggedUserItem;
  queued_post: QueuedPostItem;
  queued_user: QueuedUserItem;
  close_vote: CloseVoteQueueItem;
  staging: StagingQueueItem;
}

const LIST_PATH: Record<ReviewingTypeName, string> = {
  suggested_post_edit: `${V1}/revisions/unreviewed`,
  flagged_post: `${V1}/report/unreviewed/post`,
  flagged_user: `${V1}/report/unreviewed/user`,
  queued_post: `${V1}/review/pending/post/page`,
  queued_user: `${V1}/review/pending/user/page`,
  close_vote: CLOSE_VOTE_QUEUE_PATH,
  staging: STAGING_QUEUE_PATH,
};

/**
 * The queues the viewer may work on, with their counts (empty for people who may review nothing).
 * Polls every 3 s while `poll` is set and the tab is visible; a failed poll keeps the last counts.
 */
export function useReviewingTypes(userId: string | null, poll: boolean) {
  return useQuery({
    queryKey: [REVIEW_KEY, 'types', userId],
    queryFn: async ({ client, queryKey }) => {
      try {
        return (await api.get<ReviewingTypeItem[]>(`${V1}/reviewing/type`, undefined, { passingError: true })) ?? [];
      } catch (err) {
        const last = client.getQueryData<ReviewingTypeItem[]>(queryKey);
        if (last) return last;
        throw err;
      }
    },
    enabled: !!userId,
    staleTime: poll ? 0 : 60_000,
    refetchInterval: poll ? REVIEW_POLL_MS : false,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** The `page`-th waiting task of a queue (1-based) and the queue's size. */
export function useReviewTask<T extends ReviewingTypeName>(type: T, page: number) {
  return useQuery({
    queryKey: [REVIEW_KEY, 'task', type, page],
    queryFn: () => api.get<PageData<TaskByType[T]>>(LIST_PATH[type], { page, page_size: 1 }),
    staleTime: 0,
    retry: false,
  });
}

/** PUT /revisions/audit: approve or reject a suggested edit. */
export function auditRevision(id: string, operation: 'approve' | 'reject'): Promise<void> {
  return api.put(`${V1}/revisions/audit`, { id, operation }, { passingError: true });
}

/** Extra fields of PUT /report/review by operation. */
export interface ReportReviewExtra {
  close_type?: number;
  close_msg?: string;
  title?: string;
  content?: string;
  tags?: { slug_name: string }[];
  suspend_duration?: string;
}

/** PUT /report/review: handle a post or user flag. */
export function reviewReport(flagId: string, operation: ReportOperation, extra: ReportReviewExtra = {}): Promise<void> {
  return api.put(`${V1}/report/review`, { flag_id: flagId, operation_type: operation, ...extra }, { passingError: true });
}

/** PUT /review/pending/post or /review/pending/user: approve or reject a queued post or sign-up. */
export function reviewPending(kind: 'post' | 'user', reviewId: string, status: 'approve' | 'reject'): Promise<void> {
  return api.put(`${V1}/review/pending/${kind}`, { review_id: reviewId, status }, { passingError: true });
}

/** Reason keys of a task someone else handled first (compare-and-set on the server). */
const ALREADY_HANDLED = new Set(['error.review.already_handled', 'error.revision.already_reviewed', 'error.staging.already_decided']);

/** True when a failed review call means the task was already handled (or is gone). */
export function isAlreadyHandled(err: unknown): boolean {
  return err instanceof ApiError && (ALREADY_HANDLED.has(err.reason) || err.status === 404);
}
