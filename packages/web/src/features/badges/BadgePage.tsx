/** `/badges/:id`: one badge, its description and the members who earned it (newest first, 30 per page). */
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { useTranslation } from 'react-i18next';
import { questionPath } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager } from '../../components/Pager';
import { TimeAgo } from '../../components/TimeAgo';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../errors/NotFoundPage';
import { useBadge, useBadgeAwards } from './api';
import { BadgeChip } from './BadgeChip';

export default function BadgePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const badge = useBadge(id);
  const awards = useBadgeAwards(id, page);
  const permalink = permalinkStyle(useSiteInfo());
  usePageTitle(badge.data?.name ?? t('badges.title'));
  if (badge.data === null) return <NotFoundPage />;
  if (!badge.data) return <PageSpinner />;
  const b = badge.data;
  return (
    <div className="container py-3">
      <p className="small mb-2">
        <Link to="/badges">{t('badges.title')}</Link>
      </p>
      <div className="d-flex align-items-center gap-3 mb-2">
        <BadgeChip badge={b} />
        <span className="text-body-secondary small">{t('badges.awarded', { count: b.award_count })}</span>
      </div>
      <p>{b.description}</p>
      {b.earned_count ? <p className="text-success small">{t('badges.you_earned', { count: b.earned_count })}</p> : null}
      <h2 className="h5 border-bottom pb-2">{t('badges.earned_by')}</h2>
      {awards.isPending ? <PageSpinner /> : null}
      {awards.data && !awards.data.count ? <p className="text-body-secondary">{t('badges.nobody')}</p> : null}
      <ul className="list-unstyled" data-testid="badge-awards">
        {awards.data?.list.map((a, i) => (
          <li key={`${a.author_user_info.id}-${a.object_id}-${i}`} className="py-2 border-bottom d-flex flex-wrap gap-2 align-items-center">
            <Link to={`/users/${a.author_user_info.username}`}>{a.author_user_info.display_name}</Link>
            {a.object_id ? (
              <Link className="small" to={questionPath(a.question_id, a.url_title, permalink, a.answer_id || undefined, a.url_title)}>
                {t(`badges.for_${a.object_type === 'answer' ? 'answer' : 'question'}`)}
              </Link>
            ) : null}
            <span className="small text-body-secondary ms-auto">
              <TimeAgo at={a.created_at} />
            </span>
          </li>
        ))}
      </ul>
      {awards.data ? <Pager page={page} total={awards.data.count} pageSize={30} hrefFor={(p) => (p > 1 ? `/badges/${id}?page=${p}` : `/badges/${id}`)} label={t('badges.pager')} /> : null}
    </div>
  );
}
