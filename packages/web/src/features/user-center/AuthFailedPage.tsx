/**
 * /user-center/auth-failed (spec §2): an external user system's login was refused (`error=<kind>` from the
 * server's callback). Says why, and offers another try and the way back to the login page.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import Alert from 'react-bootstrap/Alert';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';

/** Refusal kinds the page has a message for; anything else gets the general one. */
const KNOWN = new Set(['disabled', 'state_mismatch', 'provider_error', 'code_refused', 'plugin_error', 'no_external_id', 'no_email', 'not_member', 'user_not_available', 'registration_closed', 'email_domain', 'account_deleted', 'needs_same_device']);

/** The page. */
export default function AuthFailedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error') ?? '';
  const kind = KNOWN.has(error) ? error : 'unknown';
  usePageTitle(t('user_center.failed.title'));
  return (
    <AuthCard title={t('user_center.failed.title')}>
      <Alert variant="danger" role="alert">
        {t(`user_center.failed.errors.${kind}`)}
      </Alert>
      {kind === 'no_email' && <p className="small text-body-secondary">{t('plugins.connector.email_hint')}</p>}
      {kind !== 'disabled' && (
        <Link to="/user-center/auth" className="btn btn-primary w-100 mb-2">
          {t('user_center.failed.try_again')}
        </Link>
      )}
      <Link to="/users/login" className="btn btn-outline-secondary w-100">
        {t('user_center.auth.back_to_login')}
      </Link>
    </AuthCard>
  );
}
