/**
 * Moderation: flags (POST /report), the review queue (flagged posts and users, queued posts and users, suggested
 * edits), the admin flag call and the anti-spam settings. Request schemas validate; response types describe what
 * the server sends (Answer 1.4 shapes: schema.AddReportReq, ReviewReportReq, GetReportListPageResp,
 * UpdateReviewReq, GetUnreviewedPostPageResp, GetReviewingTypeResp). Messages are translation keys
 * (i18n/<lang>/server.yaml).
 */
import { z } from 'zod';
import { PageQuery, required } from './common.js';

// ---- Reasons ----

/**
 * Flag and review reason types: Answer's reason config ids (reason.spam 57 ... reason.needs_delete 75), which its
 * client sends back as `report_type`. Type 60 (a duplicate) takes the address of the original question.
 */
export const FlagReason = {
  spam: 57,
  rude_or_abusive: 58,
  something: 59,
  a_duplicate: 60,
  not_a_answer: 61,
  no_longer_needed: 62,
  /** Quorum's own, numbered beyond Answer's config ids: the post is salvageable but needs work. */
  needs_improvement: 101,
} as const;
export type FlagReasonType = (typeof FlagReason)[keyof typeof FlagReason];

/** Reasons of the review-report dialog (action=review). */
export const ReviewReason = { looks_ok: 72, needs_edit: 73, needs_close: 74, needs_delete: 75 } as const;

/** Object types a member may flag (`source` of POST /report). */
export const FLAG_SOURCES = ['question', 'answer', 'comment', 'user'] as const;
export type FlagSource = (typeof FLAG_SOURCES)[number];

/** Answer's ReasonItem (GET /reasons): `content_type` '' (none), 'text' or 'textarea'. */
export interface ReasonItem {
  reason_type: number;
  reason_key: string;
  name: string;
  description: string;
  content_type: '' | 'text' | 'textarea';
  placeholder: string;
  have_content: boolean;
}

// ---- Flags ----

/** Longest flag text (Answer's AddReportReq: 500). */
export const FLAG_CONTENT_MAX = 500;

/**
 * POST /report: flag a question, answer, comment or user. `content` is required when the reason takes text
 * ('Cannot be empty.'); for type 60 it must be an address of this site (spec §5).
 */
export const ReportAddReq = z.object({
  object_id: required('error.form.cannot_be_empty').pipe(z.string().max(32, 'error.form.is_invalid')),
  report_type: z.coerce.number({ error: 'error.report.reason_required' }).int('error.report.reason_required').positive('error.report.reason_required'),
  content: z.string({ error: 'error.form.is_invalid' }).trim().max(FLAG_CONTENT_MAX, 'error.report.content_too_long').optional().default(''),
  source: z.enum(FLAG_SOURCES, { error: 'error.form.is_invalid' }).optional(),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type ReportAddReq = z.infer<typeof ReportAddReq>;

/** Flag states (spec §4): pending or completed (handled), stored as 1 and 2; 3 = ignored. */
export const FlagStatus = { pending: 1, completed: 2, ignored: 3 } as const;

/** Actions on a post flag (Answer's ReportOperation*) and, Quorum's, on a user flag. */
export const POST_FLAG_OPERATIONS = ['edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report'] as const;
export const USER_FLAG_OPERATIONS = ['suspend_user', 'delete_user', 'ignore_report'] as const;
export const REPORT_OPERATIONS = ['edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report', 'suspend_user', 'delete_user'] as const;
export type ReportOperation = (typeof REPORT_OPERATIONS)[number];

/** How long a user flag's suspension lasts: hours (number) or '24h' / '7d' / 'forever' (as PUT /admin/api/user/status). */
export const SuspendDuration = z.union([z.number().positive('error.form.is_invalid'), z.string().trim().regex(/^(forever|\d+[hd]?)$/, 'error.form.is_invalid')]);

/**
 * PUT /report/review: handle a flag. close_post takes close_type (a close reason) and close_msg; edit_post may
 * carry the edited title/content/tags (the post is edited as by its moderator); suspend_user takes
 * suspend_duration (absent = forever). A flag handled meanwhile answers 400 `error.review.already_handled`.
 */
export const ReportReviewReq = z.object({
  flag_id: required('error.form.cannot_be_empty'),
  operation_type: z.enum(REPORT_OPERATIONS, { error: 'error.form.is_invalid' }),
  close_type: z.coerce.number({ error: 'error.question.close_reason_required' }).int('error.question.close_reason_required').optional(),
  close_msg: z.string({ error: 'error.form.is_invalid' }).trim().max(500, 'error.question.close_msg_too_long').optional().default(''),
  title: z.string().optional(),
  content: z.string().optional(),
  tags: z.array(z.object({ slug_name: z.string(), display_name: z.string().optional(), original_text: z.string().optional() })).optional(),
  suspend_duration: SuspendDuration.optional(),
});
export type ReportReviewReq = z.infer<typeof ReportReviewReq>;

/** GET /report/unreviewed/post?page= and GET /report/unreviewed/user?page= (one task per page by default). */
export const ReportPageQuery = PageQuery.extend({ page_size: PageQuery.shape.page_size.unwrap().default(1) });
export type ReportPageQuery = z.infer<typeof ReportPageQuery>;

/**
 * PUT /admin/api/report (spec §3 "Review action payload"): the admin content lists handle a flag by its id.
 * `action`: ignore, or delete / close / unlist the flagged post, or edit (handled by editing elsewhere).
 */
export const AdminReportReq = z.object({
  id: required('error.form.cannot_be_empty'),
  action: z.enum(['ignore', 'delete', 'close', 'unlist', 'edit'], { error: 'error.form.is_invalid' }),
  flagged_type: z.coerce.number().int().optional(),
  flagged_content: z.string().optional().default(''),
});
export type AdminReportReq = z.infer<typeof AdminReportReq>;

/** Answer's UserBasicInfo as the review lists carry it. */
export interface ReviewUserInfo {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: string;
}

/** One flagged post (Answer's GetReportListPageResp). `object_type`: question, answer or comment. */
export interface FlaggedPostItem {
  flag_id: string;
  object_id: string;
  object_type: 'question' | 'answer' | 'comment';
  question_id: string;
  answer_id: string;
  comment_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string }[];
  answer_count: number;
  answer_accepted: boolean;
  object_status: number;
  object_show_status: number;
  author_user_info: ReviewUserInfo | null;
  submitter_user: ReviewUserInfo | null;
  reason: ReasonItem | null;
  reason_content: string;
  /** Flags waiting on this object, this one included. */
  flag_count: number;
  /** Quorum: the sum of the weights of the flags waiting on this object (1 = a new member's flag); the tab's order. */
  flag_score?: number;
  /** Quorum: this flag's weight, from its flagger's record and reputation. */
  flag_weight?: number;
  /** Quorum: the flag score hid the post from readers pending review. */
  hidden_by_flags?: boolean;
  created_at: number;
  submit_at: number;
}

/** One flagged user (Quorum: GET /report/unreviewed/user). */
export interface FlaggedUserItem {
  flag_id: string;
  object_id: string;
  object_type: 'user';
  user_info: ReviewUserInfo | null;
  bio: string;
  submitter_user: ReviewUserInfo | null;
  reason: ReasonItem | null;
  reason_content: string;
  flag_count: number;
  submit_at: number;
}

// ---- Queued posts and users ----

/** GET /review/pending/post/page?page=&object_id= (one task per page by default). */
export const PendingPostPageQuery = ReportPageQuery.extend({ object_id: z.string().trim().optional() });
export type PendingPostPageQuery = z.infer<typeof PendingPostPageQuery>;

/**
 * PUT /review/pending/post (Answer's UpdateReviewReq): approve makes the post public, reject deletes it.
 * `review_id` is the id from the list (a string in Quorum; numbers are accepted as Answer's client sends them).
 */
export const PendingPostReviewReq = z.object({
  review_id: z.union([z.string(), z.number()], { error: 'error.form.cannot_be_empty' }).transform(String).pipe(z.string().trim().min(1, 'error.form.cannot_be_empty')),
  status: z.enum(['approve', 'reject'], { error: 'error.form.is_invalid' }),
});
export type PendingPostReviewReq = z.infer<typeof PendingPostReviewReq>;

/** GET /review/pending/user/page?page= (Quorum): sign-ups waiting for approval. */
export const PendingUserPageQuery = ReportPageQuery;

/** PUT /review/pending/user (Quorum): approve activates the account, reject deletes it; the person is e-mailed. */
export const PendingUserReviewReq = PendingPostReviewReq;
export type PendingUserReviewReq = PendingPostReviewReq;

/** Why a post waits in the queue (`reviewer`: a reviewer, built in or a plugin, asked for it; server modules/reviewer). */
export const QUEUE_REASONS = ['low_reputation', 'first_posts', 'too_many_links', 'reviewer'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

/** One queued post (Answer's GetUnreviewedPostPageResp); `reason` is the translated why. */
export interface QueuedPostItem {
  review_id: string;
  object_id: string;
  object_type: 'question' | 'answer';
  question_id: string;
  answer_id: string;
  comment_id: string;
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: { slug_name: string; display_name: string }[];
  object_status: number;
  object_show_status: number;
  author_user_info: ReviewUserInfo | null;
  submitter_display_name: string;
  reason: string;
  created_at: number;
  submit_at: number;
}

/** One queued sign-up. */
export interface QueuedUserItem {
  review_id: string;
  user_info: ReviewUserInfo | null;
  e_mail: string;
  reason: string;
  submit_at: number;
}

/** Review queue names (Answer's ReviewingType) and their order on /review; `close_vote` and `staging` (the staging ground) are Quorum's. */
export const REVIEWING_TYPES = ['suggested_post_edit', 'flagged_post', 'flagged_user', 'queued_post', 'queued_user', 'close_vote', 'staging'] as const;
export type ReviewingTypeName = (typeof REVIEWING_TYPES)[number];

/** GET /reviewing/type: one entry per queue the caller may work on. */
export interface ReviewingTypeItem {
  name: ReviewingTypeName;
  label: string;
  todo_amount: number;
}

/** Most the header badge shows ('99+' beyond). */
export const REVIEW_BADGE_CAP = 99;

// ---- Anti-spam settings (added to the write and login sections) ----

const nonNegativeInt = z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').max(1_000_000, 'error.form.is_invalid');

/**
 * Fields of PUT /admin/api/siteinfo/write: posts by members below `review_reputation` (default 1) and each
 * member's first `review_first_posts` posts (default 0 = off) wait for review; so do posts with more than
 * `review_max_links` links (default 5; 0 = off) from members below the threshold.
 */
export const SiteWriteModerationFields = {
  review_reputation: nonNegativeInt.optional(),
  review_first_posts: nonNegativeInt.optional(),
  review_max_links: nonNegativeInt.optional(),
};
export const MODERATION_WRITE_DEFAULTS = { review_reputation: 1, review_first_posts: 0, review_max_links: 5 } as const;

/** Field of PUT /admin/api/siteinfo/login: new accounts wait for a moderator's approval (default off). */
export const SiteLoginModerationFields = { require_user_approval: z.boolean({ error: 'error.form.is_invalid' }).optional() };
