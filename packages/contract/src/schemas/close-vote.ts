/**
 * Close and reopen by votes (issue #35 item 2; docs/API.md "Close votes"; Quorum's calls, Answer has none):
 * members with the close privilege vote to close an open question with one of the close reasons, or to reopen a
 * closed one; `votes_needed` votes of a round decide, a moderator's vote decides at once. Votes older than
 * `vote_days` no longer count (by the server's clock). Each member has one vote per question and round (a state
 * change starts a new round); a retracted vote stays spent for that round. Answer's single-step PUT
 * /question/status and PUT /question/reopen stay as they are.
 * The schemas are marked pure: the contract is one module, and the public pages, which import parts of it, would
 * otherwise carry them too.
 */
import { z } from 'zod';
import { PageQuery, required } from './common.js';

/** Defaults of the close-votes section (Stack Exchange's: 3 votes, 14 days; 0 = the privilege level's reputation). */
export const CLOSE_VOTE_DEFAULTS = { votes_needed: 3, vote_days: 14, reputation: 0 } as const;

/** Longest close message of a vote, in characters (as PUT /question/status). */
export const CLOSE_VOTE_MSG_MAX = 500;

const whole = (min: number, max: number) =>
  z.coerce.number({ error: 'error.close_vote.setting_range' }).int('error.close_vote.setting_range').min(min, 'error.close_vote.setting_range').max(max, 'error.close_vote.setting_range');

/**
 * GET and PUT /admin/api/siteinfo/close-votes: `votes_needed` (1-10) votes close or reopen a question; a vote
 * counts for `vote_days` (1-365) days; `reputation` is the reputation a member needs to vote (0 = the privilege
 * level's `question.close_vote` threshold; 1-1,000,000 overrides it).
 */
export const SiteCloseVotesReq = /* @__PURE__ */ z.object({
  votes_needed: /* @__PURE__ */ whole(1, 10),
  vote_days: /* @__PURE__ */ whole(1, 365),
  reputation: /* @__PURE__ */ whole(0, 1_000_000),
});
export type SiteCloseVotesReq = z.infer<typeof SiteCloseVotesReq>;

/**
 * POST /question/close-vote: a vote to close `question_id` with close reason `close_type` (GET /reasons?
 * object_type=question&action=close). Reasons that take text need `close_msg`; the duplicate reason needs the
 * original: `duplicate_id`, or its address or id as `close_msg`. Answers the question's `close_votes` and `closed`.
 */
export const CloseVoteReq = /* @__PURE__ */ z.object({
  question_id: /* @__PURE__ */ required('error.form.cannot_be_empty'),
  close_type: /* @__PURE__ */ z.coerce.number({ error: 'error.question.close_reason_required' }).int('error.question.close_reason_required'),
  close_msg: /* @__PURE__ */ z.string({ error: 'error.form.is_invalid' }).trim().max(CLOSE_VOTE_MSG_MAX, 'error.question.close_msg_too_long').optional().default(''),
  duplicate_id: /* @__PURE__ */ z.string({ error: 'error.form.is_invalid' }).trim().max(32, 'error.form.is_invalid').optional().default(''),
});
export type CloseVoteReq = z.infer<typeof CloseVoteReq>;

/**
 * POST /question/reopen-vote, DELETE /question/close-vote and DELETE /question/reopen-vote: a vote to reopen
 * `question_id`, or the retraction of the caller's vote of the question's current round.
 */
export const CloseVoteQuestionReq = /* @__PURE__ */ z.object({ question_id: /* @__PURE__ */ required('error.form.cannot_be_empty') });
export type CloseVoteQuestionReq = z.infer<typeof CloseVoteQuestionReq>;

/** POST /question/close-vote/leave-open: the review queue's "leave open" for `question_id` (the caller's vote of the round). */
export const CloseVoteLeaveOpenReq = CloseVoteQuestionReq;

/** GET /question/close-vote/page: open questions with close votes the caller has not reviewed, most votes first. */
export const CloseVotePageQuery = PageQuery;
export type CloseVotePageQuery = z.infer<typeof CloseVotePageQuery>;

/** The viewer's own vote of the current round. */
export interface CloseVoteMine {
  /** close | reopen | leave_open */
  kind: string;
  close_type: number;
  /** the reason's name in the reader's language ('' for reopen and leave-open votes) */
  reason_name: string;
  close_msg: string;
  duplicate_id: string;
  created_at: number;
  /** unix seconds of the retraction, 0 while it stands */
  retracted_at: number;
  /** true once older than `vote_days` (it no longer counts) */
  aged: boolean;
}

/** Who decided a close (shown in the closed notice). */
export interface CloseVoter {
  id: string;
  username: string;
  display_name: string;
  moderator: boolean;
}

/**
 * `close_votes` of GET /question/info (additive): `type` what a vote does now (close for an open question, reopen
 * for a closed one); `count` live votes of the round (null when the reader may not see them: anonymous readers
 * of an open question); `needed`; `can_vote` whether the reader may vote now; `my_vote`; `closed_by` the members
 * whose votes (or the moderator whose action) closed it, for a closed question.
 */
export interface CloseVotesInfo {
  type: 'close' | 'reopen';
  count: number | null;
  needed: number;
  can_vote: boolean;
  my_vote: CloseVoteMine | null;
  closed_by: CloseVoter[];
}

/** One task of the close-votes review queue. */
export interface CloseVoteQueueItem {
  question: { id: string; title: string; url_title: string; excerpt: string; created_at: number; status: number; author: { username: string; display_name: string } };
  count: number;
  needed: number;
  /** live votes by reason, most first */
  reasons: { close_type: number; name: string; count: number; close_msg: string }[];
  first_vote_at: number;
}
