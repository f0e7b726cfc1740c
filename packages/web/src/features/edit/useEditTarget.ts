/**
 * Loading of an edit page (spec §2): only activated users (anonymous -> login and back, not activated -> the
 * inactive page); the edit check GET /revisions/edit/check?id= runs first, and a 400 from it shows the 403
 * page with its message; then the post itself is read.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { isActivated, rememberReturnTarget, useCurrentUser } from '../../lib/auth';
import { useHydrated } from '../../lib/store';

/** What an edit page shows while and after loading. */
export type EditTarget<T> =
  | { state: 'loading' }
  | { state: 'forbidden'; message: string }
  | { state: 'not_found' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; data: T };

/**
 * @param id the question or answer id checked by the edit check
 * @param load reads the post once the check passed
 */
export function useEditTarget<T>(id: string, load: () => Promise<T>): EditTarget<T> {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [target, setTarget] = useState<EditTarget<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const allowed = isActivated(user);

  useEffect(() => {
    if (!hydrated || isLoading) return;
    if (!user) {
      rememberReturnTarget(location.pathname);
      void navigate('/users/login', { replace: true });
    } else if (!isActivated(user)) {
      void navigate('/users/login?status=inactive', { replace: true });
    }
  }, [hydrated, isLoading, user, navigate, location.pathname]);

  useEffect(() => {
    if (!allowed || !id) return;
    let cancelled = false;
    setTarget({ state: 'loading' });
    (async () => {
      try {
        await api.get('/answer/api/v1/revisions/edit/check', { id }, { passingError: true });
        const data = await load();
        if (!cancelled) setTarget({ state: 'ready', data });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiError && (err.status === 400 || err.status === 403)) setTarget({ state: 'forbidden', message: err.message });
        else if (err instanceof ApiError && err.status === 404) setTarget({ state: 'not_found' });
        else setTarget({ state: 'failed', retry: () => setAttempt((n) => n + 1) });
      }
    })();
    return () => {
      cancelled = true;
    };
    // `load` is recreated on each render of the page; the id and attempt say when to load again.
  }, [allowed, id, attempt]);

  return target;
}
