import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import type { QuestionOrder } from '@quorum/contract';
import { Pager } from '../../components/Pager';
import { TagList } from '../../components/TagLink';
import { useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { PAGE_SIZE, parseOrder, parsePage, useQuestionPage } from './hooks';
import { QuestionRow, QuestionRowSkeleton } from './QuestionRow';
import { QuestionSidebar } from './QuestionSidebar';
import { useFollowedTags } from '../tags/following';

const TABS: QuestionOrder[] = ['newest', 'active', 'frequent', 'score', 'unanswered', 'featured'];

/** Builds a list URL keeping the tag filter or the followed-tags view; page 1 and order 'newest' are left out. */
function listHref(order: QuestionOrder, page: number, tag?: string, following?: boolean): string {
  const p = new URLSearchParams();
  if (following) p.set('view', 'following');
  if (order !== 'newest') p.set('order', order);
  if (page > 1) p.set('page', String(page));
  if (tag && !following) p.set('tag', tag);
  const qs = p.toString();
  return qs ? `/questions?${qs}` : '/questions';
}

/** `/` and `/questions`: the question list with order tabs, numbered pages and a sidebar (spec §2). */
export default function QuestionListPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const order = parseOrder(params.get('order'));
  const page = parsePage(params.get('page'));
  const tag = params.get('tag')?.trim() || undefined;
  const site = useSiteInfo();
  const permalink = permalinkStyle(site);
  // ?view=following (logged-in users): questions in any followed tag (GET /question/page?tag=a,b).
  const { user } = useCurrentUser();
  const following = !!user && params.get('view') === 'following';
  const followed = useFollowedTags(following);
  const followedSlugs = followed.data?.map((x) => x.slug_name).join(',');
  const list = useQuestionPage(order, page, following ? followedSlugs || undefined : tag);
  const waiting = following && (!followed.data || !followedSlugs);
  const { data, isPending, isError, isPlaceholderData } = waiting ? { data: undefined, isPending: !followed.data, isError: followed.isError, isPlaceholderData: false } : list;
  const showSkeleton = useDelayedFlag(isPending);
  const heading = following ? t('following_view.title') : tag ? t('question_list.tagged_title', { tag }) : t('question_list.title');
  usePageTitle(page > 1 ? `${heading} (${t('pager.page_n', { page })})` : tag ? heading : undefined);

  return (
    <div className="container">
      <Row className="g-4">
        <Col lg={9}>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
            <div>
              <h1 className="h3 mb-1">{heading}</h1>
              {data ? <p className="text-body-secondary small mb-0">{t('question_list.count', { count: data.count, formatted: formatCount(data.count) })}</p> : null}
            </div>
            <Link to="/questions/ask" className="btn btn-primary">
              {t('header.ask')}
            </Link>
          </div>
          {user ? (
            <Nav variant="pills" className="mb-2 small" aria-label={t('following_view.tab')}>
              <Nav.Link as={Link} to={listHref(order, 1)} active={!following && !tag} className="py-1">
                {t('question_list.title')}
              </Nav.Link>
              <Nav.Link as={Link} to={listHref(order, 1, undefined, true)} active={following} aria-current={following ? 'page' : undefined} className="py-1">
                {t('following_view.tab')}
              </Nav.Link>
            </Nav>
          ) : null}
          {following ? <TagList tags={followed.data} className="mb-2" /> : null}
          {/* The order tabs and the page links are links only: the server's markup is kept at hydration (components/HydrateLater.tsx). */}
          <HydrateLater watch={[order, tag, following, i18n.language]}>
            <Nav variant="underline" className="mb-2 flex-nowrap overflow-auto" aria-label={t('question_list.sort_label')}>
              {TABS.map((o) => (
                <Nav.Item key={o}>
                  <Nav.Link as={Link} to={listHref(o, 1, tag, following)} active={o === order} aria-current={o === order ? 'page' : undefined} className="text-nowrap">
                    {o === 'featured' ? t('bounty.featured') : t(`question_list.order.${o}`)}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
          </HydrateLater>
          <Card className={`shadow-sm ${isPlaceholderData ? 'opacity-75' : ''}`} aria-busy={isPending || isPlaceholderData}>
            {isError && !data ? (
              <Alert variant="danger" className="m-3">
                {t('question_list.load_failed')}
              </Alert>
            ) : null}
            {isPending ? showSkeleton ? Array.from({ length: 6 }, (_, i) => <QuestionRowSkeleton key={i} />) : <div style={{ minHeight: 240 }} /> : null}
            {waiting && followed.data ? (
              <div className="text-center py-5 px-3">
                <p className="h5 mb-2">{t('following_view.none_title')}</p>
                <p className="text-body-secondary mb-3">{t('following_view.none_message')}</p>
                <Link to="/tags" className="btn btn-outline-primary">
                  {t('following_view.browse')}
                </Link>
              </div>
            ) : null}
            {data && data.list.length === 0 ? (
              <div className="text-center py-5 px-3">
                <p className="h5 mb-2">{t('question_list.empty.title')}</p>
                <p className="text-body-secondary mb-3">{t('question_list.empty.message')}</p>
                <Link to="/questions/ask" className="btn btn-outline-primary">
                  {t('question_list.empty.cta')}
                </Link>
              </div>
            ) : null}
            {data?.list.map((q) => <QuestionRow key={q.id} q={q} permalink={permalink} />)}
          </Card>
          {data ? (
            <HydrateLater className="d-flex justify-content-center mt-3" watch={[page, data.count, order, tag, following, i18n.language]}>
              <Pager page={page} total={data.count} pageSize={PAGE_SIZE} hrefFor={(p) => listHref(order, p, tag, following)} />
            </HydrateLater>
          ) : null}
        </Col>
        <Col lg={3}>
          <QuestionSidebar site={site} />
        </Col>
      </Row>
    </div>
  );
}
