/**
 * Sign-up handed to the external user system (spec §2 "/users/register: a sign-up address supplied by an external
 * user system redirects there"): while a user center is on and the site's own user system is off, the sign-up page
 * sends the browser to the agent's sign-up address, with a link in case the browser does not follow.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Spinner from 'react-bootstrap/Spinner';
import type { UserCenterAgentInfo } from '@quorum/contract';
import AuthCard from '../auth/AuthCard';
import { sitePath } from './agent';

/** The hand-over. */
export default function SignUpHandOver({ agent }: { agent: UserCenterAgentInfo }) {
  const { t } = useTranslation();
  const name = agent.display_name || agent.name;
  const href = sitePath(agent.sign_up_redirect_url);
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return (
    <AuthCard title={t('user_center.auth.title', { name })}>
      <div className="text-center py-3" role="status">
        <Spinner animation="border" aria-hidden="true" className="mb-2" />
        <p>{t('user_center.auth.redirecting', { name })}</p>
        <a href={href}>{t('user_center.settings.open_external', { name })}</a>
      </div>
    </AuthCard>
  );
}
