import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { ErrorPage } from '../errors/ErrorPage';
import NotFoundPage from '../errors/NotFoundPage';
import type { EditTarget } from './useEditTarget';

/** The states of an edit page around its form: spinner after 1 s, 403 with the check's message, 404, retry. */
export function EditFrame<T>({ target, children }: { target: EditTarget<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const slow = useDelayedFlag(target.state === 'loading');
  if (target.state === 'loading') return slow ? <PageSpinner /> : null;
  if (target.state === 'forbidden') return <ErrorPage code="403" title={t('errors.forbidden.title')} message={target.message || t('errors.forbidden.message')} />;
  if (target.state === 'not_found') return <NotFoundPage />;
  if (target.state === 'failed') {
    return (
      <div className="container">
        <Alert variant="danger" className="d-flex align-items-center gap-2">
          <span className="me-auto">{t('qa.edit.load_failed')}</span>
          <Button size="sm" variant="outline-danger" onClick={target.retry}>
            {t('qa.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  return <>{children(target.data)}</>;
}
