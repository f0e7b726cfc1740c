/**
 * The admin console's calls (spec §7 "Admin", field names of Answer's swagger). Every path is under
 * /answer/admin/api, so a 403 shows the 403 page (lib/apiErrors.ts). Query keys start with 'admin' so one
 * invalidation refreshes the console after a change.
 */
import { api, type Query } from '../../lib/api';
import type { PageData } from '../../lib/types';
import type { AdminUserDetail, DashboardInfo, LabelValue, SiteinfoSectionName } from '@quorum/contract';

export type { AdminAnswerItem, AdminAuditEntry, AdminQuestionItem, AdminUserDetail, DashboardInfo } from '@quorum/contract';

export const ADMIN_API = '/answer/admin/api';

export type SiteinfoSection = SiteinfoSectionName;

/** One row of GET /admin/api/users/page (Answer's GetUserPageResp). */
export interface AdminUserRow {
  user_id: string;
  username: string;
  display_name: string;
  e_mail: string;
  avatar: string;
  rank: number;
  role_id: number;
  role_name: string;
  status: 'normal' | 'suspended' | 'deleted' | 'inactive';
  created_at: number;
  deleted_at: number;
  suspended_at: number;
  suspended_until: number;
  /** A silence in force: its end (0 = forever); -1 when not silenced (Quorum's). */
  silenced_until?: number;
}

/** GET /admin/api/roles */
export interface AdminRole {
  id: number;
  name: string;
  description: string;
}

/** GET /admin/api/dashboard: `{info: DashboardInfo}` (Answer's wrapper). */
export async function fetchDashboard(): Promise<DashboardInfo> {
  const data = await api.get<{ info: DashboardInfo }>(`${ADMIN_API}/dashboard`);
  return data.info;
}

/** GET /admin/api/user/info: one user for the users/{user_id} page. */
export function fetchUser(userId: string): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`${ADMIN_API}/user/info`, { user_id: userId }, { allow404: true });
}

/** GET one settings section. */
export function fetchSiteinfo<T>(section: SiteinfoSection): Promise<T> {
  return api.get<T>(`${ADMIN_API}/siteinfo/${section}`);
}

/** PUT one settings section; 400 field errors go to the caller. */
export function saveSiteinfo(section: SiteinfoSection, body: unknown): Promise<void> {
  return api.put<void>(`${ADMIN_API}/siteinfo/${section}`, body);
}

/** A paged admin list (`{count, list}`). */
export function fetchPage<T>(path: 'question/page' | 'answer/page' | 'users/page', query: Query): Promise<PageData<T>> {
  return api.get<PageData<T>>(`${ADMIN_API}/${path}`, query);
}

/** PUT /admin/api/question/status or /answer/status for one post or (several ids) in bulk. */
export function setPostStatus(kind: 'question' | 'answer', ids: string[], status: string): Promise<void> {
  const body = ids.length === 1 ? { [`${kind}_id`]: ids[0] } : { [`${kind}_ids`]: ids };
  return api.put<void>(`${ADMIN_API}/${kind}/status`, { ...body, status });
}

/** GET /admin/api/roles */
export function fetchRoles(): Promise<AdminRole[]> {
  return api.get<AdminRole[]>(`${ADMIN_API}/roles`);
}

/** GET /admin/api/language/options */
export function fetchLanguageOptions(): Promise<LabelValue[]> {
  return api.get<LabelValue[]>(`${ADMIN_API}/language/options`);
}

/** GET /admin/api/theme/options */
export function fetchThemeOptions(): Promise<LabelValue[]> {
  return api.get<LabelValue[]>(`${ADMIN_API}/theme/options`);
}

/** The query key root of every admin call. */
export const ADMIN_KEY = 'admin';
