import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** 404: the page does not exist (spec §8). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" title={t('errors.not_found.title')} message={t('errors.not_found.message')} />;
}
