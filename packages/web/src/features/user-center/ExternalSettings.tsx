/**
 * A settings sub-page the external user system may own (GET /user-center/user/settings; Answer's
 * profile_setting_agent / account_setting_agent): while the enabled user center names an address for this member's
 * profile or account settings, the page says where they live and links there instead of showing the site's form.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import { useCurrentUser } from '../../lib/auth';
import { useUserCenterAgent, useUserCenterSettings } from './agent';

/** `children` (the site's own form) unless the user center owns `which`. */
export default function ExternalSettings({ which, children }: { which: 'profile' | 'account'; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const agent = useUserCenterAgent().data;
  const on = !!agent?.enabled && !!user;
  const settings = useUserCenterSettings(on).data;
  const target = settings?.[which === 'profile' ? 'profile_setting_agent' : 'account_setting_agent'];
  // Only web addresses are linked (never a script URL from a misbehaving plugin).
  if (!on || !target?.enabled || !/^https?:\/\//i.test(target.redirect_url)) return <>{children}</>;
  const name = agent.agent_info?.display_name || agent.agent_info?.name || '';
  return (
    <Alert variant="info">
      <p>{t(which === 'profile' ? 'user_center.settings.profile_external' : 'user_center.settings.account_external', { name })}</p>
      <a href={target.redirect_url} className="btn btn-primary" rel="noopener noreferrer">
        {t('user_center.settings.open_external', { name })}
      </a>
    </Alert>
  );
}
