/**
 * Bounties (contract schemas/bounty.ts): the question's bounty state for the reader (GET /question/bounty), offering
 * one and awarding it. The question's info carries `bounty` {amount, started_at, ends_at} while one is open; list
 * and search items carry `bounty_amount`.
 */
import { useQuery } from '@tanstack/react-query';
import type { BountyState, QuestionBountyField } from '@quorum/contract';
import { api } from '../../lib/api';

export type { BountyState, QuestionBountyField };

const V1 = '/answer/api/v1';

/** The react-query key of a question's bounty state. */
export const bountyKey = (questionId: string) => ['bounty', questionId] as const;

/** The question's bounty state for the reader (only fetched when `enabled`). */
export function useBountyState(questionId: string, enabled = true) {
  return useQuery({ queryKey: bountyKey(questionId), queryFn: () => api.get<BountyState>(`${V1}/question/bounty`, { question_id: questionId }, { ignore50x: true }), enabled: enabled && !!questionId });
}

/** POST /question/bounty; field errors and refusals go to the caller. */
export function startBounty(questionId: string, amount: number, reason: string): Promise<BountyState> {
  return api.post(`${V1}/question/bounty`, { question_id: questionId, amount, reason }, { passingError: true });
}

/** POST /question/bounty/award; a refusal (409: already awarded) goes to the caller. */
export function awardBounty(bountyId: string, answerId: string): Promise<BountyState> {
  return api.post(`${V1}/question/bounty/award`, { bounty_id: bountyId, answer_id: answerId }, { passingError: true });
}

/** How long until `at` (unix seconds) in whole days, else hours, else minutes: for "ends in". */
export function timeLeft(at: number, now = Date.now() / 1000): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  const s = Math.max(0, at - now);
  if (s > 2 * 86_400) return { unit: 'days', count: Math.ceil(s / 86_400) };
  if (s > 3600) return { unit: 'hours', count: Math.ceil(s / 3600) };
  return { unit: 'minutes', count: Math.max(1, Math.ceil(s / 60)) };
}
