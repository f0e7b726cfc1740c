/** Request schemas of accounts: activation, password, e-mail, captcha, settings, admin user management, SMTP. Messages are translation keys (i18n/<lang>/server.yaml). */
import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { LIMITS, USERNAME_PATTERN } from '../limits.js';
import { PageQuery, email, password } from './common.js';

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
export const ActionRecordQuery = z.object({
  action: z.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid'),
  /** captcha kinds the client can solve besides images, comma-separated (`pow,question`; Quorum's) */
  accept: z.string().max(64, 'error.form.is_invalid').optional(),
});

/**
 * Avatar choice of PUT /user/info (Answer's AvatarInfo). Answer's client sends `default` for the system avatar;
 * it is read as `system`.
 */
export const AvatarReq = z.object({
  type: z
    .enum(['system', 'default', 'gravatar', 'custom', ''], { error: 'error.user.avatar_invalid' })
    .transform((t) => (t === 'default' ? 'system' : t)),
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

/** How often a member hears of new questions in tags they follow. */
export const TAG_MAIL_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type TagMailFrequency = (typeof TAG_MAIL_FREQUENCIES)[number];

/**
 * PUT /user/notification/config (Answer's UpdateUserNotificationConfigReq)
 *
 * `mailing_list` is Quorum's (not in Answer): every new post of followed tags by e-mail, answerable by reply;
 * Answer's client never sends it, so it keeps its value.
 */
export const NotificationConfigReq = z.object({
  inbox: channel.optional(),
  all_new_question: channel.optional(),
  all_new_question_for_following_tags: channel.extend({ frequency: z.enum(TAG_MAIL_FREQUENCIES, { error: 'error.form.is_invalid' }).optional() }).optional(),
  mailing_list: channel.optional(),
});
export type NotificationConfigReq = z.infer<typeof NotificationConfigReq>;

/** GET /user/info/search */
export const UserSearchQuery = z.object({ username: z.string().trim().max(LIMITS.usernameMax).default('') });

/* ---------------- Admin user management (under /answer/admin/api) ---------------- */

/** Statuses an administrator can set (PUT /admin/api/user/status). */
export const ADMIN_USER_STATUSES = ['normal', 'suspended', 'deleted', 'inactive'] as const;
/** Statuses the admin user list shows and filters by: the settable ones and `pending` (sign-up awaiting approval). */
export const ADMIN_USER_LIST_STATUSES = [...ADMIN_USER_STATUSES, 'pending'] as const;

/** GET /admin/api/users/page */
export const AdminUserPageQuery = PageQuery.extend({
  query: z.string().trim().max(100).optional().default(''),
  staff: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional().default(false),
  status: z.enum([...ADMIN_USER_LIST_STATUSES, ''], { error: 'error.form.is_invalid' }).optional().default(''),
});
export type AdminUserPageQuery = z.infer<typeof AdminUserPageQuery>;

const userId = z.coerce.string({ error: 'error.form.cannot_be_empty' }).trim().min(1, 'error.form.cannot_be_empty').max(32, 'error.form.is_invalid');

/**
 * PUT /admin/api/user/status. `suspend_duration`: hours (number), or '24h' / '7d' / '1m' (calendar months) /
 * '1y' / 'forever' (Answer 1.6's values among them); absent or 'forever' suspends without end. `reason`
 * (Quorum's, optional): shown to the member and mailed, kept in the penalty history (modules/penalty).
 */
export const AdminUserStatusReq = z.object({
  user_id: userId,
  status: z.enum(ADMIN_USER_STATUSES, { error: 'error.form.is_invalid' }),
  suspend_duration: z.union([z.number().positive('error.form.is_invalid'), z.string().trim().regex(/^(forever|\d{1,4}[hdmy]?)?$/, 'error.form.is_invalid')]).optional(),
  remove_all_content: z.boolean().optional().default(false),
  reason: z.string().trim().max(500, 'error.form.is_invalid').optional().default(''),
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
