/**
 * The staging ground for new askers (issue #35 item 6; docs/API.md "Staging ground"), Quorum's calls: when the
 * site turns it on, the first questions of members below a reputation wait in a staging area (the question is
 * pending, so every list, search, feed and sitemap leaves it out) where reviewers comment, ask for changes,
 * approve it (it is published, keeping the time it was asked and recording when it was published) or send it to
 * the site's normal review queue of queued posts. Thresholds are site settings (PUT /admin/api/siteinfo/staging)
 * with Stack Overflow's Staging Ground as the model: off by default, first-time askers below 15 reputation,
 * reviewers from 500 reputation (Stack Overflow's review-queue access). Answer has no staging ground; its calls
 * and shapes are unchanged.
 */
import { z } from 'zod';

/** Site settings of the staging ground (section `site_staging`), with their defaults. */
export const STAGING_DEFAULTS = {
  /** Whether new askers' questions go to the staging ground at all (off: every question posts as before). */
  enabled: false,
  /** Askers whose reputation is below this are staged (Stack Overflow: new askers, who start at 1). */
  asker_reputation: 15,
  /** How many of a member's first questions are staged: while they have fewer published questions than this. */
  first_questions: 1,
  /** Least reputation to review staged questions (Stack Overflow: 500, the review queues' threshold). */
  reviewer_reputation: 500,
} as const;
export type StagingSettings = { enabled: boolean; asker_reputation: number; first_questions: number; reviewer_reputation: number };

/** Longest feedback comment, in characters (a Stack Exchange comment's 600, with room for a checklist). */
export const STAGING_COMMENT_MAX = 1000;

/**
 * States of a staged question: `waiting` for a reviewer, `changes` requested by a reviewer (waiting for the
 * asker's edit; an edit by the asker makes it `waiting` again), `published` (approved), `queued` (sent to the
 * normal review queue, where a moderator decides), `removed` (deleted meanwhile).
 */
export const STAGING_STATES = ['waiting', 'changes', 'published', 'queued', 'removed'] as const;
export type StagingState = (typeof STAGING_STATES)[number];

/** Kinds of feedback rows: a comment (reviewer or asker), a request for changes, the asker's edit, the decisions. */
export const STAGING_FEEDBACK_KINDS = ['comment', 'changes', 'edited', 'approved', 'queued'] as const;
export type StagingFeedbackKind = (typeof STAGING_FEEDBACK_KINDS)[number];

const id = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');
const text = (required: boolean) => {
  const s = z.string({ error: 'error.form.is_invalid' }).trim().max(STAGING_COMMENT_MAX, 'error.staging.comment_too_long');
  return required ? s.min(1, 'error.staging.comment_empty') : s.optional().default('');
};
const whole = (max: number) => z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').max(max, 'error.form.is_invalid');

/** GET /answer/api/v1/staging/question?question_id=: the staged question, its feedback and what the reader may do. */
export const StagingQuery = z.object({ question_id: id });
export type StagingQuery = z.infer<typeof StagingQuery>;

/** POST /answer/api/v1/staging/comment: a comment on a staged question (a reviewer, or the asker replying). */
export const StagingCommentReq = z.object({ question_id: id, content: text(true) });
export type StagingCommentReq = z.infer<typeof StagingCommentReq>;

/** POST /answer/api/v1/staging/changes: a reviewer asks for changes, saying which. */
export const StagingChangesReq = z.object({ question_id: id, content: text(true) });
export type StagingChangesReq = z.infer<typeof StagingChangesReq>;

/** POST /answer/api/v1/staging/approve and /staging/queue: a reviewer's decision, with an optional note to the asker. */
export const StagingDecisionReq = z.object({ question_id: id, content: text(false) });
export type StagingDecisionReq = z.infer<typeof StagingDecisionReq>;

/** GET /answer/api/v1/staging/page: staged questions waiting for a reviewer, oldest first. */
export const StagingPageQuery = z.object({
  page: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').optional().default(1),
  page_size: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(100, 'error.form.is_invalid').optional().default(20),
});
export type StagingPageQuery = z.infer<typeof StagingPageQuery>;

/** PUT /admin/api/siteinfo/staging: every field optional; a field left out keeps its stored value. */
export const SiteStagingReq = z.object({
  enabled: z.boolean({ error: 'error.form.is_invalid' }).optional(),
  asker_reputation: whole(1_000_000).optional(),
  first_questions: whole(1000).min(1, 'error.form.is_invalid').optional(),
  reviewer_reputation: whole(1_000_000).optional(),
});
export type SiteStagingReq = z.infer<typeof SiteStagingReq>;

/** A person as the staging calls show them. */
export interface StagingPerson {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
}

/** One feedback row. Times in unix seconds. */
export interface StagingFeedback {
  id: string;
  kind: StagingFeedbackKind;
  content: string;
  created_at: number;
  user: StagingPerson | null;
  /** Whether the writer is the asker (a reply) rather than a reviewer. */
  by_asker: boolean;
}

/**
 * GET /staging/question: the staged question as its asker, reviewers and moderators see it. `asked_at` is when it
 * was asked (kept when it is published), `published_at` when it was approved (0 before).
 */
export interface StagingQuestionState {
  question: {
    id: string;
    title: string;
    url_title: string;
    content: string;
    html: string;
    tags: { slug_name: string; display_name: string }[];
    status: number;
    author: StagingPerson | null;
  };
  state: StagingState;
  asked_at: number;
  published_at: number;
  updated_at: number;
  feedback: StagingFeedback[];
  /** Whether the reader is the asker, and what they may do now. */
  is_asker: boolean;
  can_review: boolean;
  can_comment: boolean;
  can_edit: boolean;
}

/** One entry of GET /staging/page (and of the review page's Staging Ground tab). */
export interface StagingQueueItem {
  question: { id: string; title: string; url_title: string; excerpt: string; tags: { slug_name: string; display_name: string }[]; author: StagingPerson | null };
  state: StagingState;
  asked_at: number;
  updated_at: number;
  feedback_count: number;
}

/**
 * GET /admin/api/staging/stats: the staging ground's figures for the dashboard. `published_share` is the share of
 * decided questions (published, sent to the queue, removed) that were published, as a percentage with two
 * decimals ('0.00' when none is decided); times to publish in seconds from asking to publishing (0 when none).
 */
export interface StagingStats {
  enabled: boolean;
  waiting: number;
  changes: number;
  published: number;
  queued: number;
  removed: number;
  published_share: string;
  median_publish_seconds: number;
  average_publish_seconds: number;
}
