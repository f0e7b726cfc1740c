import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** 403: no permission (spec §8). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorPage code="403" title={t('errors.forbidden.title')} message={t('errors.forbidden.message')} />;
}
