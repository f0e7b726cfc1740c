/**
 * /search: free text with operators (`[tag]`, `is:answer`, `is:question`, `score:N`, `user:name`,
 * `answers:N`; spec §3), four orders, numbered pages, question and answer rows, the tag's box when the query
 * names one tag, and a tips panel. A `cache:<url>` query naming this site goes to that page (spec §2).
 */
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { Pager } from '../../components/Pager';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { QuestionRowSkeleton } from '../questions/QuestionRow';
import { parsePage } from '../questions/hooks';
import { FollowButton } from '../tags/FollowButton';
import { tagPath } from '../tags/api';
import { cacheRedirectTarget, SEARCH_ORDERS, SEARCH_PAGE_SIZE, useSearch, type SearchOrder, type SearchResult } from './api';
import { SearchResultRow } from './SearchResultRow';
import { SearchTips } from './SearchTips';

function parseSearchOrder(raw: string | null): SearchOrder {
  return (SEARCH_ORDERS as readonly string[]).includes(raw ?? '') ? (raw as SearchOrder) : 'relevance';
}

function searchHref(q: string, order: SearchOrder, page: number): string {
  const p = new URLSearchParams({ q });
  if (order !== 'relevance') p.set('order', order);
  if (page > 1) p.set('page', String(page));
  return `/search?${p.toString()}`;
}

/** The tag named by a single-tag query: name, excerpt, counts, follow and links. */
function TagBox({ tag }: { tag: NonNullable<SearchResult['extra']> }) {
  const { t } = useTranslation();
  const name = tag.display_name || tag.slug_name;
  return (
    <Card className="shadow-sm mb-3" as="section" aria-label={t('search_page.tag_box_label', { tag: name })}>
      <Card.Body className="d-flex flex-column flex-sm-row gap-3">
        <div className="flex-grow-1 min-w-0">
          <Link to={tagPath(tag.slug_name)} className="q-tag badge rounded-pill text-decoration-none fs-6 mb-2">
            {name}
          </Link>
          <p className="small text-body-secondary mb-2 text-break">{tag.excerpt || t('tag_pages.no_description')}</p>
          <div className="small d-flex flex-wrap gap-3">
            <span className="text-body-secondary">{t('tag_pages.questions', { count: tag.question_count, formatted: formatCount(tag.question_count) })}</span>
            <Link to={tagPath(tag.slug_name, 'info')}>{t('tag_pages.wiki_link')}</Link>
          </div>
        </div>
        <div className="flex-shrink-0">
          <FollowButton tagId={tag.tag_id} followed={tag.is_follower} tagName={name} />
        </div>
      </Card.Body>
    </Card>
  );
}

/** The search page. */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const order = parseSearchOrder(params.get('order'));
  const page = parsePage(params.get('page'));
  const site = useSiteInfo();
  const permalink = permalinkStyle(site);
  const [typed, setTyped] = useState(q);
  const redirect = typeof window === 'undefined' ? null : cacheRedirectTarget(q, window.location.origin, site.general?.site_url);
  const hasQuery = !!q.trim() && !redirect;
  const search = useSearch(hasQuery ? q : '', order, page);
  // A disabled query may still hold the previous results as placeholder: show nothing without a query.
  const data = hasQuery ? search.data : undefined;
  const { isFetching, isError, isPlaceholderData } = search;
  const loading = hasQuery && search.isPending;
  const showSkeleton = useDelayedFlag(loading);
  usePageTitle(q.trim() ? t('search_page.title_for', { q: q.trim() }) : t('search_page.title'));

  useEffect(() => setTyped(q), [q]);
  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = typed.trim();
    if (next) void navigate(searchHref(next, order, 1));
  };

  const countText = data ? t('search_page.count', { count: data.count, formatted: formatCount(data.count), q: q.trim() }) : isFetching ? t('common.loading') : '';
  if (redirect) return null;
  return (
    <div className="container">
      <Row className="g-4">
        <Col lg={9}>
          <h1 className="h3 mb-3">{t('search_page.title')}</h1>
          <Form role="search" onSubmit={submit} className="mb-3">
            <Form.Label htmlFor="q-search-page-input" className="visually-hidden">
              {t('search_page.input_label')}
            </Form.Label>
            <InputGroup>
              <Form.Control id="q-search-page-input" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('search_page.placeholder')} maxLength={512} autoComplete="off" />
              <Button type="submit">{t('search_page.submit')}</Button>
            </InputGroup>
          </Form>
          {data?.extra ? <TagBox tag={data.extra} /> : null}
          {hasQuery ? (
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
              <p className="q-search-count text-body-secondary small mb-0 text-truncate" aria-live="polite" title={countText || undefined}>
                {countText || '\u00a0'}
              </p>
              <Nav variant="underline" className="flex-nowrap overflow-auto" aria-label={t('search_page.sort_label')}>
                {SEARCH_ORDERS.map((o) => (
                  <Nav.Item key={o}>
                    <Nav.Link as={Link} to={searchHref(q, o, 1)} active={o === order} aria-current={o === order ? 'page' : undefined} className="text-nowrap">
                      {t(`search_page.order.${o}`)}
                    </Nav.Link>
                  </Nav.Item>
                ))}
              </Nav>
            </div>
          ) : null}
          {!hasQuery ? (
            <Card body className="text-center py-5">
              <p className="h5 mb-2">{t('search_page.start_title')}</p>
              <p className="text-body-secondary mb-0">{t('search_page.start_message')}</p>
            </Card>
          ) : (
            <Card className={`shadow-sm ${isPlaceholderData ? 'opacity-75' : ''}`} aria-busy={loading || isPlaceholderData}>
              {isError && !data ? (
                <Alert variant="danger" className="m-3">
                  {t('search_page.failed')}
                </Alert>
              ) : null}
              {/* While the results load, the tips and the footer wait (app.css), so they are not pushed down when the results come. */}
              {loading ? <div className="q-search-pending">{showSkeleton ? Array.from({ length: 5 }, (_, i) => <QuestionRowSkeleton key={i} />) : null}</div> : null}
              {data && data.list.length === 0 ? (
                <div className="text-center py-5 px-3">
                  <p className="h5 mb-2">{t('search_page.empty_title')}</p>
                  <p className="text-body-secondary mb-3">{t('search_page.empty_message')}</p>
                  <Link to="/questions/ask" className="btn btn-outline-primary">
                    {t('search_page.ask')}
                  </Link>
                </div>
              ) : null}
              {data?.list.map((hit) => <SearchResultRow key={`${hit.object_type}-${hit.object.id}`} hit={hit} permalink={permalink} />)}
            </Card>
          )}
          {data ? (
            <div className="d-flex justify-content-center mt-3">
              <Pager page={page} total={data.count} pageSize={SEARCH_PAGE_SIZE} hrefFor={(p) => searchHref(q, order, p)} />
            </div>
          ) : null}
        </Col>
        {/* Under the results on a phone: shown with them, not pushed down (or pulled up) when they come. */}
        <Col lg={3}>{loading ? null : <SearchTips />}</Col>
      </Row>
    </div>
  );
}
