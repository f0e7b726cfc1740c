/**
 * /user-center/auth (spec §2: not logged in): the external user system's login. With a QR flow (the agent's
 * `qr_login`) it shows the QR code and waits for the scan; otherwise it offers the button to the provider. No user
 * center on: says so, with a way back to the login page.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import { useUserCenterAgent } from './agent';
import QrLogin from './QrLogin';
import UserCenterButton from './UserCenterButton';

/** The page. */
export default function UserCenterAuthPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useUserCenterAgent();
  const agent = data?.enabled ? data.agent_info : null;
  const name = agent ? agent.display_name || agent.name : '';
  usePageTitle(agent ? t('user_center.auth.title', { name }) : t('user_center.auth.plain_title'));

  if (isError) {
    return (
      <AuthCard title={t('user_center.auth.plain_title')}>
        <Alert variant="danger" role="alert">
          {t('user_center.auth.load_failed')}
        </Alert>
        <Button variant="primary" className="w-100" onClick={() => void refetch()}>
          {t('user_center.auth.retry')}
        </Button>
      </AuthCard>
    );
  }
  if (!data) {
    return (
      <AuthCard title={t('user_center.auth.plain_title')}>
        <div className="text-center py-3" role="status">
          <Spinner animation="border" aria-hidden="true" className="mb-2" />
          <p className="mb-0">{t('user_center.auth.loading')}</p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={agent ? t('user_center.auth.title', { name }) : t('user_center.auth.plain_title')}
      footer={agent?.enabled_original_user_system !== false && <Link to="/users/login">{t('user_center.auth.other_ways')}</Link>}
    >
      {!agent ? (
        <>
          <p className="text-center">{t('user_center.auth.not_enabled')}</p>
          <Link to="/users/login" className="btn btn-primary w-100">
            {t('user_center.auth.back_to_login')}
          </Link>
        </>
      ) : agent.qr_login ? (
        <QrLogin agent={agent} qr={agent.qr_login} />
      ) : (
        <UserCenterButton agent={agent} />
      )}
    </AuthCard>
  );
}
