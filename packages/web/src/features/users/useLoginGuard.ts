/**
 * Guard of member pages (spec §4 "Guard results"): anonymous visitors go to the login page with this page
 * remembered as the return target; users who have not activated their e-mail go to the inactive page.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isActivated, rememberReturnTarget, useCurrentUser, type CurrentUser } from '../../lib/auth';
import { useHydrated } from '../../lib/store';

/** @returns the user once allowed, else null (the caller renders a placeholder while redirecting). */
export function useLoginGuard(): CurrentUser | null {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    if (!hydrated || isLoading) return;
    if (!user) {
      rememberReturnTarget(here);
      void navigate('/users/login', { replace: true });
    } else if (!isActivated(user)) {
      void navigate('/users/login?status=inactive', { replace: true });
    }
  }, [hydrated, isLoading, user, navigate, here]);
  return user && isActivated(user) ? user : null;
}
