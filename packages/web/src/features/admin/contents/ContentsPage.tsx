/**
 * /admin/questions and /admin/answers (spec §2; GET /admin/api/question/page, /answer/page, PUT …/status):
 * status tabs (normal, closed for questions, deleted, pending), search by title, id or `user:<username>`,
 * paging, and status changes one by one or in bulk, each confirmed. Every row links to the post.
 */
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/Link';
import { questionPath } from '@quorum/contract';
import { PageSpinner } from '../../../components/PageSpinner';
import { Pager } from '../../../components/Pager';
import { TimeAgo } from '../../../components/TimeAgo';
import { ApiError } from '../../../lib/api';
import { permalinkStyle, useSiteInfo } from '../../../lib/site';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/usePageTitle';
import { ADMIN_KEY, fetchPage, setPostStatus, type AdminAnswerItem, type AdminQuestionItem } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';
import { FilterTabs, SearchBox, useListParams } from '../ListControls';

type Kind = 'question' | 'answer';
type Row = AdminQuestionItem | AdminAnswerItem;
const PAGE_SIZE = 20;
const FILTERS: Record<Kind, readonly string[]> = { question: ['normal', 'closed', 'deleted', 'pending'], answer: ['normal', 'deleted', 'pending'] };

/** Status changes offered for a row in a given status (`available` restores, approves or reopens). */
function actionsFor(kind: Kind, status: string): string[] {
  if (status === 'deleted' || status === 'pending') return ['available'];
  return kind === 'question' && status === 'normal' ? ['closed', 'deleted'] : kind === 'question' ? ['available', 'deleted'] : ['deleted'];
}

/** The post's public address under the site's permalink style, with the server's slug (no redirect). */
function postLink(kind: Kind, row: Row, style: number): string {
  if (kind === 'question') {
    const q = row as AdminQuestionItem;
    return questionPath(q.id, q.title, style, undefined, q.url_title);
  }
  const a = row as AdminAnswerItem;
  return questionPath(a.question_id, a.question_info?.title ?? '', style, a.id, a.question_info?.url_title);
}

/** The questions or answers list. */
export default function ContentsPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const style = permalinkStyle(useSiteInfo());
  const title = t(`admin.nav.${kind}s`);
  usePageTitle(title);
  const { filter, query, page, hrefWith } = useListParams('normal');
  const key = [ADMIN_KEY, kind, filter, query, page];
  const list = useQuery({ queryKey: key, queryFn: () => fetchPage<Row>(kind === 'question' ? 'question/page' : 'answer/page', { status: filter, query, page, page_size: PAGE_SIZE }) });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<{ ids: string[]; status: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSelected(new Set()), [filter, query, page]);
  const rows = list.data?.list ?? [];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) => setSelected((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
  const bulkActions = actionsFor(kind, filter);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await setPostStatus(kind, pending.ids, pending.status);
      toast(t('admin.contents.changed', { count: pending.ids.length }), 'success');
      setSelected(new Set());
      setPending(null);
      await client.invalidateQueries({ queryKey: [ADMIN_KEY, kind] });
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast(err instanceof Error ? err.message : t('admin.form.save_failed'), 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="q-admin-page-title">
      <h2 id="q-admin-page-title" className="h4 mb-3">{title}</h2>
      <FilterTabs filters={FILTERS[kind]} current={filter} hrefFor={(f) => hrefWith({ status: f, query })} labelFor={(f) => t(`admin.contents.status_${f}`)} />
      <SearchBox key={query} value={query} placeholder={t(`admin.contents.search_${kind}`)} onSearch={(q) => void navigate(hrefWith({ query: q }))} />
      {selected.size > 0 && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2 q-admin-bulk" role="region" aria-label={t('admin.contents.bulk')}>
          <span className="small">{t('admin.contents.selected', { count: selected.size })}</span>
          {bulkActions.map((s) => (
            <Button key={s} size="sm" variant={s === 'deleted' ? 'outline-danger' : 'outline-secondary'} onClick={() => setPending({ ids: [...selected], status: s })}>
              {t(`admin.contents.action_${s}`)}
            </Button>
          ))}
        </div>
      )}
      {list.isPending ? (
        <PageSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary py-4">{t('admin.common.empty')}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle q-admin-table">
          <thead>
            <tr>
              <th scope="col" className="q-admin-check">
                <Form.Check aria-label={t('admin.contents.select_all')} checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))} />
              </th>
              <th scope="col">{kind === 'question' ? t('admin.contents.post') : t('admin.contents.answer')}</th>
              <th scope="col" className="text-end">{t('admin.contents.votes')}</th>
              {kind === 'question' && <th scope="col" className="text-end">{t('admin.contents.answers')}</th>}
              <th scope="col">{t('admin.contents.author')}</th>
              <th scope="col">{t('admin.contents.created')}</th>
              <th scope="col"><span className="visually-hidden">{t('admin.contents.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const q = row as AdminQuestionItem;
              const a = row as AdminAnswerItem;
              const text = kind === 'question' ? q.title : a.description;
              return (
                <tr key={row.id}>
                  <td className="q-admin-check">
                    <Form.Check aria-label={t('admin.contents.select_row', { title: text.slice(0, 60) })} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                  </td>
                  <td className="q-admin-title-cell">
                    <Link to={postLink(kind, row, style)} target="_blank" rel="noopener">
                      {kind === 'question' ? q.title : a.question_info?.title}
                    </Link>
                    {kind === 'answer' && <div className="small text-body-secondary text-truncate q-admin-excerpt">{a.description}</div>}
                  </td>
                  <td className="text-end">{row.vote_count}</td>
                  {kind === 'question' && <td className="text-end">{q.answer_count}</td>}
                  <td className="text-nowrap">
                    {row.user_info ? <Link to={`/users/${encodeURIComponent(row.user_info.username)}`}>{row.user_info.display_name || row.user_info.username}</Link> : null}
                  </td>
                  <td className="text-nowrap small"><TimeAgo at={row.create_time} /></td>
                  <td className="text-end text-nowrap">
                    {actionsFor(kind, row.status).map((s) => (
                      <Button key={s} size="sm" variant="link" className={`p-0 ms-2${s === 'deleted' ? ' text-danger' : ''}`} onClick={() => setPending({ ids: [row.id], status: s })}>
                        {t(`admin.contents.action_${s}`)}
                      </Button>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <Pager page={page} total={list.data?.count ?? 0} pageSize={PAGE_SIZE} hrefFor={(p) => hrefWith({ page: p })} />
      <ConfirmDialog
        show={!!pending}
        title={t(`admin.contents.confirm_title_${pending?.status ?? 'deleted'}`)}
        message={t(`admin.contents.confirm_${kind}`, { count: pending?.ids.length ?? 0 })}
        confirmLabel={t(`admin.contents.action_${pending?.status ?? 'deleted'}`)}
        variant={pending?.status === 'deleted' ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
