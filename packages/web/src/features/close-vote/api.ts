/**
 * Close and reopen votes (contract schemas/close-vote.ts): the question's `close_votes` as question/info carries
 * it, and the vote, retract and leave-open calls. Votes answer `{decided, status, close_votes}`.
 */
import type { CloseVoteQueueItem, CloseVotesInfo } from '@quorum/contract';
import { api } from '../../lib/api';
import type { QuestionInfo } from '../../lib/types';

export type { CloseVoteQueueItem, CloseVotesInfo };

const V1 = '/answer/api/v1';

/** What a vote call answers. */
export interface VoteOutcome {
  decided: boolean;
  status: number;
  close_votes: CloseVotesInfo | null;
}

/** The question's close votes (an additive member of question/info), or null. */
export function closeVotesOf(q: QuestionInfo): CloseVotesInfo | null {
  return (q as QuestionInfo & { close_votes?: CloseVotesInfo | null }).close_votes ?? null;
}

/** POST /question/close-vote; field errors and refusals go to the caller. */
export function voteToClose(questionId: string, closeType: number, closeMsg: string): Promise<VoteOutcome> {
  return api.post(`${V1}/question/close-vote`, { question_id: questionId, close_type: closeType, close_msg: closeMsg }, { passingError: true });
}

/** POST /question/reopen-vote. */
export function voteToReopen(questionId: string): Promise<VoteOutcome> {
  return api.post(`${V1}/question/reopen-vote`, { question_id: questionId }, { passingError: true });
}

/** DELETE /question/close-vote or /question/reopen-vote: retracts the caller's vote of the round. */
export function retractVote(questionId: string, type: 'close' | 'reopen'): Promise<VoteOutcome> {
  return api.delete(`${V1}/question/${type}-vote`, { question_id: questionId }, { passingError: true });
}

/** POST /question/close-vote/leave-open (the review queue). */
export function leaveOpen(questionId: string): Promise<VoteOutcome> {
  return api.post(`${V1}/question/close-vote/leave-open`, { question_id: questionId }, { passingError: true });
}

/** Path of the review queue's list call. */
export const CLOSE_VOTE_QUEUE_PATH = `${V1}/question/close-vote/page`;
