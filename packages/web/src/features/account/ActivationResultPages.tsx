/** /users/account-activation/success (activated users) and /failed (not-activated users), spec §2. */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { useCurrentUser } from '../../lib/auth';
import { usePageTitle } from '../../lib/usePageTitle';
import AuthCard from '../auth/AuthCard';
import ResendActivation from './ResendActivation';
import { StatusIcon } from './StatusIcon';

/** The account is active now; a sign-up that still waits for a moderator's approval is told so. */
export function ActivationSuccessPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const waiting = user?.status === 'pending';
  usePageTitle(t('account.activation.success_title'));
  return (
    <AuthCard title={t('account.activation.success_title')}>
      <div className="text-center">
        <StatusIcon kind="check" className="text-success" />
        <p data-testid={waiting ? 'pending-approval' : undefined}>{t(waiting ? 'account_pending.text' : 'account.activation.success_text')}</p>
        <div className="d-flex gap-2 justify-content-center">
          {waiting ? null : (
            <Link to="/questions/ask" className="btn btn-primary">
              {t('account.activation.ask')}
            </Link>
          )}
          <Link to="/" className="btn btn-outline-secondary">
            {t('errors.back_home')}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}

/** The activation link has expired or was used: offer a new one. */
export function ActivationFailedPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.activation.failed_title'));
  return (
    <AuthCard title={t('account.activation.failed_title')}>
      <div className="text-center">
        <p>{t('account.activation.failed_text')}</p>
        <ResendActivation variant="primary" />
        <p className="small text-body-secondary mt-3 mb-0">
          <Link to="/users/change-email">{t('account.activation.wrong_email')}</Link>
        </p>
      </div>
    </AuthCard>
  );
}
