/** Request schemas of the first calls: accounts (register, login), questions, answers, preview, installer. Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { DB_TYPES, LANGUAGES, QUESTION_ORDERS } from '../enums.js';
import { LIMITS, USERNAME_PATTERN } from '../limits.js';
import { PageQuery, email, password, required } from './common.js';

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
  // Body length and tag count minimums are site settings (questionRules.ts); the schema holds only the maximums.
  content: z.string({ error: 'error.question.content_required' }).trim().max(LIMITS.questionContentMax, 'error.question.content_too_long').optional().default(''),
  tags: z.array(TagItem, { error: 'error.question.tags_required' }).max(LIMITS.questionTagsMax, 'error.question.tags_too_many').optional().default([]),
  /** Post it as community wiki (Quorum; modules/wiki). */
  wiki: z.boolean({ error: 'error.form.is_invalid' }).optional(),
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
  /** Post it as community wiki (Quorum; modules/wiki). */
  wiki: z.boolean({ error: 'error.form.is_invalid' }).optional(),
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
