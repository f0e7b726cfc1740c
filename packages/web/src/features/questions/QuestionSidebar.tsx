import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import { siteName } from '../../lib/site';
import type { SiteInfo } from '../../lib/types';
import { TrendingQuestions } from '../home/TrendingQuestions';

/** Right column of the list page: about the site, a call to ask, and the week's hot questions (loaded in the browser). */
export function QuestionSidebar({ site }: { site: SiteInfo }) {
  const { t, i18n } = useTranslation();
  const about = site.general?.short_description || site.general?.description;
  return (
    <aside aria-label={t('sidebar.label')} className="d-flex flex-column gap-3">
      {/* Two cards of text and a link: the server's markup is kept at hydration (components/HydrateLater.tsx). */}
      <HydrateLater className="shadow-sm card" watch={[site, i18n.language]}>
        <div className="card-body">
          <h2 className="h6 fw-semibold">{t('sidebar.about', { name: siteName(site) })}</h2>
          <p className="small text-body-secondary mb-0">{about || t('sidebar.about_default')}</p>
        </div>
      </HydrateLater>
      <HydrateLater className="shadow-sm card" watch={[i18n.language]}>
        <div className="card-body">
          <h2 className="h6 fw-semibold">{t('sidebar.help_title')}</h2>
          <p className="small text-body-secondary">{t('sidebar.help_text')}</p>
          <Link to="/questions/ask" className="btn btn-sm btn-outline-primary">
            {t('header.ask')}
          </Link>
        </div>
      </HydrateLater>
      {/* Last: its list comes after the page, and nothing below it moves when it does. */}
      <TrendingQuestions />
    </aside>
  );
}
