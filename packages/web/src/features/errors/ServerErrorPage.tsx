import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** 50X: the server failed (spec §8). */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  return <ErrorPage code="500" title={t('errors.server.title')} message={t('errors.server.message')} />;
}
