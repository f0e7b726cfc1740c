/**
 * `/groups`: the groups the viewer may see (GET /groups), each with its description, how one joins and its member
 * count, and the viewer's state in it. Empty, loading and failed states are shown as such.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { Link } from '../../components/Link';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../lib/usePageTitle';
import { GROUPS_KEY, groupApi } from './api';
import { MyStateBadge } from './GroupBadges';

/** The page. */
export default function GroupsPage() {
  const { t } = useTranslation();
  usePageTitle(t('groups.title'));
  const groups = useQuery({ queryKey: [GROUPS_KEY, 'list'], queryFn: groupApi.list });
  return (
    <div className="container py-3">
      <h1 className="h3">{t('groups.title')}</h1>
      <p className="text-body-secondary">{t('groups.intro')}</p>
      {groups.isPending ? <PageSpinner /> : null}
      {groups.isError ? <Alert variant="danger">{t('groups.load_failed')}</Alert> : null}
      {groups.data && groups.data.length === 0 ? <p className="text-body-secondary" data-testid="groups-empty">{t('groups.none')}</p> : null}
      {groups.data && groups.data.length > 0 ? (
        <ul className="list-unstyled row g-3" data-testid="groups-list">
          {groups.data.map((g) => (
            <li key={g.id} className="col-12 col-md-6 col-lg-4">
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6 mb-1 d-flex flex-wrap gap-2 align-items-center">
                    <Link to={`/groups/${g.slug_name}`} className="text-break">{g.display_name}</Link>
                    <MyStateBadge state={g.my_state} role={g.my_role} />
                    {g.visibility !== 'public' ? <Badge bg="secondary" className="fw-normal">{t(`groups.visibility.${g.visibility}`)}</Badge> : null}
                  </h2>
                  {g.description ? <p className="small mb-2 text-break">{g.description}</p> : null}
                  <p className="small text-body-secondary mb-0">
                    {t('groups.member_count', { count: g.member_count })} · {t(`groups.policy.${g.join_policy}`)}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
