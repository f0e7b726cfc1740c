/** Request schemas of comments, bookmarks, follows, invitations, reactions, notifications, uploads, timelines, profiles. Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { PageQuery, required } from './common.js';

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

/** Orders of the member directory (GET /user/directory `sort`; Quorum, not in Answer). */
export const DIRECTORY_SORTS = ['reputation', 'newest', 'voters', 'editors', 'moderators'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/** Members per page of the directory (a grid of 1, 2, 3 or 4 columns, like /tags' 24). */
export const DIRECTORY_PAGE_SIZE = 24;
/** Highest page number the directory serves (10,000 pages of 100 members). */
export const DIRECTORY_MAX_PAGE = 10_000;
const directoryNumber = (reason: string) => z.coerce.number({ error: reason }).int(reason).min(1, reason);
/**
 * GET /user/directory?sort=&q=&page=&page_size=: listed members (spec §2 /users), `q` a prefix of the username or
 * display name (case-insensitive, at most 30 characters), page 1 to 10,000, page_size 1 to 100 (default 24).
 */
export const UserDirectoryQuery = z.object({
  sort: z.enum(DIRECTORY_SORTS, { error: 'error.directory.sort_invalid' }).default('reputation'),
  q: z.string({ error: 'error.form.is_invalid' }).trim().max(LIMITS.displayNameMax, 'error.directory.query_too_long').default(''),
  page: directoryNumber('error.directory.page_invalid').max(DIRECTORY_MAX_PAGE, 'error.directory.page_invalid').default(1),
  page_size: directoryNumber('error.directory.page_size_invalid').max(LIMITS.maxPageSize, 'error.directory.page_size_invalid').default(DIRECTORY_PAGE_SIZE),
});
export type UserDirectoryQuery = z.infer<typeof UserDirectoryQuery>;

/** One member of GET /user/directory (Quorum). */
export interface DirectoryMember {
  id: string;
  username: string;
  display_name: string;
  /** URL, or '' for the drawn initial (the server's user presenter `avatarUrl`). */
  avatar: string;
  /** Reputation. */
  rank: number;
  location: string;
  /** 1 member, 2 admin, 3 moderator. */
  role_id: number;
  /** Unix seconds the member joined. */
  created_at: number;
  /** Votes cast (all time). */
  vote_count: number;
  /** Edits made (all time; 'edited' timeline rows not cancelled, what the editor badges count). */
  edit_count: number;
}
