/**
 * Route guards (spec §4 "Guard results"): wrap a route element in <Guard need="...">. The rules are
 * lib/guardRules.ts. While the logged-in user is loading a spinner shows; during SSR and hydration the page
 * renders as on the server (guarded pages are client-only there).
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import ForbiddenPage from '../features/errors/ForbiddenPage';
import NotFoundPage from '../features/errors/NotFoundPage';
import ServerErrorPage from '../features/errors/ServerErrorPage';
import { hasSession, loginFlowStore, refreshCurrentUser, useCurrentUser, userFetchErrorStore } from '../lib/auth';
import { guardResult, privateSiteRedirect, type GuardNeed, type GuardResult } from '../lib/guardRules';
import { onAuthPage } from '../lib/navigation';
import { readSuspension, rememberReturnTarget } from '../lib/session';
import { useSiteInfo } from '../lib/site';
import { useHydrated, useStore } from '../lib/store';

/** Error page of a failed user fetch with status 403, 404 or 50X (spec §4 "Guard errors"), else null. */
function guardErrorPage(status: number | null): ReactNode {
  if (status === 403) return <ForbiddenPage />;
  if (status === 404) return <NotFoundPage />;
  if (status !== null && status >= 500) return <ServerErrorPage />;
  return null;
}

/** Navigates for a redirect result, remembering the current address when asked. */
function useApply(result: GuardResult | null): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const to = result?.kind === 'redirect' ? result.to : null;
  const remember = result?.kind === 'redirect' && result.remember;
  useEffect(() => {
    if (!to) return;
    if (remember) rememberReturnTarget(here);
    void navigate(to, { replace: true });
  }, [to, remember, here, navigate]);
}

/** Shows `children` when the current user meets `need`; otherwise redirects or shows an error page. */
export function Guard({ need, children }: { need: GuardNeed; children: ReactNode }) {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const site = useSiteInfo();
  const fetchError = useStore(userFetchErrorStore, null);
  const location = useLocation();
  const loggingIn = useStore(loginFlowStore, null) === location.pathname + location.search;
  const ready = hydrated && !isLoading && !loggingIn;
  const result = ready
    ? guardResult(need, { user, registrationOpen: site.login?.allow_new_registrations !== false, suspensionKnown: readSuspension() !== null })
    : null;
  useApply(result);
  useEffect(() => {
    // Spec §2 "Admin routes": the current user is re-pulled on entry.
    if (need === 'admin') void refreshCurrentUser();
  }, [need]);
  if (!hydrated || loggingIn) return <>{children}</>;
  if (!ready) return <PageSpinner />;
  const errorPage = !user && hasSession() && need !== 'notLoggedIn' && need !== 'loginPage' && need !== 'registration' ? guardErrorPage(fetchError) : null;
  if (errorPage) return errorPage;
  if (result?.kind === 'error') return <ForbiddenPage />;
  if (result?.kind === 'redirect') return <PageSpinner />;
  return <>{children}</>;
}

/**
 * Private site (spec §4): with siteinfo.login.login_required, an anonymous visitor is sent to login from every
 * page but the auth pages. Used by the layout.
 * @returns true while the redirect is pending (the layout then hides the page)
 */
export function usePrivateSiteGuard(): boolean {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const site = useSiteInfo();
  const location = useLocation();
  const loggingIn = useStore(loginFlowStore, null) === location.pathname + location.search;
  const result = hydrated && !isLoading && !loggingIn ? privateSiteRedirect(site.login?.login_required === true, !!user, onAuthPage(location.pathname)) : null;
  useApply(result);
  return result?.kind === 'redirect';
}
