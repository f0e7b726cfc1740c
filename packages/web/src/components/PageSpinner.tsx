import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/**
 * Centered loading spinner, used as the fallback of lazily loaded pages. While one shows, the footer is hidden
 * (app.css), so it does not move when the page comes.
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="q-page-spinner d-flex justify-content-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
