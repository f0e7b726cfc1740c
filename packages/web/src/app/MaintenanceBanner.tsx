import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link';

/** The banner administrators see on every page while maintenance mode holds everyone else. */
export default function MaintenanceBanner() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning rounded-0 mb-0 py-2 text-center small q-maintenance-banner" role="status">
      {t('look.maintenance_banner')}{' '}
      <Link to="/admin/general" className="alert-link">
        {t('look.maintenance_banner_link')}
      </Link>
    </div>
  );
}
