/** `/badges`: every badge by group with how many members earned it; the viewer's own are marked. */
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { useBadgeGroups } from './api';
import { BadgeChip } from './BadgeChip';

export default function BadgesPage() {
  const { t } = useTranslation();
  usePageTitle(t('badges.title'));
  const groups = useBadgeGroups();
  return (
    <div className="container py-3">
      <h1 className="h3">{t('badges.title')}</h1>
      <p className="text-body-secondary">{t('badges.intro')}</p>
      {groups.isPending ? <PageSpinner /> : null}
      {groups.isError ? <Alert variant="danger">{t('badges.load_failed')}</Alert> : null}
      {groups.data?.map((g) => (
        <section key={g.group_name} className="mb-4">
          <h2 className="h5 border-bottom pb-2">{g.group_name}</h2>
          <ul className="list-unstyled row g-3">
            {g.badges.map((b) => (
              <li key={b.id} className="col-12 col-md-6 col-lg-4 d-flex align-items-center gap-2">
                <BadgeChip badge={b} />
                <span className="small text-body-secondary">{t('badges.awarded', { count: b.award_count ?? 0 })}</span>
                {b.earned_count ? <span className="small text-success">{t('badges.earned')}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
