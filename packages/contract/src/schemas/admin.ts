/**
 * Admin console calls (under /answer/admin/api): site settings sections, the dashboard, the content lists and
 * user management beyond accounts.ts. Field names follow Answer 1.4.2's swagger (schema.Site*Req and friends);
 * limits come from spec §5/§9 where it gives them, from Answer's validators otherwise. Messages are translation
 * keys (i18n/<lang>/server.yaml). Response shapes: admin.shapes.ts (re-exported here).
 */
import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { LIMITS, USERNAME_PATTERN } from '../limits.js';
import { PageQuery, email, password, required } from './common.js';

export * from './admin.shapes.js';
import { SiteLoginModerationFields, SiteWriteModerationFields } from './moderation.js';
import { SiteWriteQuestionFields } from '../questionRules.js';
import { SiteSpamReq } from './spam.js';
import { SiteLocksReq } from './lock.js';
import { SiteCloseVotesReq } from './close-vote.js';
import { SiteBountyReq } from './bounty.js';
import { SiteStagingReq } from './staging.js';
import { SiteInboundMailReq } from './inbound-mail.js';

/* ---------------- Settings sections: GET and PUT /admin/api/siteinfo/{section} ---------------- */

/** Largest custom CSS/HTML field and legal text (Answer: lte=65536). */
export const SETTINGS_TEXT_MAX = 65536;

const text = (max: number, key = 'error.form.is_invalid') => z.string({ error: key }).max(max, key);
const flag = z.boolean({ error: 'error.form.is_invalid' });
/** An absolute http(s) URL. */
const httpUrl = (key: string) => z.string({ error: key }).trim().refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), key);

/** PUT /admin/api/siteinfo/general (Answer's SiteGeneralReq; site name max 30 and URL max 512: spec §9). */
export const SiteGeneralReq = z.object({
  name: required('error.settings.site_name_required').max(LIMITS.siteNameMax, 'error.settings.site_name_too_long'),
  short_description: text(255, 'error.settings.short_description_too_long').trim().optional().default(''),
  description: text(2000, 'error.settings.description_too_long').trim().optional().default(''),
  site_url: required('error.settings.site_url_required')
    .max(LIMITS.siteUrlMax, 'error.settings.site_url_too_long')
    .pipe(httpUrl('error.settings.site_url_invalid'))
    .transform((v) => v.replace(/\/+$/, '')),
  contact_email: email,
  /** Absent keeps the stored value: Answer 2.x's client sends it with siteinfo/security, not with general. */
  check_update: flag.optional(),
  /** Maintenance mode: visitors and members get the maintenance page (503); absent keeps the stored value. */
  maintenance: flag.optional(),
});
export type SiteGeneralReq = z.infer<typeof SiteGeneralReq>;

/** True when `tz` is an IANA time zone this runtime knows (e.g. `UTC`, `Asia/Shanghai`). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

const languageValues = LANGUAGES.map((l) => l.value) as [string, ...string[]];

/** PUT /admin/api/siteinfo/interface (Answer's SiteInterfaceReq): default language and time zone (spec §3). */
export const SiteInterfaceReq = z.object({
  language: z.enum(languageValues, { error: 'error.settings.language_invalid' }),
  time_zone: z.string({ error: 'error.settings.time_zone_invalid' }).trim().max(128, 'error.settings.time_zone_invalid').refine(isTimeZone, 'error.settings.time_zone_invalid'),
});
export type SiteInterfaceReq = z.infer<typeof SiteInterfaceReq>;

/** An uploaded image: '' (none), a site path (`/uploads/...`) or an absolute http(s) URL; at most 512 (Answer). */
const imageRef = z
  .string({ error: 'error.settings.image_invalid' })
  .trim()
  .max(512, 'error.settings.image_invalid')
  .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/\S+$/i.test(v), 'error.settings.image_invalid');

/** PUT /admin/api/siteinfo/branding (Answer's SiteBrandingReq). */
export const SiteBrandingReq = z.object({
  logo: imageRef.optional().default(''),
  mobile_logo: imageRef.optional().default(''),
  square_icon: imageRef.optional().default(''),
  favicon: imageRef.optional().default(''),
});
export type SiteBrandingReq = z.infer<typeof SiteBrandingReq>;

/** A tag named by the write settings (Answer's SiteWriteTag). */
export const SiteWriteTag = z.object({
  slug_name: required('error.tag.slug_required').max(LIMITS.tagNameMax, 'error.tag.slug_too_long'),
  display_name: z.string().trim().max(LIMITS.tagNameMax, 'error.tag.display_name_too_long').optional().default(''),
});
export type SiteWriteTag = z.infer<typeof SiteWriteTag>;

const tagList = z.array(SiteWriteTag, { error: 'error.form.is_invalid' }).max(100, 'error.settings.too_many_tags').optional().default([]);
const positiveInt = z.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(10_000, 'error.form.is_invalid');
const extensionList = z.array(z.string().trim().toLowerCase().regex(/^[a-z0-9]{1,16}$/, 'error.form.is_invalid'), { error: 'error.form.is_invalid' }).max(100, 'error.form.is_invalid');

/**
 * PUT /admin/api/siteinfo/write (Answer's SiteWriteReq): recommended and reserved tags (spec §5: required tag
 * means each new question needs a recommended tag), restrict answer, the fewest tags and body characters of a
 * question (questionRules.ts); upload limits and minimums keep their value when absent.
 */
export const SiteWriteReq = z.object({
  restrict_answer: flag.optional().default(true),
  required_tag: flag.optional().default(false),
  recommend_tags: tagList,
  reserved_tags: tagList,
  max_image_size: positiveInt.optional(),
  max_attachment_size: positiveInt.optional(),
  max_image_megapixel: positiveInt.optional(),
  authorized_image_extensions: extensionList.optional(),
  authorized_attachment_extensions: extensionList.optional(),
  ...SiteWriteModerationFields,
  ...SiteWriteQuestionFields,
});
export type SiteWriteReq = z.infer<typeof SiteWriteReq>;

/** PUT /admin/api/siteinfo/legal (Answer's SiteLegalReq): markdown sources; the server renders the HTML. */
export const SiteLegalReq = z.object({
  terms_of_service_original_text: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  privacy_policy_original_text: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  /** Ignored: the server renders and sanitizes the markdown itself. */
  terms_of_service_parsed_text: z.string().optional(),
  privacy_policy_parsed_text: z.string().optional(),
});
export type SiteLegalReq = z.infer<typeof SiteLegalReq>;

/** PUT /admin/api/siteinfo/seo (Answer's SiteSeoReq; permalink 1 to 4: spec §9). */
export const SiteSeoReq = z.object({
  permalink: z.coerce.number({ error: 'error.settings.permalink_invalid' }).int('error.settings.permalink_invalid').min(1, 'error.settings.permalink_invalid').max(4, 'error.settings.permalink_invalid'),
  robots: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long'),
});
export type SiteSeoReq = z.infer<typeof SiteSeoReq>;

/** Colour schemes of the theme setting (spec §3: default 'system'). */
export const SITE_COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
/** Navbar styles of a theme's config. */
export const NAVBAR_STYLES = ['colored', 'light', 'dark'] as const;

/** One theme's configuration (spec §3: navbar_style default 'colored', primary_color default #0033FF). */
export const ThemeConfig = z.object({
  navbar_style: z.enum(NAVBAR_STYLES, { error: 'error.settings.navbar_style_invalid' }).optional().default('colored'),
  primary_color: z.string({ error: 'error.settings.color_invalid' }).trim().regex(/^#[0-9a-fA-F]{6}$/, 'error.settings.color_invalid'),
});

/** PUT /admin/api/siteinfo/theme (Answer's SiteThemeReq); `theme` must be one of GET /admin/api/theme/options. */
export const SiteThemeReq = z.object({
  theme: required('error.settings.theme_invalid').max(255, 'error.settings.theme_invalid'),
  color_scheme: z.enum(SITE_COLOR_SCHEMES, { error: 'error.settings.color_scheme_invalid' }).optional().default('system'),
  theme_config: z.record(z.string(), ThemeConfig, { error: 'error.form.is_invalid' }).optional().default({}),
});
export type SiteThemeReq = z.infer<typeof SiteThemeReq>;

/** PUT /admin/api/siteinfo/custom-css-html (Answer's SiteCustomCssHTMLReq). */
export const SiteCustomCssHtmlReq = z.object({
  custom_css: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  custom_head: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  custom_header: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  custom_footer: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
  custom_sidebar: text(SETTINGS_TEXT_MAX, 'error.settings.text_too_long').optional().default(''),
});
export type SiteCustomCssHtmlReq = z.infer<typeof SiteCustomCssHtmlReq>;

/** A domain of the allowed e-mail domains list (spec §5: one per line; empty entries ignored). */
const emailDomain = z
  .string({ error: 'error.settings.email_domain_invalid' })
  .trim()
  .toLowerCase()
  .max(253, 'error.settings.email_domain_invalid')
  .refine((v) => v === '' || /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v), 'error.settings.email_domain_invalid');

/** PUT /admin/api/siteinfo/login (Answer's SiteLoginReq; defaults of spec §3). */
export const SiteLoginReq = z.object({
  allow_new_registrations: flag.optional().default(true),
  allow_email_registrations: flag.optional().default(true),
  allow_password_login: flag.optional().default(true),
  /** Absent keeps the stored value: Answer 2.x's client sends it with siteinfo/security, not with login. */
  login_required: flag.optional(),
  /**
   * Quorum's: while an organization login (LDAP, SAML) is on, password login and e-mail sign-up are for
   * administrators only (issue #38 item 6). Absent keeps the stored value (Answer's clients do not send it).
   */
  password_login_admins_only: flag.optional(),
  allow_email_domains: z
    .array(emailDomain, { error: 'error.form.is_invalid' })
    .max(500, 'error.form.is_invalid')
    .optional()
    .default([])
    .transform((list) => [...new Set(list.filter(Boolean))]),
  ...SiteLoginModerationFields,
});
export type SiteLoginReq = z.infer<typeof SiteLoginReq>;

/** Default avatar types (spec §3). */
export const DEFAULT_AVATARS = ['system', 'gravatar'] as const;

/** PUT /admin/api/siteinfo/users (Answer's SiteUsersReq): what members may change on their profile. */
export const SiteUsersReq = z.object({
  allow_update_display_name: flag.optional().default(false),
  allow_update_username: flag.optional().default(false),
  allow_update_avatar: flag.optional().default(false),
  allow_update_bio: flag.optional().default(false),
  allow_update_website: flag.optional().default(false),
  allow_update_location: flag.optional().default(false),
  default_avatar: z.enum(DEFAULT_AVATARS, { error: 'error.settings.default_avatar_invalid' }),
  gravatar_base_url: z
    .string({ error: 'error.settings.gravatar_url_invalid' })
    .trim()
    .max(512, 'error.settings.gravatar_url_invalid')
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'error.settings.gravatar_url_invalid')
    .optional()
    .default(''),
});
export type SiteUsersReq = z.infer<typeof SiteUsersReq>;

/** Section name in the URL -> request schema. */
export const SITEINFO_SECTIONS = {
  general: SiteGeneralReq,
  interface: SiteInterfaceReq,
  branding: SiteBrandingReq,
  write: SiteWriteReq,
  legal: SiteLegalReq,
  seo: SiteSeoReq,
  theme: SiteThemeReq,
  'custom-css-html': SiteCustomCssHtmlReq,
  login: SiteLoginReq,
  users: SiteUsersReq,
  spam: SiteSpamReq,
  locks: SiteLocksReq,
  'close-votes': SiteCloseVotesReq,
  bounty: SiteBountyReq,
  staging: SiteStagingReq,
  'inbound-mail': SiteInboundMailReq,
} as const;
export type SiteinfoSectionName = keyof typeof SITEINFO_SECTIONS;

/* ---------------- Contents: questions and answers ---------------- */

/** Admin list status filters; `available` is Answer's name for `normal`. */
export const ADMIN_QUESTION_STATUSES = ['normal', 'available', 'closed', 'deleted', 'pending'] as const;
export const ADMIN_ANSWER_STATUSES = ['normal', 'available', 'deleted', 'pending'] as const;

const searchQuery = z.string().trim().max(200, 'error.form.is_invalid').optional().default('');

/**
 * GET /admin/api/question/page. `query`: a title substring, a question id, or `user:<username>` for the author.
 * Response `{count, list: AdminQuestionItem[]}`.
 */
export const AdminQuestionPageQuery = PageQuery.extend({
  status: z.enum(ADMIN_QUESTION_STATUSES, { error: 'error.form.is_invalid' }).optional().default('normal'),
  query: searchQuery,
});
export type AdminQuestionPageQuery = z.infer<typeof AdminQuestionPageQuery>;

/**
 * GET /admin/api/answer/page. `query`: an answer id, a question title substring or `user:<username>`;
 * `question_id` narrows to one question. Response `{count, list: AdminAnswerItem[]}`.
 */
export const AdminAnswerPageQuery = PageQuery.extend({
  status: z.enum(ADMIN_ANSWER_STATUSES, { error: 'error.form.is_invalid' }).optional().default('normal'),
  query: searchQuery,
  question_id: z.string().trim().max(32, 'error.form.is_invalid').optional(),
});
export type AdminAnswerPageQuery = z.infer<typeof AdminAnswerPageQuery>;

const postId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');
/** Bulk changes: up to 100 ids at once. */
const postIds = z.array(postId, { error: 'error.form.is_invalid' }).min(1, 'error.form.cannot_be_empty').max(100, 'error.object.too_many_ids');

/**
 * PUT /admin/api/question/status (Answer's AdminUpdateQuestionStatusReq): `question_id`, or `question_ids` for a
 * bulk change. `available`/`normal` restores (also approves a pending question), `closed`, `deleted`.
 */
export const AdminQuestionStatusReq = z
  .object({
    question_id: postId.optional(),
    question_ids: postIds.optional(),
    status: z.enum(['available', 'normal', 'closed', 'deleted'], { error: 'error.form.is_invalid' }),
    /** Closing: one of GET /reasons?object_type=question&action=close (default: 'something else' with a note). */
    close_type: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').optional(),
    close_msg: z.string({ error: 'error.form.is_invalid' }).trim().max(500, 'error.question.close_msg_too_long').optional(),
  })
  .refine((v) => v.question_id || v.question_ids?.length, { message: 'error.form.cannot_be_empty', path: ['question_id'] });
export type AdminQuestionStatusReq = z.infer<typeof AdminQuestionStatusReq>;

/** PUT /admin/api/answer/status (Answer's AdminUpdateAnswerStatusReq): `answer_id` or `answer_ids`. */
export const AdminAnswerStatusReq = z
  .object({
    answer_id: postId.optional(),
    answer_ids: postIds.optional(),
    status: z.enum(['available', 'normal', 'deleted'], { error: 'error.form.is_invalid' }),
  })
  .refine((v) => v.answer_id || v.answer_ids?.length, { message: 'error.form.cannot_be_empty', path: ['answer_id'] });
export type AdminAnswerStatusReq = z.infer<typeof AdminAnswerStatusReq>;

/* ---------------- Users (beyond accounts.ts) ---------------- */

const adminDisplayName = z
  .string({ error: 'error.admin.display_name_length' })
  .trim()
  .min(4, 'error.admin.display_name_length')
  .max(LIMITS.displayNameMax, 'error.admin.display_name_length');
const adminUserId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');

/** POST /admin/api/user (Answer's AddUserReq): one activated user; display name 4 to 30 (spec §5). */
export const AdminAddUserReq = z.object({ display_name: adminDisplayName, email, password });
export type AdminAddUserReq = z.infer<typeof AdminAddUserReq>;

/** PUT /admin/api/user/profile (Answer's EditUserProfileReq). */
export const AdminEditUserProfileReq = z.object({
  user_id: adminUserId,
  display_name: adminDisplayName,
  email,
  username: z
    .string({ error: 'error.user.username_required' })
    .trim()
    .toLowerCase()
    .min(1, 'error.user.username_required')
    .max(LIMITS.usernameMax, 'error.user.username_too_long')
    .regex(USERNAME_PATTERN, 'error.user.username_invalid')
    .optional(),
});
export type AdminEditUserProfileReq = z.infer<typeof AdminEditUserProfileReq>;

/** GET /admin/api/user/info?user_id: one user for the users/{user_id} page. Response: AdminUserDetail. */
export const AdminUserInfoQuery = z.object({ user_id: adminUserId });

/** Re-exported for forms that reuse the common password rule. */
export const adminPassword = password;
