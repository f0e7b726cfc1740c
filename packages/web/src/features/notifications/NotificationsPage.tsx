/**
 * /users/notifications/:type/:subType? (spec §2): the inbox (filterable by kind) and achievements, newest
 * first and paged. Opening a notification marks it read; 'mark all as read' clears the whole type.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { apiKey, NOTIFICATION_INBOX_TYPES } from '@quorum/contract';
import { Pager } from '../../components/Pager';
import { PageSpinner } from '../../components/PageSpinner';
import { api } from '../../lib/api';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLoginGuard } from '../users/useLoginGuard';
import { NotificationItem, type NotificationRow } from './NotificationItem';
import { badgeCount, NOTIFICATION_STATUS_KEY, useNotificationStatus } from './status';
import type { PageData } from '../../lib/types';

const PAGE = '/answer/api/v1/notification/page';
const PAGE_SIZE = 20;
const TYPES = ['inbox', 'achievement'] as const;
type NotificationType = (typeof TYPES)[number];

/** The notifications page. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { type = 'inbox', subType = 'all' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useLoginGuard();
  const [busy, setBusy] = useState(false);
  const validType = (TYPES as readonly string[]).includes(type);
  const inboxType = (NOTIFICATION_INBOX_TYPES as readonly string[]).includes(subType) ? subType : 'all';
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const query = { type, inbox_type: type === 'inbox' ? inboxType : undefined, page, page_size: PAGE_SIZE };
  const { data, isPending, isError } = useQuery({
    queryKey: [apiKey(PAGE, query)],
    queryFn: () => api.get<PageData<NotificationRow>>(PAGE, query),
    enabled: !!user && validType,
    staleTime: 0,
  });
  const { data: status } = useNotificationStatus(user?.id ?? null);
  const slow = useDelayedFlag(!!user && isPending);
  usePageTitle(t('notifications.title'));

  if (!validType) return <Navigate to="/users/notifications/inbox" replace />;
  if (!user) return <PageSpinner />;

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: [NOTIFICATION_STATUS_KEY] }), client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`${PAGE}?`) })]);
  const markRead = (id: string) => {
    void api
      .put('/answer/api/v1/notification/read/state', { id })
      .then(refresh)
      .catch(() => undefined);
  };
  const markAll = async () => {
    setBusy(true);
    try {
      await api.put('/answer/api/v1/notification/read/state/all', { type });
      await refresh();
    } catch {
      // the client already showed the error
    } finally {
      setBusy(false);
    }
  };
  const hasUnread = !!data?.list.some((n) => !n.is_read) || !!status?.[type as NotificationType];
  const base = `/users/notifications/${type}${type === 'inbox' && inboxType !== 'all' ? `/${inboxType}` : ''}`;

  return (
    <div className="container" style={{ maxWidth: 880 }}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('notifications.title')}</h1>
        <Button variant="outline-primary" size="sm" onClick={() => void markAll()} disabled={busy || !hasUnread}>
          {t('notifications.mark_all')}
        </Button>
      </div>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <Nav as="nav" variant="underline" aria-label={t('notifications.tabs_label')}>
          {TYPES.map((x) => {
            const n = status?.[x] ?? 0;
            return (
              <Nav.Item key={x}>
                <Nav.Link as={Link} to={`/users/notifications/${x}`} active={x === type} aria-current={x === type ? 'page' : undefined}>
                  {t(`notifications.tab.${x}`)}
                  {n ? (
                    <Badge bg="danger" pill className="ms-1">
                      {badgeCount(n)}
                      <span className="visually-hidden"> {t('notifications.unread')}</span>
                    </Badge>
                  ) : null}
                </Nav.Link>
              </Nav.Item>
            );
          })}
        </Nav>
        {type === 'inbox' ? (
          <Form.Group controlId="q-inbox-type" className="d-flex align-items-center gap-2 small">
            <Form.Label className="mb-0 text-nowrap">{t('notifications.filter')}</Form.Label>
            <Form.Select size="sm" value={inboxType} onChange={(e) => void navigate(e.target.value === 'all' ? '/users/notifications/inbox' : `/users/notifications/inbox/${e.target.value}`)}>
              {NOTIFICATION_INBOX_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`notifications.inbox_type.${x}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : null}
      </div>
      <Card className="shadow-sm" aria-busy={isPending}>
        {isError ? (
          <Alert variant="danger" className="m-3">
            {t('notifications.load_failed')}
          </Alert>
        ) : isPending ? (
          slow ? (
            <ul className="list-group list-group-flush" aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="list-group-item d-flex gap-3 py-3">
                  <div className="q-skeleton rounded" style={{ width: 32, height: 32 }} />
                  <div className="flex-grow-1">
                    <div className="q-skeleton mb-2" style={{ height: 14, width: '50%' }} />
                    <div className="q-skeleton" style={{ height: 12, width: '25%' }} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <div style={{ minHeight: 160 }} />
          )
        ) : !data?.list.length ? (
          <p className="text-center text-body-secondary py-5 mb-0">{t(`notifications.empty.${type}`)}</p>
        ) : (
          <ul className="list-group list-group-flush" aria-label={t(`notifications.tab.${type}`)}>
            {data.list.map((n) => (
              <NotificationItem key={n.id} n={n} onOpen={markRead} />
            ))}
          </ul>
        )}
      </Card>
      {data ? (
        <div className="d-flex justify-content-center mt-3">
          <Pager page={page} total={data.count} pageSize={PAGE_SIZE} hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)} />
        </div>
      ) : null}
    </div>
  );
}
