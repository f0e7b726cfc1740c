/** The group calls (docs/API.md "Groups"; the server's modules/group) and their query keys. */
import type { AdminGroupInfo, GroupInfo, GroupMemberInfo, GroupMemberState } from '@quorum/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

/** react-query key of everything about groups (invalidated after any group write). */
export const GROUPS_KEY = 'groups';

/** What the admin form sends (GroupSaveReq). */
export interface GroupForm {
  id?: string;
  slug_name: string;
  display_name: string;
  description: string;
  visibility: string;
  join_policy: string;
  email_domains: string[];
  directory_group: string;
}

export const groupApi = {
  list: () => api.get<GroupInfo[]>(`${V1}/groups`),
  get: (slug: string) => api.get<GroupInfo>(`${V1}/group`, { slug_name: slug }, { allow404: true }),
  members: (slug: string, state: GroupMemberState, page: number, pageSize = 30) =>
    api.get<{ count: number; list: GroupMemberInfo[] }>(`${V1}/group/members`, { slug_name: slug, state, page, page_size: pageSize }),
  ofMember: (username: string) => api.get<GroupInfo[]>(`${V1}/personal/groups`, { username }, { passingError: true }),
  join: (slug: string) => api.post<GroupInfo>(`${V1}/group/join`, { slug_name: slug }),
  leave: (slug: string) => api.post<GroupInfo>(`${V1}/group/leave`, { slug_name: slug }),
  act: (slug: string, username: string, action: 'approve' | 'invite' | 'remove' | 'promote' | 'demote') =>
    api.post<{ state: string }>(`${V1}/group/member`, { slug_name: slug, username, action }, { passingError: true }),
  adminList: () => api.get<AdminGroupInfo[]>(`${ADMIN}/groups`),
  create: (body: GroupForm) => api.post<AdminGroupInfo>(`${ADMIN}/group`, body, { passingError: true }),
  update: (body: GroupForm) => api.put<AdminGroupInfo>(`${ADMIN}/group`, body, { passingError: true }),
  remove: (id: string) => api.delete<null>(`${ADMIN}/group`, { id }),
};

/** A member's groups that the viewer may see (the profile; its query key is shared by the page and the section). */
export function useMemberGroups(username: string) {
  return useQuery({ queryKey: [GROUPS_KEY, 'of', username], queryFn: () => groupApi.ofMember(username) });
}
