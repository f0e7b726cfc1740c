/**
 * Groups (issue #38 item 1; docs/API.md "Groups"): sets of members that admins create, with a visibility, a way
 * to join and their own moderators. Answer has no groups; these shapes are Quorum's.
 *
 * - visibility `public`: anyone sees the group and its members; `members`: logged-in members do; `hidden`: only its
 *   members, its moderators and admins.
 * - join policy `open`: a member joins with one click; `request`: a group moderator approves; `invitation`: only
 *   members a group moderator invited may join; `domain`: automatic, members whose confirmed e-mail address is at one
 *   of `email_domains`; `directory`: automatic, members whose directory login (LDAP, SAML) reported the group named
 *   `directory_group`.
 */
import { z } from 'zod';

export const GROUP_VISIBILITIES = ['public', 'members', 'hidden'] as const;
export const GROUP_JOIN_POLICIES = ['open', 'request', 'invitation', 'domain', 'directory'] as const;
/** How a member came to be in a group: by hand (join, request, invitation, admin) or by a rule. */
export const GROUP_MEMBER_SOURCES = ['manual', 'domain', 'directory'] as const;
export const GROUP_MEMBER_STATES = ['active', 'requested', 'invited'] as const;
export const GROUP_ROLES = ['member', 'moderator'] as const;

export type GroupVisibility = (typeof GROUP_VISIBILITIES)[number];
export type GroupJoinPolicy = (typeof GROUP_JOIN_POLICIES)[number];
export type GroupMemberState = (typeof GROUP_MEMBER_STATES)[number];
export type GroupRole = (typeof GROUP_ROLES)[number];

/** A group as the lists and the group page show it; `my_state`/`my_role` are '' when the viewer is not in it. */
export interface GroupInfo {
  id: string;
  slug_name: string;
  display_name: string;
  description: string;
  visibility: GroupVisibility;
  join_policy: GroupJoinPolicy;
  member_count: number;
  my_state: GroupMemberState | '';
  my_role: GroupRole | '';
  /** the viewer may approve requests, invite and remove members (a group moderator or an admin) */
  can_manage: boolean;
  created_at: number;
}

/** The admin console's view of a group: the rule fields too. */
export interface AdminGroupInfo extends GroupInfo {
  email_domains: string[];
  directory_group: string;
  pending_count: number;
}

/** One row of a group's member list. */
export interface GroupMemberInfo {
  user: { id: string; username: string; display_name: string; avatar: string };
  role: GroupRole;
  state: GroupMemberState;
  source: (typeof GROUP_MEMBER_SOURCES)[number];
  created_at: number;
}

const slug = z
  .string({ error: 'error.group.slug_invalid' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{1,34}$/, 'error.group.slug_invalid');
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, 'error.group.domain_invalid');

/**
 * POST /admin/api/group (create) and PUT /admin/api/group (update, with `id`). `email_domains` are needed by the
 * `domain` policy, `directory_group` by `directory`; both are kept (and ignored) under the other policies.
 */
export const GroupSaveReq = z
  .object({
    id: z.string().trim().max(32).optional(),
    slug_name: slug,
    display_name: z.string({ error: 'error.group.name_required' }).trim().min(1, 'error.group.name_required').max(60, 'error.group.name_too_long'),
    description: z.string().trim().max(500, 'error.group.description_too_long').optional().default(''),
    visibility: z.enum(GROUP_VISIBILITIES, { error: 'error.form.is_invalid' }).optional().default('public'),
    join_policy: z.enum(GROUP_JOIN_POLICIES, { error: 'error.form.is_invalid' }).optional().default('open'),
    email_domains: z.array(domain).max(20, 'error.group.too_many_domains').optional().default([]),
    directory_group: z.string().trim().max(191, 'error.form.is_invalid').optional().default(''),
  })
  .superRefine((v, c) => {
    if (v.join_policy === 'domain' && v.email_domains.length === 0) c.addIssue({ code: 'custom', path: ['email_domains'], message: 'error.group.domains_required' });
    if (v.join_policy === 'directory' && v.directory_group === '') c.addIssue({ code: 'custom', path: ['directory_group'], message: 'error.group.directory_group_required' });
  });
export type GroupSaveReq = z.infer<typeof GroupSaveReq>;

/** DELETE /admin/api/group. */
export const GroupDeleteReq = z.object({ id: z.string({ error: 'error.form.is_invalid' }).trim().min(1, 'error.form.is_invalid').max(32) });

/** A group by its short name: GET /group?slug_name=, POST /group/join and /group/leave. */
export const GroupSlugReq = z.object({ slug_name: z.string({ error: 'error.group.not_found' }).trim().toLowerCase().min(1, 'error.group.not_found').max(35) });

/** What a group moderator (or admin) does to a member; `promote`/`demote` (group moderator role) are for admins. */
export const GROUP_MEMBER_ACTIONS = ['approve', 'invite', 'remove', 'promote', 'demote'] as const;

/** POST /group/member. */
export const GroupMemberReq = z.object({
  slug_name: z.string({ error: 'error.group.not_found' }).trim().toLowerCase().min(1, 'error.group.not_found').max(35),
  username: z.string({ error: 'error.group.user_not_found' }).trim().min(1, 'error.group.user_not_found').max(100),
  action: z.enum(GROUP_MEMBER_ACTIONS, { error: 'error.form.is_invalid' }),
});

/** GET /group/members. */
export const GroupMembersQuery = z.object({
  slug_name: z.string({ error: 'error.group.not_found' }).trim().toLowerCase().min(1, 'error.group.not_found').max(35),
  state: z.enum(['active', 'requested', 'invited'], { error: 'error.form.is_invalid' }).optional().default('active'),
  page: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').optional().default(1),
  page_size: z.coerce.number({ error: 'error.form.is_invalid' }).int('error.form.is_invalid').min(1, 'error.form.is_invalid').max(100, 'error.form.is_invalid').optional().default(30),
});
