/**
 * The external user center as the web client sees it (spec §2 auth routes, §3 "External user-system agent"):
 * GET /user-center/agent, read once per page load and shared by the login, sign-up and /user-center/auth pages.
 */
import { useQuery } from '@tanstack/react-query';
import type { UserCenterAgentResp, UserCenterUserSettingsResp } from '@quorum/contract';
import { api } from '../../lib/api';

/** Query key of GET /user-center/agent. */
export const AGENT_KEY = ['/answer/api/v1/user-center/agent'];

/** The agent (`data` undefined while loading; `isError` when the call failed). */
export function useUserCenterAgent() {
  return useQuery({ queryKey: AGENT_KEY, queryFn: () => api.get<UserCenterAgentResp>('/answer/api/v1/user-center/agent'), staleTime: 60_000 });
}

/**
 * Where the logged-in member's profile and account settings live (GET /user-center/user/settings); `enabled`
 * false keeps the site's own settings pages. Asked only while `enabled` (an agent is on and someone is logged in).
 */
export function useUserCenterSettings(enabled: boolean) {
  return useQuery({ queryKey: ['/answer/api/v1/user-center/user/settings'], queryFn: () => api.get<UserCenterUserSettingsResp>('/answer/api/v1/user-center/user/settings'), enabled, staleTime: 60_000 });
}

/** A URL on this site as a path ('/x?y'), so the browser stays on the page's own origin; other URLs unchanged. */
export function sitePath(link: string): string {
  try {
    const u = new URL(link, window.location.origin);
    return u.origin === window.location.origin ? u.pathname + u.search : link;
  } catch {
    return link;
  }
}
