/**
 * The staging ground's calls (contract schemas/staging.ts; docs/API.md "Staging ground"): a staged question with
 * its feedback and what the reader may do (GET /staging/question; 404 when it is not staged or not theirs to see),
 * the comment, request-for-changes, approve and send-to-queue calls (each answers the new state), the reviewers'
 * queue path (the review page's tab) and the dashboard's figures. Query keys start with STAGING_KEY.
 */
import { useQuery } from '@tanstack/react-query';
import type { StagingQuestionState, StagingQueueItem, StagingStats } from '@quorum/contract';
import { api, ApiError } from '../../lib/api';

export type { StagingQuestionState, StagingQueueItem, StagingStats };

const V1 = '/answer/api/v1';
export const STAGING_KEY = 'staging';

/** Path of the reviewers' queue (the review page reads it one task at a time). */
export const STAGING_QUEUE_PATH = `${V1}/staging/page`;

/**
 * The staged question `questionId` as the reader may see it; `null` when it is not staged or the reader may not
 * see it (404), so callers that only show it when there is one need not handle that error.
 */
export function useStagedQuestion(questionId: string, enabled = true) {
  return useQuery({
    queryKey: [STAGING_KEY, 'question', questionId],
    queryFn: async () => {
      try {
        return await api.get<StagingQuestionState>(`${V1}/staging/question`, { question_id: questionId }, { passingError: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: enabled && !!questionId,
    staleTime: 0,
    retry: false,
  });
}

/** A reviewer's or the asker's action; field errors and refusals go to the caller. */
export type StagingAction = 'comment' | 'changes' | 'approve' | 'queue';

/** POST /staging/{action} with an optional text; answers the new state. */
export function stagingAct(action: StagingAction, questionId: string, content = ''): Promise<StagingQuestionState> {
  return api.post(`${V1}/staging/${action}`, { question_id: questionId, content }, { passingError: true });
}

/** The dashboard's figures (administrators). */
export function useStagingStats() {
  return useQuery({
    queryKey: [STAGING_KEY, 'stats'],
    queryFn: () => api.get<StagingStats>('/answer/admin/api/staging/stats', undefined, { passingError: true }),
    staleTime: 30_000,
    retry: false,
  });
}
