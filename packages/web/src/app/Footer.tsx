import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link';
import { siteName } from '../lib/site';
import type { SiteInfo } from '../lib/types';

/** Site footer: copyright, legal links and the product credit. */
export function Footer({ site }: { site: SiteInfo }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="q-footer border-top py-4 mt-5 small text-body-secondary">
      <div className="container d-flex flex-wrap gap-3 justify-content-between">
        <span suppressHydrationWarning>
          © {year} {siteName(site)}
        </span>
        <nav aria-label={t('footer.label')} className="d-flex gap-3">
          <Link to="/tos" className="link-secondary">
            {t('footer.tos')}
          </Link>
          <Link to="/privacy" className="link-secondary">
            {t('footer.privacy')}
          </Link>
          <span>{t('footer.powered_by', { name: 'Quorum' })}</span>
        </nav>
      </div>
    </footer>
  );
}
