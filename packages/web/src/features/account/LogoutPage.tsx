/** /users/logout (logged-in users only, spec §2): ends the session and goes home. */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { logout } from '../../lib/auth';

/** Logs out on arrival. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout({ singleLogout: true }).then(() => navigate('/', { replace: true }));
  }, [navigate]);
  return <PageSpinner />;
}
