/**
 * What the signed-in member may do in general (GET /permission?action=a,b: `{action: {has_permission,
 * no_permission_tip}}`), so actions not yet earned are shown disabled with the server's reason (the reputation
 * needed, the member's own and how to earn it) instead of failing on use.
 */
import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@quorum/contract';
import { api } from '../../lib/api';
import { isActivated, useCurrentUser } from '../../lib/auth';

/** One entry of GET /permission. */
export interface Permission {
  has_permission: boolean;
  no_permission_tip: string;
}

/**
 * The permissions of `actions` for the current member; undefined for visitors, members who are not activated
 * (their actions lead to login or activation) and while loading; empty when the check failed.
 * @returns action -> permission
 */
export function usePermissions(actions: string[]): Record<string, Permission> | undefined {
  const { user } = useCurrentUser();
  const action = [...actions].sort().join(',');
  const q = useQuery({
    queryKey: [apiKey('/answer/api/v1/permission', { action }), user?.id],
    // A failed check answers nothing known (the server still decides on use).
    queryFn: () => api.get<Record<string, Permission>>('/answer/api/v1/permission', { action }, { passingError: true }).catch(() => ({})),
    enabled: !!user && isActivated(user) && !!action,
    staleTime: 60_000,
  });
  return q.data ?? undefined;
}

/** The reason an action is refused, or '' when it is allowed or not known yet. */
export function refusal(perms: Record<string, Permission> | undefined, action: string): string {
  const p = perms?.[action];
  return p && !p.has_permission ? p.no_permission_tip : '';
}
