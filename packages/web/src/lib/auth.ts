/**
 * The logged-in user (spec §4 "Derived login state", "After login", "App start").
 * The session lives in an HttpOnly cookie no script can read (an XSS cannot steal it); the page knows only
 * whether it holds one (lib/session.ts). The user is GET /user/info, re-fetched at most every 10 s unless forced. The server always renders the anonymous view, so the user appears after hydration.
 */
import { useQuery } from '@tanstack/react-query';
import { MailStatus, Role } from '@quorum/contract';
import { api, ApiError } from './api';
import { currentPath } from './navigation';
import { getActiveQueryClient } from './queryClient';
import { clearSuspension, endLocalSession, hasSession, sessionStore, syncSession, takeReturnTarget, USER_INFO_KEY } from './session';
import { createStore, useStore } from './store';
import type { CurrentUser } from './types';

export { hasSession, rememberReturnTarget, USER_INFO_KEY } from './session';
export type { CurrentUser } from './types';

/** User refresh throttle (spec §9). */
const USER_REFRESH_MS = 10_000;

/** The page (path with query) where afterLogin runs, until the app left it; its route guards wait meanwhile. */
export const loginFlowStore = createStore<string | null>(null);

/** HTTP status of the last failed GET /user/info (0 network), or null after a success: guards show 403/404/50X pages. */
export const userFetchErrorStore = createStore<number | null>(null);

async function fetchUser(): Promise<CurrentUser | null> {
  try {
    const user = await api.get<CurrentUser | null>('/answer/api/v1/user/info', undefined, { passingError: true });
    userFetchErrorStore.set(null);
    return user && typeof user === 'object' && user.id ? user : null;
  } catch (err) {
    // Spec §4: a failed fetch clears the local user but keeps the session.
    userFetchErrorStore.set(err instanceof ApiError ? err.status : 0);
    return null;
  }
}

/**
 * The logged-in user, or null when anonymous (and always null during SSR and hydration).
 * @returns `{user, isLoading}`; isLoading is true only while a session exists and the first fetch runs
 */
export function useCurrentUser(): { user: CurrentUser | null; isLoading: boolean } {
  const loggedIn = useStore(sessionStore, false);
  const query = useQuery({
    queryKey: [USER_INFO_KEY],
    queryFn: fetchUser,
    enabled: loggedIn,
    staleTime: USER_REFRESH_MS,
  });
  if (!loggedIn) return { user: null, isLoading: false };
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * Forces a fresh GET /user/info (e.g. after changing settings or activating the account). A fetch of the user
 * already in flight was sent before the change and may answer with the old user (TanStack Query's fetchQuery would
 * join it): it is cancelled first, so the answer always comes from a request sent after the caller's write.
 */
export async function refreshCurrentUser(): Promise<CurrentUser | null> {
  const client = getActiveQueryClient();
  if (!client) return fetchUser();
  await client.cancelQueries({ queryKey: [USER_INFO_KEY] });
  return client.fetchQuery({ queryKey: [USER_INFO_KEY], queryFn: fetchUser, staleTime: 0 });
}

/** Login-state helpers (spec §4). */
export function isActivated(user: CurrentUser | null): boolean {
  return !!user && user.mail_status === MailStatus.activated;
}

/** True for a normal (activated, not suspended) admin or moderator. */
export function isStaff(user: CurrentUser | null): boolean {
  return isActivated(user) && user!.status !== 'suspended' && (user!.role_id === Role.admin || user!.role_id === Role.moderator);
}

/**
 * Completes a login, sign-up or activation (spec §4 "After login"): takes up the session the server put in its
 * cookies (no response carries the session token to this client: lib/session.ts WEB_CLIENT_HEADERS), fetches the
 * user (the response's user when the fetch fails), then goes to '/users/login?status=inactive' when the e-mail is
 * not verified (mail_status 2), otherwise to `to` or the remembered return target (default '/'), replacing history.
 * When the browser holds no session after all (no session cookie came, e.g. cookies are blocked) it just goes home.
 * @param user the login / register / activation response, or GET /user/info after a third-party login
 * @param navigate react-router's navigate function
 * @param to destination instead of the remembered return target
 */
export async function afterLogin(user: CurrentUser, navigate: (to: string, opts?: { replace?: boolean }) => void, to?: string): Promise<void> {
  syncSession();
  if (!user?.id || !hasSession()) {
    navigate('/', { replace: true });
    return;
  }
  // Guards of this page hold still until the destination below is reached (they would send a fresh user home
  // first); the router glue clears the flag once the location changed.
  loginFlowStore.set(currentPath());
  try {
    await completeLogin(user, navigate, to);
  } catch (err) {
    loginFlowStore.set(null);
    throw err;
  }
}

async function completeLogin(user: CurrentUser, navigate: (to: string, opts?: { replace?: boolean }) => void, to?: string): Promise<void> {
  clearSuspension();
  getActiveQueryClient()?.setQueryData([USER_INFO_KEY], user);
  const fetched = await refreshCurrentUser();
  const fresh = fetched ?? user;
  if (!fetched) getActiveQueryClient()?.setQueryData([USER_INFO_KEY], user);
  if (fresh.mail_status === MailStatus.inactive) {
    navigate('/users/login?status=inactive', { replace: true });
    return;
  }
  const target = takeReturnTarget();
  navigate(to ?? target, { replace: true });
}

/**
 * Ends the session: tells the server, which ends it and clears the cookies (errors ignored), and forgets the
 * cached user. With `singleLogout` (the member's own "Log out") and SAML login on, the session ends through
 * POST /saml/logout, and when the member came through the identity provider the browser goes on to its single
 * logout (SAML 2.0 SLO, modules/saml), which sends it back to the site; the promise then never resolves.
 */
export async function logout(opts: { singleLogout?: boolean } = {}): Promise<void> {
  let idpLogout = '';
  if (hasSession()) {
    let ended = false;
    if (opts.singleLogout) {
      const saml = await api.get<{ enabled: boolean }>('/answer/api/v1/saml/info', undefined, { passingError: true }).catch(() => null);
      if (saml?.enabled) {
        const out = await api.post<{ redirect_url: string }>('/answer/api/v1/saml/logout', {}, { passingError: true }).catch(() => null);
        ended = out !== null;
        idpLogout = out?.redirect_url ?? '';
      }
    }
    if (!ended) await api.get('/answer/api/v1/user/logout', undefined, { passingError: true }).catch(() => undefined);
  }
  endLocalSession();
  getActiveQueryClient()?.setQueryData([USER_INFO_KEY], null);
  if (idpLogout) {
    window.location.assign(idpLogout);
    await new Promise<never>(() => undefined);
  }
}
