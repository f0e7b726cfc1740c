/**
 * Request schemas, one per endpoint, shared by server (validation) and web (form checks, types).
 * Error messages are translation keys (i18n/<lang>/server.yaml); the server translates them into
 * `{error_field, error_msg}` entries. Limits: spec §5 and §9.
 */
import { z } from 'zod';
import { DB_TYPES, LANGUAGES, QUESTION_ORDERS } from './enums.js';
import { LIMITS, USERNAME_PATTERN } from './limits.js';

const required = (key: string) => z.string({ error: key }).trim().min(1, key);
const email = z.string({ error: 'error.form.email_invalid' }).trim().max(500, 'error.form.email_invalid').email('error.form.email_invalid');
const password = z
  .string({ error: 'error.form.password_length' })
  .min(LIMITS.passwordMin, 'error.form.password_length')
  .max(LIMITS.passwordMax, 'error.form.password_length');
const pageNumber = z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid');

/** Paging query common to list calls (answer-compat.md "Paging"). */
export const PageQuery = z.object({
  page: pageNumber.default(1),
  page_size: z.coerce
    .number({ error: 'error.form.is_invalid' })
    .int('error.form.is_invalid')
    .min(1, 'error.form.is_invalid')
    .max(LIMITS.maxPageSize, 'error.form.is_invalid')
    .default(LIMITS.defaultPageSize),
});

/** POST /user/register/email */
export const RegisterEmailReq = z.object({
  name: z
    .string({ error: 'error.user.username_required' })
    .trim()
    .toLowerCase()
    .min(1, 'error.user.username_required')
    .max(LIMITS.usernameMax, 'error.user.username_too_long')
    .regex(USERNAME_PATTERN, 'error.user.username_invalid'),
  e_mail: email,
  pass: password,
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type RegisterEmailReq = z.infer<typeof RegisterEmailReq>;

/** POST /user/login/email */
export const LoginEmailReq = z.object({
  e_mail: required('error.form.cannot_be_empty'),
  pass: z.string({ error: 'error.form.cannot_be_empty' }).min(1, 'error.form.cannot_be_empty'),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type LoginEmailReq = z.infer<typeof LoginEmailReq>;

/** A tag given with a question: the slug is what matters; display name and description for new tags. */
export const TagItem = z.object({
  slug_name: z
    .string({ error: 'error.tag.slug_required' })
    .trim()
    .min(1, 'error.tag.slug_required')
    .max(LIMITS.tagNameMax, 'error.tag.slug_too_long')
    .regex(/^[\p{L}\p{N}+#.\-_]+$/u, 'error.tag.slug_invalid'),
  display_name: z.string().trim().max(LIMITS.tagNameMax, 'error.tag.display_name_too_long').optional(),
  original_text: z.string().optional(),
});
export type TagItem = z.infer<typeof TagItem>;

/** POST /question */
export const QuestionAddReq = z.object({
  title: required('error.question.title_required').max(LIMITS.questionTitleMax, 'error.question.title_too_long'),
  content: required('error.question.content_required').max(65535, 'error.question.content_too_long'),
  tags: z.array(TagItem, { error: 'error.question.tags_required' }).min(1, 'error.question.tags_required').max(5, 'error.question.tags_too_many'),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type QuestionAddReq = z.infer<typeof QuestionAddReq>;

/** GET /question/page */
export const QuestionPageQuery = PageQuery.extend({
  order: z.enum(QUESTION_ORDERS, { error: 'error.form.is_invalid' }).default('newest'),
  tag: z.string().trim().optional(),
  username: z.string().trim().optional(),
  in_days: z.coerce.number().int().min(0).optional(),
});
export type QuestionPageQuery = z.infer<typeof QuestionPageQuery>;

/** GET /question/info, GET /answer/info */
export const IdQuery = z.object({ id: required('error.form.cannot_be_empty') });

/** POST /answer */
export const AnswerAddReq = z.object({
  question_id: required('error.form.cannot_be_empty'),
  content: z
    .string({ error: 'error.answer.content_too_short' })
    .trim()
    .min(LIMITS.answerMin, 'error.answer.content_too_short')
    .max(65535, 'error.answer.content_too_long'),
  captcha_id: z.string().optional(),
  captcha_code: z.string().optional(),
});
export type AnswerAddReq = z.infer<typeof AnswerAddReq>;

/** GET /answer/page */
export const AnswerPageQuery = PageQuery.extend({
  question_id: required('error.form.cannot_be_empty'),
  order: z.enum(['default', 'updated', 'created']).default('default'),
});
export type AnswerPageQuery = z.infer<typeof AnswerPageQuery>;

/** POST /post/render */
export const PostRenderReq = z.object({ content: z.string({ error: 'error.form.is_invalid' }).max(65535, 'error.form.is_invalid') });

/** POST /installation/db/check and /installation/init (answer-compat.md "Installer calls"). */
export const DbCheckReq = z.object({
  db_type: z.enum(DB_TYPES, { error: 'error.install.db_type_invalid' }),
  db_username: z.string().optional().default(''),
  db_password: z.string().optional().default(''),
  db_host: z.string().optional().default(''),
  db_name: z.string().optional().default(''),
  db_file: z.string().optional().default(''),
});
export type DbCheckReq = z.infer<typeof DbCheckReq>;

const languageValues = LANGUAGES.map((l) => l.value) as [string, ...string[]];

/** POST /installation/base-info */
export const InstallBaseInfoReq = z.object({
  lang: z.enum(languageValues, { error: 'error.form.is_invalid' }),
  site_name: required('error.install.site_name_required').max(LIMITS.siteNameMax, 'error.install.site_name_too_long'),
  site_url: required('error.install.site_url_required')
    .max(LIMITS.siteUrlMax, 'error.install.site_url_too_long')
    .url('error.install.site_url_invalid'),
  contact_email: email,
  name: z
    .string({ error: 'error.user.username_required' })
    .trim()
    .toLowerCase()
    .min(1, 'error.user.username_required')
    .max(LIMITS.usernameMax, 'error.user.username_too_long')
    .regex(USERNAME_PATTERN, 'error.user.username_invalid'),
  password,
  email,
  login_required: z.boolean().optional().default(false),
});
export type InstallBaseInfoReq = z.infer<typeof InstallBaseInfoReq>;

// ---- Tags and search (spec §2 tag routes and /search, §3 tag payload and search operators, §5 tag rules) ----

const tagSlug = TagItem.shape.slug_name;
const tagDisplayName = z
  .string({ error: 'error.tag.display_name_required' })
  .trim()
  .min(1, 'error.tag.display_name_required')
  .max(LIMITS.tagNameMax, 'error.tag.display_name_too_long');
const tagDescription = z.string({ error: 'error.form.is_invalid' }).max(65536, 'error.tag.description_too_long');

/** Tag list orders (GET /tags/page `query_cond`). */
export const TAG_ORDERS = ['popular', 'name', 'newest'] as const;

/** GET /tags/page */
export const TagPageQuery = PageQuery.extend({
  slug_name: z.string().trim().max(LIMITS.tagNameMax, 'error.tag.slug_too_long').optional(),
  query_cond: z.enum(TAG_ORDERS, { error: 'error.form.is_invalid' }).default('popular'),
});
export type TagPageQuery = z.infer<typeof TagPageQuery>;

/** GET /tags?tags=a,b (or repeated `tags`) */
export const TagsBySlugQuery = z.object({
  tags: z.union([z.string(), z.array(z.string())]).optional(),
});

/** GET /tag: by `tag_id` or `tag_name` (also `id` or `name`). */
export const TagInfoQuery = z.object({
  tag_id: z.string().trim().optional(),
  tag_name: z.string().trim().max(LIMITS.tagNameMax).optional(),
  id: z.string().trim().optional(),
  name: z.string().trim().max(LIMITS.tagNameMax).optional(),
});

/** POST /tag (spec §3 tag create payload) */
export const TagAddReq = z.object({
  slug_name: tagSlug,
  display_name: tagDisplayName,
  original_text: tagDescription.optional().default(''),
});
export type TagAddReq = z.infer<typeof TagAddReq>;

/** PUT /tag */
export const TagUpdateReq = z.object({
  tag_id: required('error.form.cannot_be_empty'),
  slug_name: tagSlug,
  display_name: tagDisplayName,
  original_text: tagDescription.optional().default(''),
  edit_summary: z.string().trim().max(300, 'error.form.is_invalid').optional().default(''),
});
export type TagUpdateReq = z.infer<typeof TagUpdateReq>;

/** DELETE /tag, POST /tag/recover */
export const TagIdReq = z.object({ tag_id: required('error.form.cannot_be_empty') });

/** GET /tag/synonyms */
export const TagSynonymsQuery = z.object({ tag_id: required('error.form.cannot_be_empty') });

/** PUT /tag/synonym: the complete list of synonyms of `tag_id`. */
export const TagSynonymUpdateReq = z.object({
  tag_id: required('error.form.cannot_be_empty'),
  synonym_tag_list: z.array(TagItem, { error: 'error.form.is_invalid' }).max(20, 'error.tag.too_many_synonyms'),
});
export type TagSynonymUpdateReq = z.infer<typeof TagSynonymUpdateReq>;

/** PUT /follow/tags: the complete list of tags the user follows. */
export const FollowTagsReq = z.object({
  slug_name_list: z.array(z.string().trim().max(LIMITS.tagNameMax, 'error.tag.slug_too_long'), { error: 'error.form.is_invalid' }).max(200, 'error.form.is_invalid').default([]),
});
export type FollowTagsReq = z.infer<typeof FollowTagsReq>;

/** Search result orders (GET /search `order`). */
export const SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'] as const;

/** GET /search. Any `q` is accepted (malformed operators are plain text); past 512 characters it is cut. */
export const SearchQuery = z.object({
  q: z.string().optional().default('').transform((s) => s.slice(0, 512)),
  order: z.enum(SEARCH_ORDERS, { error: 'error.form.is_invalid' }).default('relevance'),
  page: pageNumber.default(1),
  size: z.coerce
    .number({ error: 'error.form.is_invalid' })
    .int('error.form.is_invalid')
    .min(1, 'error.form.is_invalid')
    .max(LIMITS.searchMaxSize, 'error.form.is_invalid')
    .default(20),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** GET /question/similar?title= */
export const SimilarTitleQuery = z.object({ title: z.string().optional().default('').transform((s) => s.slice(0, 512)) });

/** GET /question/similar/tag?question_id= */
export const SimilarTagQuery = z.object({
  question_id: required('error.form.cannot_be_empty'),
  page_size: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(20, 'error.form.is_invalid').default(5),
});

// ---- Comments, bookmarks, follows, invitations, reactions, notifications, timelines, profiles ----

/** Comment length, in characters after trimming (Answer's AddCommentReq: 2 to 600). */
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 600;
/** Most object ids a batched call takes. */
export const BATCH_MAX_IDS = 100;

const commentText = z
  .string({ error: 'error.comment.content_too_short' })
  .trim()
  .min(COMMENT_MIN, 'error.comment.content_too_short')
  .max(COMMENT_MAX, 'error.comment.content_too_long');
const pageSize = (def: number, max: number = LIMITS.maxPageSize) =>
  z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(max, 'error.form.is_invalid').default(def);
/** A comma-joined id list in a query string (`a,b,c`), 1 to BATCH_MAX_IDS distinct ids. */
const idList = z
  .string({ error: 'error.form.cannot_be_empty' })
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))])
  .pipe(z.array(z.string()).min(1, 'error.form.cannot_be_empty').max(BATCH_MAX_IDS, 'error.object.too_many_ids'));
/** A query-string boolean: `true`/`1` are true, anything else false. */
const queryBool = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false);
const captcha = { captcha_id: z.string().optional(), captcha_code: z.string().optional() };

/** GET /comment/page. Page 0 is the first page in vote order (spec §7): the question page's preview. */
export const CommentPageQuery = z.object({
  object_id: required('error.form.cannot_be_empty'),
  comment_id: z.string().trim().optional(),
  page: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(0, 'error.form.is_invalid').default(1),
  page_size: pageSize(LIMITS.defaultPageSize),
  query_cond: z.enum(['vote', 'created_at'], { error: 'error.form.is_invalid' }).optional(),
});
export type CommentPageQuery = z.infer<typeof CommentPageQuery>;

/** GET /comment/batch (Quorum extension): the first comments of many posts, vote-ordered. */
export const CommentBatchQuery = z.object({ object_ids: idList, page_size: pageSize(3, 20) });
export type CommentBatchQuery = z.infer<typeof CommentBatchQuery>;

/** POST /comment */
export const CommentAddReq = z.object({
  object_id: required('error.form.cannot_be_empty'),
  original_text: commentText,
  mention_username_list: z.array(z.string(), { error: 'error.form.is_invalid' }).max(20, 'error.form.is_invalid').optional().default([]),
  reply_comment_id: z.string().trim().optional().default(''),
  ...captcha,
});
export type CommentAddReq = z.infer<typeof CommentAddReq>;

/** PUT /comment */
export const CommentUpdateReq = z.object({ comment_id: required('error.form.cannot_be_empty'), original_text: commentText, ...captcha });
export type CommentUpdateReq = z.infer<typeof CommentUpdateReq>;

/** DELETE /comment */
export const CommentRemoveReq = z.object({ comment_id: required('error.form.cannot_be_empty'), ...captcha });

/** POST /collection/switch */
export const CollectionSwitchReq = z.object({
  object_id: required('error.form.cannot_be_empty'),
  group_id: z.union([z.string(), z.number()]).optional().default('0').transform(String),
  bookmark: z.boolean({ error: 'error.form.is_invalid' }),
});
export type CollectionSwitchReq = z.infer<typeof CollectionSwitchReq>;

/** POST /follow */
export const FollowReq = z.object({ object_id: required('error.form.cannot_be_empty'), is_cancel: z.boolean({ error: 'error.form.is_invalid' }).optional().default(false) });
export type FollowReq = z.infer<typeof FollowReq>;

/** GET /question/invite: Answer sends `id`; `question_id` is accepted too. */
export const QuestionInviteQuery = z
  .object({ id: z.string().trim().optional(), question_id: z.string().trim().optional() })
  .transform((q) => ({ question_id: q.question_id || q.id || '' }))
  .pipe(z.object({ question_id: required('error.form.cannot_be_empty') }));

/** PUT /question/invite: `invite_user` is a list of usernames or one comma-joined string; it replaces the invited set. */
export const QuestionInviteReq = z
  .object({
    id: z.string().trim().optional(),
    question_id: z.string().trim().optional(),
    invite_user: z.union([z.array(z.string()), z.string()], { error: 'error.form.is_invalid' }).optional().default([]),
    ...captcha,
  })
  .transform((b) => ({
    question_id: b.question_id || b.id || '',
    invite_user: [...new Set((Array.isArray(b.invite_user) ? b.invite_user : b.invite_user.split(',')).map((u) => u.trim().toLowerCase()).filter(Boolean))],
  }))
  .pipe(z.object({ question_id: required('error.form.cannot_be_empty'), invite_user: z.array(z.string()).max(20, 'error.question.invite_too_many') }));
export type QuestionInviteReq = z.infer<typeof QuestionInviteReq>;

export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
export const NOTIFICATION_INBOX_TYPES = ['all', 'posts', 'votes', 'invites', 'messages'] as const;

/** GET /notification/page */
export const NotificationPageQuery = PageQuery.extend({
  type: z.enum(NOTIFICATION_TYPES, { error: 'error.form.is_invalid' }).default('inbox'),
  inbox_type: z.enum(NOTIFICATION_INBOX_TYPES, { error: 'error.form.is_invalid' }).default('all'),
});
export type NotificationPageQuery = z.infer<typeof NotificationPageQuery>;

/** PUT /notification/read/state */
export const NotificationReadReq = z.object({ id: required('error.form.cannot_be_empty') });

/** PUT /notification/read/state/all, PUT /notification/status */
export const NotificationTypeReq = z.object({ type: z.enum(NOTIFICATION_TYPES, { error: 'error.form.is_invalid' }) });

export const REACTION_EMOJIS = ['heart', 'smile', 'frown'] as const;

/** GET /meta/reaction */
export const ReactionQuery = z.object({ object_id: required('error.form.cannot_be_empty') });
/** GET /meta/reaction/batch (Quorum extension) */
export const ReactionBatchQuery = z.object({ object_ids: idList });
/** PUT /meta/reaction */
export const ReactionUpdateReq = z.object({
  object_id: required('error.form.cannot_be_empty'),
  emoji: z.enum(REACTION_EMOJIS, { error: 'error.form.is_invalid' }),
  reaction: z.enum(['activate', 'deactivate'], { error: 'error.form.is_invalid' }),
});
export type ReactionUpdateReq = z.infer<typeof ReactionUpdateReq>;

/** POST /file `source` field. */
export const FILE_SOURCES = ['post', 'avatar', 'branding'] as const;
export const FileSource = z.enum(FILE_SOURCES, { error: 'error.file.source_invalid' });
/** POST /file text fields. */
export const FileUploadFields = z.object({ source: FileSource });

/** GET /activity/timeline */
export const TimelineQuery = z.object({ object_id: required('error.form.cannot_be_empty'), show_vote: queryBool });
/**
 * GET /activity/timeline/detail: `revision_id` (compared with the revision before it), or Answer's pair
 * `new_revision_id` + `old_revision_id` (`old_revision_id` 0 or empty: no older revision).
 */
export const TimelineDetailQuery = z
  .object({ revision_id: z.string().trim().optional(), new_revision_id: z.string().trim().optional(), old_revision_id: z.string().trim().optional() })
  .transform((q) => ({ revision_id: q.new_revision_id || q.revision_id || '', ...(q.new_revision_id ? { old_revision_id: q.old_revision_id || '0' } : {}) }))
  .pipe(z.object({ revision_id: required('error.form.cannot_be_empty'), old_revision_id: z.string().optional() }));
export type TimelineDetailQuery = z.infer<typeof TimelineDetailQuery>;

/** GET /personal/user/info, /personal/qa/top */
export const PersonalUserQuery = z.object({ username: required('error.form.cannot_be_empty') });
/** GET /personal/{question,answer,comment,rank}/page */
export const PersonalPageQuery = PageQuery.extend({
  username: required('error.form.cannot_be_empty'),
  order: z.enum(['newest', 'score'], { error: 'error.form.is_invalid' }).default('newest'),
});
export type PersonalPageQuery = z.infer<typeof PersonalPageQuery>;
/** GET /personal/{collection,vote}/page: the logged-in user's own lists (`username`, when sent, must be theirs). */
export const PersonalOwnPageQuery = PageQuery.extend({ username: z.string().trim().optional() });
export type PersonalOwnPageQuery = z.infer<typeof PersonalOwnPageQuery>;

// ---- Post life cycle: edits, revisions, moderation, acceptance, votes, privileges (Answer 1.4 shapes) ----

const editSummary = z.string({ error: 'error.form.is_invalid' }).trim().max(300, 'error.revision.summary_too_long').optional().default('');

/** PUT /question */
export const QuestionUpdateReq = QuestionAddReq.extend({
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

/* ---------------- Accounts: activation, password, e-mail, settings (spec §7 "Auth and account") ---------------- */

const captchaFields = { captcha_id: z.string().optional(), captcha_code: z.string().optional() };
const code = z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(500, 'error.form.is_invalid');

/** POST /user/email/verification, PUT /user/email, PUT /user/notification/unsubscribe */
export const CodeReq = z.object({ code });
export type CodeReq = z.infer<typeof CodeReq>;

/** POST /user/email/verification/send (captcha in the body or the query) */
export const CaptchaReq = z.object(captchaFields);

/** POST /user/password/reset */
export const PasswordResetReq = z.object({ e_mail: email, ...captchaFields });
export type PasswordResetReq = z.infer<typeof PasswordResetReq>;

/** POST /user/password/replacement */
export const PasswordReplacementReq = z.object({ code, pass: password });
export type PasswordReplacementReq = z.infer<typeof PasswordReplacementReq>;

/** PUT /user/password (old_pass required when the account has a password: checked by the server) */
export const ModifyPasswordReq = z.object({ old_pass: z.string().max(LIMITS.passwordMax, 'error.form.password_length').optional(), pass: password, ...captchaFields });
export type ModifyPasswordReq = z.infer<typeof ModifyPasswordReq>;

/** POST /user/email/change/code */
export const ChangeEmailCodeReq = z.object({ e_mail: email, pass: z.string().max(LIMITS.passwordMax, 'error.form.password_length').optional(), ...captchaFields });
export type ChangeEmailCodeReq = z.infer<typeof ChangeEmailCodeReq>;

/** GET /user/action/record */
export const ActionRecordQuery = z.object({ action: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid') });

/** Avatar choice of PUT /user/info (Answer's AvatarInfo). */
export const AvatarReq = z.object({
  type: z.enum(['system', 'gravatar', 'custom', ''], { error: 'error.user.avatar_invalid' }),
  gravatar: z.string().max(200).optional(),
  custom: z.string().trim().max(512, 'error.user.avatar_invalid').optional(),
});

const websiteUrl = z
  .string({ error: 'error.user.website_invalid' })
  .trim()
  .max(500, 'error.user.website_invalid')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'error.user.website_invalid');

/** PUT /user/info: every field optional; what the site user policy does not allow must stay unchanged. */
export const UpdateUserInfoReq = z.object({
  display_name: z
    .string({ error: 'error.user.display_name_required' })
    .trim()
    .min(1, 'error.user.display_name_required')
    .max(LIMITS.displayNameMax, 'error.user.display_name_too_long')
    .optional(),
  username: z
    .string({ error: 'error.user.username_required' })
    .trim()
    .toLowerCase()
    .min(1, 'error.user.username_required')
    .max(LIMITS.usernameMax, 'error.user.username_too_long')
    .regex(USERNAME_PATTERN, 'error.user.username_invalid')
    .optional(),
  avatar: AvatarReq.optional(),
  bio: z.string({ error: 'error.form.is_invalid' }).max(4096, 'error.user.bio_too_long').optional(),
  website: websiteUrl.optional(),
  location: z.string({ error: 'error.form.is_invalid' }).trim().max(100, 'error.user.location_too_long').optional(),
});
export type UpdateUserInfoReq = z.infer<typeof UpdateUserInfoReq>;

/** Color schemes a user may pick. */
export const COLOR_SCHEMES = ['default', 'system', 'light', 'dark'] as const;

/** PUT /user/interface */
export const UpdateInterfaceReq = z.object({
  language: z.enum(['Default', ...LANGUAGES.map((l) => l.value)] as [string, ...string[]], { error: 'error.form.is_invalid' }),
  color_scheme: z.enum(COLOR_SCHEMES, { error: 'error.form.is_invalid' }).default('default'),
});
export type UpdateInterfaceReq = z.infer<typeof UpdateInterfaceReq>;

const channel = z.object({ key: z.string().optional(), enable: z.boolean({ error: 'error.form.is_invalid' }) });

/** PUT /user/notification/config (Answer's UpdateUserNotificationConfigReq) */
export const NotificationConfigReq = z.object({
  inbox: channel.optional(),
  all_new_question: channel.optional(),
  all_new_question_for_following_tags: channel.optional(),
});
export type NotificationConfigReq = z.infer<typeof NotificationConfigReq>;

/** GET /user/info/search */
export const UserSearchQuery = z.object({ username: z.string().trim().max(LIMITS.usernameMax).default('') });

/* ---------------- Admin user management (under /answer/admin/api) ---------------- */

export const ADMIN_USER_STATUSES = ['normal', 'suspended', 'deleted', 'inactive'] as const;

/** GET /admin/api/users/page */
export const AdminUserPageQuery = PageQuery.extend({
  query: z.string().trim().max(100).optional().default(''),
  staff: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional().default(false),
  status: z.enum([...ADMIN_USER_STATUSES, ''], { error: 'error.form.is_invalid' }).optional().default(''),
});
export type AdminUserPageQuery = z.infer<typeof AdminUserPageQuery>;

const userId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');

/**
 * PUT /admin/api/user/status. `suspend_duration`: hours (number), or '24h' / '7d' / 'forever'; absent or
 * 'forever' suspends without end.
 */
export const AdminUserStatusReq = z.object({
  user_id: userId,
  status: z.enum(ADMIN_USER_STATUSES, { error: 'error.form.is_invalid' }),
  suspend_duration: z.union([z.number().positive('error.form.is_invalid'), z.string().trim().regex(/^(forever|\d+[hd]?)?$/, 'error.form.is_invalid')]).optional(),
  remove_all_content: z.boolean().optional().default(false),
});
export type AdminUserStatusReq = z.infer<typeof AdminUserStatusReq>;

/** PUT /admin/api/user/role */
export const AdminUserRoleReq = z.object({ user_id: userId, role_id: z.coerce.number({ error: 'error.form.is_invalid' }).int().refine((v) => [1, 2, 3].includes(v), 'error.form.is_invalid') });

/** PUT /admin/api/user/password */
export const AdminUserPasswordReq = z.object({ user_id: userId, password });

/** POST /admin/api/users: "display name, email, password" per line (spec §3 "Bulk users payload") */
export const AdminAddUsersReq = z.object({ users: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(100_000, 'error.form.is_invalid') });

/** GET /admin/api/user/activation, POST /admin/api/users/activation, POST /admin/api/user/activation */
export const AdminUserIdReq = z.object({ user_id: userId });
