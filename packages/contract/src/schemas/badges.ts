/** Badge calls (Answer's badge controller): queries of the public calls and the admin status change. */
import { z } from 'zod';
import { PageQuery, required } from './common.js';

/** Badge statuses of the admin calls. */
export const BADGE_STATUSES = ['active', 'inactive'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/** GET /badge?id= */
export const BadgeInfoQuery = z.object({ id: required('error.form.cannot_be_empty').max(32, 'error.form.is_invalid') });

/** GET /badge/awards/page?badge_id=&username=&page=&page_size= */
export const BadgeAwardPageQuery = PageQuery.extend({
  badge_id: required('error.form.cannot_be_empty').max(32, 'error.form.is_invalid'),
  username: z.string().trim().max(100, 'error.form.is_invalid').optional(),
});
export type BadgeAwardPageQuery = z.infer<typeof BadgeAwardPageQuery>;

/** GET /badge/user/awards?username=, GET /badge/user/awards/recent?username= */
export const UserBadgeAwardsQuery = z.object({ username: required('error.form.cannot_be_empty').max(100, 'error.form.is_invalid') });

/** GET /admin/api/badges?page=&page_size=&status=&q= */
export const AdminBadgePageQuery = PageQuery.extend({
  status: z.union([z.literal(''), z.enum(BADGE_STATUSES)], { error: 'error.form.is_invalid' }).default(''),
  q: z.string().trim().max(100, 'error.form.is_invalid').default(''),
});
export type AdminBadgePageQuery = z.infer<typeof AdminBadgePageQuery>;

/** PUT /admin/api/badge/status */
export const BadgeStatusReq = z.object({ id: required('error.form.cannot_be_empty').max(32, 'error.form.is_invalid'), status: z.enum(BADGE_STATUSES, { error: 'error.form.is_invalid' }) });
export type BadgeStatusReq = z.infer<typeof BadgeStatusReq>;
