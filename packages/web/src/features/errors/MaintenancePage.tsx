import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

/** 'Website Maintenance' page (spec §8). */
export default function MaintenancePage() {
  const { t } = useTranslation();
  return <ErrorPage code="503" title={t('errors.maintenance.title')} message={t('errors.maintenance.message')} />;
}
