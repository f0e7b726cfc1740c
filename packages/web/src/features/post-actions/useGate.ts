import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isActivated, rememberReturnTarget, useCurrentUser } from '../../lib/auth';

/**
 * Guard of member actions (spec §4 "Guard results"): anonymous visitors go to login and come back here,
 * not-activated users go to the inactive page.
 * @returns `gate()`, true when the action may go ahead
 */
export function useGate(): () => boolean {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (!user) {
      rememberReturnTarget(location.pathname + location.search + location.hash);
      void navigate('/users/login');
      return false;
    }
    if (!isActivated(user)) {
      void navigate('/users/login?status=inactive');
      return false;
    }
    return true;
  }, [user, navigate, location]);
}
