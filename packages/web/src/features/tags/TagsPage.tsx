/**
 * /tags: every main tag as a card (name, description excerpt, question count, follow button), ordered by
 * popularity, name or age, filtered as the user types (debounced, kept in `?q=`), paged. Server-rendered.
 */
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import { Pager } from '../../components/Pager';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { parsePage } from '../questions/hooks';
import { TAG_ORDERS, TAG_PAGE_SIZE, tagPath, useTagPage, type TagOrder, type TagPageItem } from './api';
import { FollowButton } from './FollowButton';
import './tags.css';

const FILTER_DEBOUNCE_MS = 300;

/** `?order=` of the tag list; unknown values become 'popular'. */
function parseTagOrder(raw: string | null): TagOrder {
  return (TAG_ORDERS as readonly string[]).includes(raw ?? '') ? (raw as TagOrder) : 'popular';
}

/** A tag list URL; defaults are left out. */
function tagsHref(order: TagOrder, page: number, q: string): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (order !== 'popular') p.set('order', order);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `/tags?${qs}` : '/tags';
}

/** One tag card. */
function TagCard({ tag }: { tag: TagPageItem }) {
  const { t } = useTranslation();
  return (
    <Card className="h-100 shadow-sm q-tag-card">
      <Card.Body className="d-flex flex-column gap-2">
        <div className="d-flex align-items-start justify-content-between gap-2">
          <Link to={tagPath(tag.slug_name)} className="q-tag badge rounded-pill text-decoration-none fs-6">
            {tag.display_name || tag.slug_name}
          </Link>
          <FollowButton tagId={tag.tag_id} followed={tag.is_follower} tagName={tag.display_name || tag.slug_name} />
        </div>
        <p className="q-tag-excerpt small text-body-secondary mb-0 flex-grow-1">{tag.excerpt || <span className="fst-italic">{t('tag_pages.no_description')}</span>}</p>
        <div className="small text-body-secondary d-flex flex-wrap gap-3">
          <span>{t('tag_pages.questions', { count: tag.question_count, formatted: formatCount(tag.question_count) })}</span>
          <span>{t('tag_pages.followers', { count: tag.follow_count, formatted: formatCount(tag.follow_count) })}</span>
        </div>
      </Card.Body>
    </Card>
  );
}

/** Placeholder card while the list loads for more than a second. */
function TagCardSkeleton() {
  return (
    <Card className="h-100 shadow-sm" aria-hidden="true">
      <Card.Body>
        <div className="q-skeleton mb-3" style={{ height: 18, width: '40%' }} />
        <div className="q-skeleton mb-2" style={{ height: 12, width: '95%' }} />
        <div className="q-skeleton mb-3" style={{ height: 12, width: '70%' }} />
        <div className="q-skeleton" style={{ height: 12, width: '50%' }} />
      </Card.Body>
    </Card>
  );
}

/** The tag list page. */
export default function TagsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const order = parseTagOrder(params.get('order'));
  const page = parsePage(params.get('page'));
  const q = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(q);
  const { user } = useCurrentUser();
  const { data, isPending, isError, isPlaceholderData, refetch } = useTagPage(order, page, q);
  const showSkeleton = useDelayedFlag(isPending);
  usePageTitle(t('tag_pages.list_title'));

  // The server renders the anonymous view; fetch the viewer's follow states once the user is known.
  useEffect(() => {
    if (user) void refetch();
  }, [user?.id]);

  // Keep the box in step with the URL (back / forward), and the URL with the box (debounced, no history spam).
  useEffect(() => setTyped(q), [q]);
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const timer = setTimeout(() => setParams(new URLSearchParams(tagsHref(order, 1, next).split('?')[1] ?? ''), { replace: true }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <div className="container">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <div>
          <h1 className="h3 mb-1">{t('tag_pages.list_title')}</h1>
          <p className="text-body-secondary small mb-0">{t('tag_pages.list_intro')}</p>
        </div>
        {isStaff(user) ? (
          <Link to="/tags/create" className="btn btn-primary">
            {t('tag_pages.create')}
          </Link>
        ) : null}
      </div>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <Form role="search" className="q-tag-filter" onSubmit={(e) => e.preventDefault()}>
          <Form.Label htmlFor="q-tag-filter" className="visually-hidden">
            {t('tag_pages.filter_label')}
          </Form.Label>
          <Form.Control id="q-tag-filter" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('tag_pages.filter_placeholder')} maxLength={35} autoComplete="off" />
        </Form>
        <Nav variant="underline" className="flex-nowrap" aria-label={t('tag_pages.sort_label')}>
          {TAG_ORDERS.map((o) => (
            <Nav.Item key={o}>
              <Nav.Link as={Link} to={tagsHref(o, 1, q)} active={o === order} aria-current={o === order ? 'page' : undefined}>
                {t(`tag_pages.order.${o}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </div>
      {isError && !data ? <Alert variant="danger">{t('tag_pages.load_failed')}</Alert> : null}
      <div aria-busy={isPending || isPlaceholderData} aria-live="polite" className={isPlaceholderData ? 'opacity-75' : ''}>
        {data ? <p className="visually-hidden">{t('tag_pages.count', { count: data.count })}</p> : null}
        {data && data.list.length === 0 ? (
          <Card body className="text-center py-5">
            <p className="h5 mb-2">{q ? t('tag_pages.empty_filtered', { q }) : t('tag_pages.empty')}</p>
            {q ? (
              <Link to={tagsHref(order, 1, '')} className="btn btn-outline-primary mt-2">
                {t('tag_pages.clear_filter')}
              </Link>
            ) : null}
          </Card>
        ) : null}
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3">
          {isPending && showSkeleton ? Array.from({ length: 8 }, (_, i) => <div className="col" key={i}><TagCardSkeleton /></div>) : null}
          {data?.list.map((tag) => (
            // The server's card is kept at hydration; a member's (its follow button) renders once the member is known (components/HydrateLater.tsx).
            <HydrateLater className="col" key={tag.tag_id} watch={[tag, user, i18n.language]}>
              <TagCard tag={tag} />
            </HydrateLater>
          ))}
        </div>
        {isPending && !showSkeleton ? <div style={{ minHeight: 240 }} /> : null}
      </div>
      {data ? (
        <div className="d-flex justify-content-center mt-4">
          <Pager page={page} total={data.count} pageSize={TAG_PAGE_SIZE} hrefFor={(p) => tagsHref(order, p, q)} />
        </div>
      ) : null}
    </div>
  );
}
