/**
 * /admin/users (spec §2, §6; GET /admin/api/users/page): filters normal, suspended (with the end time),
 * deleted, inactive and staff; search by name or e-mail; paging; the user dialogs; bulk add.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/Link';
import { Avatar } from '../../../components/Avatar';
import { PageSpinner } from '../../../components/PageSpinner';
import { Pager } from '../../../components/Pager';
import { TimeAgo } from '../../../components/TimeAgo';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ADMIN_KEY, fetchPage, type AdminUserRow } from '../api';
import { FilterTabs, SearchBox, useListParams } from '../ListControls';
import BulkAddDialog from './BulkAddDialog';
import { UserActionsMenu } from './UserActionsMenu';
import { useUserActions } from './UserDialogs';
import { UserStatusBadge } from './UserStatus';

const PAGE_SIZE = 20;
const FILTERS = ['all', 'normal', 'pending', 'suspended', 'deleted', 'inactive', 'staff'] as const;

/** The users list. */
export default function UsersPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  usePageTitle(t('admin.nav.users'));
  const { filter, query, page, hrefWith } = useListParams('all');
  const list = useQuery({
    queryKey: [ADMIN_KEY, 'users', filter, query, page],
    queryFn: () => fetchPage<AdminUserRow>('users/page', { status: filter === 'all' || filter === 'staff' ? undefined : filter, staff: filter === 'staff' ? 'true' : undefined, query, page, page_size: PAGE_SIZE }),
  });
  const { open, dialogs } = useUserActions();
  const [bulk, setBulk] = useState(false);
  const rows = list.data?.list ?? [];
  return (
    <section aria-labelledby="q-admin-page-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="q-admin-page-title" className="h4 mb-0">{t('admin.nav.users')}</h2>
        <Button size="sm" variant="primary" onClick={() => setBulk(true)}>
          {t('admin.users.bulk_add')}
        </Button>
      </div>
      <FilterTabs filters={FILTERS} current={filter} hrefFor={(f) => hrefWith({ status: f, query })} labelFor={(f) => t(`admin.users.filter_${f}`)} />
      <SearchBox key={query} value={query} placeholder={t('admin.users.search')} onSearch={(q) => void navigate(hrefWith({ query: q }))} />
      {list.isPending ? (
        <PageSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary py-4">{t('admin.common.empty')}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle q-admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.users.name')}</th>
              <th scope="col">{t('admin.users.email')}</th>
              <th scope="col" className="text-end">{t('admin.users.reputation')}</th>
              <th scope="col">{t('admin.users.role')}</th>
              <th scope="col">{t('admin.users.status')}</th>
              <th scope="col">{t('admin.users.joined')}</th>
              <th scope="col"><span className="visually-hidden">{t('admin.users.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.user_id}>
                <td>
                  <Link to={`/admin/users/${u.user_id}`} className="d-inline-flex align-items-center gap-2 text-nowrap">
                    <Avatar src={u.avatar} name={u.display_name} size={24} />
                    <span>{u.display_name}</span>
                  </Link>
                  <div className="small text-body-secondary">@{u.username}</div>
                </td>
                <td className="small q-admin-wrap-cell">{u.e_mail}</td>
                <td className="text-end">{u.rank}</td>
                <td className="text-nowrap">{u.role_name}</td>
                <td><UserStatusBadge status={u.status} until={u.suspended_until} silencedUntil={u.silenced_until} /></td>
                <td className="small text-nowrap"><TimeAgo at={u.created_at} /></td>
                <td className="text-end"><UserActionsMenu user={{ ...u, silenced: (u.silenced_until ?? -1) >= 0 }} onPick={open} /></td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pager page={page} total={list.data?.count ?? 0} pageSize={PAGE_SIZE} hrefFor={(p) => hrefWith({ page: p })} />
      {dialogs}
      <BulkAddDialog
        show={bulk}
        onHide={() => setBulk(false)}
        onAdded={() => {
          setBulk(false);
          void client.invalidateQueries({ queryKey: [ADMIN_KEY, 'users'] });
        }}
      />
    </section>
  );
}
