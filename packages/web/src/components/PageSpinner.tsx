import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

/** Centered loading spinner, used as the fallback of lazily loaded pages. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
