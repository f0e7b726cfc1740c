/** Request schemas of the post life cycle: edits, revisions, moderation, acceptance, votes, privileges. Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { QUESTION_ORDERS } from '../enums.js';
import { LIMITS } from '../limits.js';
import { PageQuery, required } from './common.js';
import { AnswerAddReq, AnswerPageQuery, QuestionAddReq } from './core.js';

// ---- Post life cycle: edits, revisions, moderation, acceptance, votes, privileges (Answer 1.4 shapes) ----

const editSummary = z.string({ error: 'error.form.is_invalid' }).trim().max(300, 'error.revision.summary_too_long').optional().default('');

/** PUT /question */
export const QuestionUpdateReq = QuestionAddReq.omit({ wiki: true }).extend({
  id: required('error.form.cannot_be_empty'),
  edit_summary: editSummary,
  invite_user: z.array(z.string()).optional(),
});
export type QuestionUpdateReq = z.infer<typeof QuestionUpdateReq>;

/** PUT /answer */
export const AnswerUpdateReq = z.object({
  id: required('error.form.cannot_be_empty'),
  question_id: z.string().optional(),
  title: z.string().optional(),
  content: AnswerAddReq.shape.content,
  edit_summary: editSummary,
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type AnswerUpdateReq = z.infer<typeof AnswerUpdateReq>;

/** DELETE /question, DELETE /answer */
export const PostRemoveReq = z.object({ id: required('error.form.cannot_be_empty'), captcha_id: z.string().optional(), captcha_code: z.string().optional() });

/** POST /question/recover */
export const QuestionRecoverReq = z.object({ question_id: required('error.form.cannot_be_empty') });

/** POST /answer/recover */
export const AnswerRecoverReq = z.object({ answer_id: required('error.form.cannot_be_empty') });

/** PUT /question/status (close with a reason; Answer's CloseQuestionReq) */
export const QuestionCloseReq = z.object({
  id: required('error.form.cannot_be_empty'),
  close_type: z.coerce.number({ error: 'error.question.close_reason_required' }).int('error.question.close_reason_required'),
  close_msg: z.string({ error: 'error.form.is_invalid' }).trim().max(500, 'error.question.close_msg_too_long').optional().default(''),
});
export type QuestionCloseReq = z.infer<typeof QuestionCloseReq>;

/** PUT /question/reopen */
export const QuestionReopenReq = z.object({ question_id: required('error.form.cannot_be_empty') });

/** PUT /question/operation */
export const QuestionOperationReq = z.object({
  id: required('error.form.cannot_be_empty'),
  operation: z.enum(['pin', 'unpin', 'hide', 'show'], { error: 'error.form.is_invalid' }),
});
export type QuestionOperationReq = z.infer<typeof QuestionOperationReq>;

/** POST /answer/acceptance: answer_id '0' or empty takes the acceptance back. */
export const AcceptAnswerReq = z.object({
  question_id: required('error.form.cannot_be_empty').max(30, 'error.form.is_invalid'),
  answer_id: z.string().trim().optional().default(''),
});
export type AcceptAnswerReq = z.infer<typeof AcceptAnswerReq>;

/** POST /vote/up, POST /vote/down */
export const VoteReq = z.object({
  object_id: required('error.form.cannot_be_empty'),
  is_cancel: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type VoteReq = z.infer<typeof VoteReq>;

/** GET /revisions?object_id= */
export const RevisionListQuery = z.object({ object_id: required('error.form.cannot_be_empty') });

/** PUT /revisions/audit */
export const RevisionAuditReq = z.object({
  id: required('error.form.cannot_be_empty'),
  operation: z.enum(['approve', 'reject'], { error: 'error.form.is_invalid' }),
});
export type RevisionAuditReq = z.infer<typeof RevisionAuditReq>;

/** GET /revisions/unreviewed?page= (one suggested edit per page by default, as the review screen shows them) */
export const UnreviewedRevisionQuery = PageQuery.extend({ page_size: PageQuery.shape.page_size.unwrap().default(1) });

/** GET /reasons?object_type=&action= */
export const ReasonQuery = z.object({
  object_type: z.enum(['question', 'answer', 'comment', 'user'], { error: 'error.form.is_invalid' }),
  action: z.enum(['status', 'close', 'flag', 'review'], { error: 'error.form.is_invalid' }),
});

/** GET /permission?action=a,b */
export const PermissionQuery = z.object({ action: z.string().optional().default('') });

/** PUT /admin/api/setting/privileges: a level, and for 99 (custom) the threshold of each privilege. */
export const PrivilegesUpdateReq = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(99)], { error: 'error.privilege.level_invalid' }),
  custom_privileges: z
    .array(z.object({ key: z.string(), value: z.number({ error: 'error.privilege.value_invalid' }).int('error.privilege.value_invalid').min(1, 'error.privilege.value_invalid') }))
    .optional()
    .default([]),
});
export type PrivilegesUpdateReq = z.infer<typeof PrivilegesUpdateReq>;

/** GET /question/link */
export const QuestionLinkQuery = PageQuery.extend({
  question_id: required('error.form.cannot_be_empty'),
  order: z.enum(QUESTION_ORDERS, { error: 'error.form.is_invalid' }).optional(),
  in_days: z.coerce.number().int().min(0).optional(),
});
export type QuestionLinkQuery = z.infer<typeof QuestionLinkQuery>;

/** Largest page of the lists Answer's web client reads whole (it asks for 999 answers on every question page). */
export const LARGE_PAGE_MAX = 1000;

/** GET /answer/page: as AnswerPageQuery, with page_size up to LARGE_PAGE_MAX (Answer's server accepts 999). */
export const AnswerListQuery = AnswerPageQuery.extend({
  page_size: z.coerce
    .number({ error: 'error.form.is_invalid' })
    .int('error.form.is_invalid')
    .min(1, 'error.form.is_invalid')
    .max(LARGE_PAGE_MAX, 'error.form.is_invalid')
    .default(LIMITS.defaultPageSize),
});
export type AnswerListQuery = z.infer<typeof AnswerListQuery>;
