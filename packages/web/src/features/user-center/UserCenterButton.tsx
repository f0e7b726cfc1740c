/**
 * The external user system's button on the login and sign-up pages (spec §2): 'Log in with {name}', linking to the
 * agent's login (or sign-up) address, which the server sends on to the provider or to /user-center/auth.
 */
import { useTranslation } from 'react-i18next';
import type { UserCenterAgentInfo } from '@quorum/contract';
import { ProviderIcon } from '../../components/ProviderIcon';
import { sitePath } from './agent';

/** The button, with an 'or' divider above when `divider`. */
export default function UserCenterButton({ agent, kind = 'login', divider = false }: { agent: UserCenterAgentInfo; kind?: 'login' | 'sign_up'; divider?: boolean }) {
  const { t } = useTranslation();
  const href = sitePath(kind === 'sign_up' ? agent.sign_up_redirect_url : agent.login_redirect_url);
  return (
    <div className="mt-3">
      {divider && <div className="text-center text-body-secondary small my-2">{t('plugins.connector.or')}</div>}
      <a href={href} className="btn btn-outline-secondary w-100 mb-2 d-flex align-items-center justify-content-center gap-2" data-testid="user-center-login">
        {agent.icon && <ProviderIcon svgBase64={agent.icon} />}
        {t('plugins.connector.login_with', { name: agent.display_name || agent.name })}
      </a>
    </div>
  );
}
