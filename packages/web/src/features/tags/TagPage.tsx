/**
 * /tags/{tagName}: a tag's header (name, excerpt, counts, follow, synonyms, links to the wiki and edit) and
 * the questions filed under it, with the question list's orders and paging. A synonym redirects to its main
 * tag. Server-rendered with the tag and the first page of questions.
 */
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { HydrateLater } from '../../components/HydrateLater';
import { Link } from '../../components/Link';
import type { QuestionOrder } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager } from '../../components/Pager';
import { useCurrentUser } from '../../lib/auth';
import { formatCount } from '../../lib/format';
import { permalinkStyle, useSiteInfo } from '../../lib/site';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import { PAGE_SIZE, parseOrder, parsePage, useQuestionPage } from '../questions/hooks';
import { QuestionRow, QuestionRowSkeleton } from '../questions/QuestionRow';
import { tagPath, useTagInfo, useTagSynonyms } from './api';
import { FollowButton } from './FollowButton';
import './tags.css';
import { NotYetButton } from '../post-actions/NotYetButton';
import { refusal, usePermissions } from '../post-actions/usePermissions';

// 'featured': questions with an open bounty (features/bounty), as on the question list.
const TABS: QuestionOrder[] = ['newest', 'active', 'frequent', 'score', 'unanswered', 'featured'];

function tagHref(slug: string, order: QuestionOrder, page: number): string {
  const p = new URLSearchParams();
  if (order !== 'newest') p.set('order', order);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `${tagPath(slug)}?${qs}` : tagPath(slug);
}

/** The tag page. */
export default function TagPage() {
  const { t, i18n } = useTranslation();
  const { tagName = '' } = useParams();
  const [params] = useSearchParams();
  const order = parseOrder(params.get('order'));
  const page = parsePage(params.get('page'));
  const { user } = useCurrentUser();
  const permalink = permalinkStyle(useSiteInfo());
  const info = useTagInfo({ name: tagName });
  const tag = info.data;
  const isMain = !!tag && !tag.main_tag_slug_name;
  const slug = tag?.slug_name ?? tagName;
  const questions = useQuestionPage(order, page, isMain ? slug : undefined);
  const synonyms = useTagSynonyms(isMain && tag.status === 'available' ? tag.tag_id : undefined);
  const showSkeleton = useDelayedFlag(info.isPending || questions.isPending);
  const name = tag?.display_name || tagName;
  usePageTitle(page > 1 ? `[${name}] (${t('pager.page_n', { page })})` : `[${name}]`);

  // The server renders the anonymous view; fetch the viewer's follow state and actions once known.
  const { refetch } = info;
  useEffect(() => {
    if (user) void refetch();
  }, [user?.id, refetch]);

  // Not earned yet: the edit action is shown disabled with the reputation it needs (GET /permission).
  const editWhy = refusal(usePermissions(['tag.edit']), 'tag.edit');

  if (tag?.main_tag_slug_name) return <Navigate to={tagHref(tag.main_tag_slug_name, order, page)} replace />;
  if (info.isError) {
    return (
      <div className="container">
        <Alert variant="danger">{t('tag_pages.load_failed')}</Alert>
      </div>
    );
  }
  if (!tag) return showSkeleton ? <PageSpinner /> : <div className="container" style={{ minHeight: 320 }} />;

  const canEdit = tag.member_actions?.some((a) => a.action === 'edit');
  const list = questions.data;
  return (
    <div className="container">
      <header className="mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h1 className="h3 mb-0 text-break">{t('tag_pages.tagged_title', { tag: name })}</h1>
          {tag.status === 'deleted' ? <Badge bg="danger">{t('tag_pages.deleted_badge')}</Badge> : null}
          {tag.reserved ? <Badge bg="secondary">{t('tag_pages.reserved_badge')}</Badge> : null}
          {tag.recommend ? <Badge bg="success">{t('tag_pages.recommended_badge')}</Badge> : null}
          <div className="ms-auto d-flex gap-2">
            <FollowButton tagId={tag.tag_id} followed={tag.is_follower} tagName={name} />
            {canEdit ? (
              <Link to={`/tags/${tag.tag_id}/edit`} className="btn btn-sm btn-outline-secondary">
                {t('tag_pages.edit')}
              </Link>
            ) : editWhy && tag.status !== 'deleted' ? (
              <NotYetButton label={t('tag_pages.edit')} reason={editWhy} className="btn btn-sm btn-outline-secondary" />
            ) : null}
          </div>
        </div>
        <p className="text-body-secondary mb-2 text-break">{tag.excerpt || t('tag_pages.no_description')}</p>
        <div className="d-flex flex-wrap align-items-center gap-3 small">
          <span className="text-body-secondary">{t('tag_pages.questions', { count: tag.question_count, formatted: formatCount(tag.question_count) })}</span>
          <span className="text-body-secondary">{t('tag_pages.followers', { count: tag.follow_count, formatted: formatCount(tag.follow_count) })}</span>
          <Link to={tagPath(tag.slug_name, 'info')}>{t('tag_pages.wiki_link')}</Link>
        </div>
        {synonyms.data?.synonyms.length ? (
          <p className="small mt-2 mb-0">
            <span className="text-body-secondary me-2">{t('tag_pages.synonyms_label')}</span>
            {synonyms.data.synonyms.map((s) => (
              <span key={s.tag_id} className="badge rounded-pill bg-body-tertiary text-body border me-1 fw-normal">
                {s.slug_name}
              </span>
            ))}
          </p>
        ) : null}
      </header>
      {/* The order tabs and the page links are links only: the server's markup is kept at hydration (components/HydrateLater.tsx). */}
      <HydrateLater watch={[tag.slug_name, order, i18n.language]}>
        <Nav variant="underline" className="mb-2 flex-nowrap overflow-auto" aria-label={t('question_list.sort_label')}>
          {TABS.map((o) => (
            <Nav.Item key={o}>
              <Nav.Link as={Link} to={tagHref(tag.slug_name, o, 1)} active={o === order} aria-current={o === order ? 'page' : undefined} className="text-nowrap">
                {o === 'featured' ? t('bounty.featured') : t(`question_list.order.${o}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </HydrateLater>
      <Card className={`shadow-sm ${questions.isPlaceholderData ? 'opacity-75' : ''}`} aria-busy={questions.isPending || questions.isPlaceholderData}>
        {questions.isError && !list ? (
          <Alert variant="danger" className="m-3">
            {t('question_list.load_failed')}
          </Alert>
        ) : null}
        {questions.isPending ? showSkeleton ? Array.from({ length: 5 }, (_, i) => <QuestionRowSkeleton key={i} />) : <div style={{ minHeight: 240 }} /> : null}
        {list && list.list.length === 0 ? (
          <div className="text-center py-5 px-3">
            <p className="h5 mb-2">{t('tag_pages.no_questions')}</p>
            <Link to="/questions/ask" className="btn btn-outline-primary mt-2">
              {t('question_list.empty.cta')}
            </Link>
          </div>
        ) : null}
        {list?.list.map((q) => <QuestionRow key={q.id} q={q} permalink={permalink} />)}
      </Card>
      {list ? (
        <HydrateLater className="d-flex justify-content-center mt-3" watch={[tag.slug_name, page, list.count, order, i18n.language]}>
          <Pager page={page} total={list.count} pageSize={PAGE_SIZE} hrefFor={(p) => tagHref(tag.slug_name, order, p)} />
        </HydrateLater>
      ) : null}
    </div>
  );
}
