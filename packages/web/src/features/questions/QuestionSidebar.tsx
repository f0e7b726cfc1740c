import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { siteName } from '../../lib/site';
import type { SiteInfo } from '../../lib/types';
import { TrendingQuestions } from '../home/TrendingQuestions';

/** Right column of the list page: about the site, a call to ask, and the week's hot questions (loaded in the browser). */
export function QuestionSidebar({ site }: { site: SiteInfo }) {
  const { t } = useTranslation();
  const about = site.general?.short_description || site.general?.description;
  return (
    <aside aria-label={t('sidebar.label')} className="d-flex flex-column gap-3">
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h6 fw-semibold">{t('sidebar.about', { name: siteName(site) })}</h2>
          <p className="small text-body-secondary mb-0">{about || t('sidebar.about_default')}</p>
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h6 fw-semibold">{t('sidebar.help_title')}</h2>
          <p className="small text-body-secondary">{t('sidebar.help_text')}</p>
          <Link to="/questions/ask" className="btn btn-sm btn-outline-primary">
            {t('header.ask')}
          </Link>
        </Card.Body>
      </Card>
      {/* Last: its list comes after the page, and nothing below it moves when it does. */}
      <TrendingQuestions />
    </aside>
  );
}
