import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../lib/auth';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { longId, PinState, PostStatus } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager } from '../../components/Pager';
import { StatusBadge } from '../../components/StatusBadge';
import { TagList } from '../../components/TagLink';
import { TimeAgo } from '../../components/TimeAgo';
import { ApiError } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useDelayedFlag } from '../../lib/useDelayedFlag';
import { usePageTitle } from '../../lib/usePageTitle';
import type { AnswerInfo, PageData, QuestionInfo } from '../../lib/types';
import NotFoundPage from '../errors/NotFoundPage';
import { AnswerItem } from './AnswerItem';
import { LiveBanner } from './LiveBanner';
import { answerPageKey, isAnswerPageKeyOf, PAGE_SIZE, parsePage, questionInfoKey, useAnswerInfo, useAnswerPage, useQuestionInfo } from './hooks';
import { AfterHydration, AnswerSection, Comments, PostToolbar, PostVote, QuestionAside } from './lazyParts';
import { AuthorCard, VoteCount } from './PostParts';
import { WikiCard, wikiHistoryHref } from '../wiki/WikiCard';
import { DuplicateOf, type DuplicateTarget } from './DuplicateOf';
import { LockNotice, lockOf } from '../lock/LockNotice';
import { ClosedBy } from '../close-vote/ClosedBy';
import { CloseVoteBar } from '../close-vote/lazy';
import { BountyBar } from '../bounty/lazy';
import { StagingNotice } from '../staging/lazy';

/**
 * `/questions/:qid`, `/questions/:qid/:slug`, `/questions/:qid/:slug/:aid`: a question, its answers 20 per page
 * (`?page=`), and the answer form. With `:aid` the page scrolls to that answer and highlights it; when that answer
 * is not on the page shown (answers are ordered accepted first, then by votes, so the server cannot say its page
 * from the id alone), it is read with GET /answer/info and shown above the list, and the pager still reaches all.
 */
export default function QuestionPage() {
  const { t } = useTranslation();
  // Permalink styles 3 and 4 carry Answer's short ids: the API takes the long ones.
  const params0 = useParams();
  const qid = longId(params0.qid ?? '') ?? params0.qid ?? '';
  const aid = params0.aid ? (longId(params0.aid) ?? params0.aid) : undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const page = parsePage(params.get('page'));
  const question = useQuestionInfo(qid);
  const answers = useAnswerPage(qid, page);
  const [highlight, setHighlight] = useState<string | undefined>(aid);
  const showSpinner = useDelayedFlag(question.isPending);
  const q = question.data;
  usePageTitle(q?.title);
  const onPage = !!aid && !!answers.data?.list.some((a) => a.id === aid);
  const linked = useAnswerInfo(aid, !!answers.data && !onPage && !answers.isPlaceholderData);
  const linkedAnswer = !onPage && linked.data?.info?.question_id === qid ? linked.data.info : undefined;
  // Every post on the page, for the one batched read of comments and one of reactions.
  const pageIds = useMemo(
    () => [qid, ...(linkedAnswer ? [linkedAnswer.id] : []), ...(answers.data?.list.map((a) => a.id) ?? [])],
    [qid, linkedAnswer, answers.data],
  );

  useEffect(() => setHighlight(aid), [aid]);

  // The server renders the anonymous view; once a user is known, fetch their own state (answered, votes, bookmarks).
  const { user } = useCurrentUser();
  const viewerId = user?.id;
  useEffect(() => {
    if (!viewerId || !qid) return;
    void queryClient.invalidateQueries({ queryKey: [questionInfoKey(qid)] });
    void queryClient.invalidateQueries({ predicate: (query) => isAnswerPageKeyOf(qid, query.queryKey[0]) });
  }, [viewerId, qid, queryClient]);

  // Scroll to the answer named in the URL (or just posted) once it is on screen.
  useEffect(() => {
    if (!highlight || !answers.data) return;
    document.getElementById(`answer-${highlight}`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [highlight, answers.data, linkedAnswer]);

  if (question.isError) {
    if (question.error instanceof ApiError && question.error.status === 404) return <NotFoundPage />;
    return (
      <div className="container">
        <Alert variant="danger">{t('question.load_failed')}</Alert>
      </div>
    );
  }
  if (q === null) return <NotFoundPage />;
  if (!q) return showSpinner ? <PageSpinner /> : null;

  const onPosted = (answer: AnswerInfo) => {
    const current = answers.data;
    queryClient.setQueryData<QuestionInfo>([questionInfoKey(qid)], (old) => (old ? { ...old, answer_count: old.answer_count + 1, answered: true } : old));
    if (current && current.list.length < PAGE_SIZE) {
      queryClient.setQueryData<PageData<AnswerInfo>>([answerPageKey(qid, page)], { count: current.count + 1, list: [...current.list, answer] });
    } else {
      const last = Math.ceil(((current?.count ?? 0) + 1) / PAGE_SIZE);
      void queryClient.invalidateQueries({ predicate: (query) => isAnswerPageKeyOf(qid, query.queryKey[0]) });
      void navigate(`${location.pathname}?page=${last}`);
    }
    setHighlight(answer.id);
  };

  const answerCount = answers.data?.count ?? q.answer_count;
  const pageHref = (p: number) => (p > 1 ? `${location.pathname}?page=${p}` : location.pathname);

  return (
    <div className="container">
      <div className="row g-4">
        <div className="col-lg-9 min-w-0">
          <article aria-labelledby="q-question-title">
            <header className="border-bottom pb-3 mb-3">
              <h1 id="q-question-title" className="h3 mb-2 text-break">
                {q.pin === PinState.pinned ? (
                  <Badge bg="info" text="dark" className="me-2 align-middle fs-6">
                    {t('question_list.pinned')}
                  </Badge>
                ) : null}
                {q.title}
                <StatusBadge status={q.status} show={q.show} className="ms-2 align-middle fs-6" />
              </h1>
              <dl className="d-flex flex-wrap gap-3 small text-body-secondary mb-0">
                <div className="d-flex gap-1">
                  <dt className="fw-normal">{t('question.asked')}</dt>
                  <dd className="mb-0 text-body">
                    <TimeAgo at={q.created_at} />
                  </dd>
                </div>
                {q.edit_time && q.edit_time > q.created_at ? (
                  <div className="d-flex gap-1">
                    <dt className="fw-normal">{t('question.modified')}</dt>
                    <dd className="mb-0 text-body">
                      <TimeAgo at={q.edit_time} />
                    </dd>
                  </div>
                ) : null}
                <div className="d-flex gap-1">
                  <dt className="fw-normal">{t('question.viewed')}</dt>
                  <dd className="mb-0 text-body">{t('question.times', { count: q.view_count, formatted: formatCount(q.view_count) })}</dd>
                </div>
              </dl>
            </header>
            {q.status === PostStatus.pending ? <Alert variant="warning">{t('status.pending_message')}</Alert> : null}
            {q.status === PostStatus.pending ? <AfterHydration><StagingNotice questionId={q.id} /></AfterHydration> : null}
            {q.status === PostStatus.closed ? (
              <Alert variant="warning">
                {t('status.closed_message')}
                {q.operation?.name ? <div className="fw-semibold mt-1">{q.operation.name}</div> : null}
                {q.operation?.msg ? <DuplicateOf className="mt-1" text={q.operation.msg} target={(q.operation as { duplicate?: DuplicateTarget }).duplicate} /> : null}
                <ClosedBy question={q} />
              </Alert>
            ) : null}
            <LockNotice post={q} question />
            <div className="d-flex gap-3">
              <AfterHydration fallback={<VoteCount count={q.vote_count} />}>
                <PostVote question={q} />
              </AfterHydration>
              <div className="flex-grow-1 min-w-0">
                <div className="q-post" dangerouslySetInnerHTML={{ __html: q.html }} />
                <TagList tags={q.tags} className="mt-3" />
                <div className="d-flex flex-wrap align-items-end gap-2">
                  <div className="flex-grow-1 q-toolbar-slot q-toolbar-slot-question">
                    <AfterHydration>
                      <PostToolbar question={q} pageIds={pageIds} />
                    </AfterHydration>
                  </div>
                  <div className="mt-3 ms-auto">
                    {q.wiki ? <WikiCard editors={q.wiki_editor_count ?? 1} at={q.created_at} verb={t('question.asked')} href={wikiHistoryHref(q.id)} /> : <AuthorCard user={q.user_info} at={q.created_at} verb={t('question.asked')} highlight />}
                  </div>
                </div>
                <AfterHydration>
                  <CloseVoteBar question={q} />
                </AfterHydration>
                <AfterHydration>
                  <BountyBar question={q} />
                </AfterHydration>
                <AfterHydration fallback={<div className="q-comments-slot" />}>
                  <Comments objectId={q.id} pageIds={pageIds} locked={!!lockOf(q)} />
                </AfterHydration>
              </div>
            </div>
          </article>

          <section className="mt-4" aria-labelledby="q-answers-heading">
            <h2 id="q-answers-heading" className="h5 border-bottom pb-2 mb-0">
              {t('question.answer_count', { count: answerCount, formatted: formatCount(answerCount) })}
            </h2>
            {viewerId ? <LiveBanner questionId={qid} viewerId={viewerId} /> : null}
            {answers.isPending ? <PageSpinner /> : null}
            {answers.isError && !answers.data ? <Alert variant="danger" className="mt-3">{t('question.answers_failed')}</Alert> : null}
            {linkedAnswer ? (
              <div className="border-bottom border-2">
                <p className="small text-body-secondary mt-3 mb-0">{t('qa_page.linked_answer')}</p>
                <AnswerItem answer={linkedAnswer} question={q} highlight={linkedAnswer.id === highlight} pageIds={pageIds} />
              </div>
            ) : null}
            {answers.data && !answers.data.count && !linkedAnswer ? <p className="text-body-secondary py-4 mb-0">{t('qa_page.no_answers')}</p> : null}
            <div className={answers.isPlaceholderData ? 'opacity-75' : ''} aria-busy={answers.isPlaceholderData}>
              {answers.data?.list.map((a) => <AnswerItem key={a.id} answer={a} question={q} highlight={a.id === highlight} pageIds={pageIds} />)}
            </div>
            {answers.data ? (
              <div className="d-flex justify-content-center mt-3">
                <Pager page={page} total={answers.data.count} pageSize={PAGE_SIZE} hrefFor={pageHref} label={t('question.answers_pager')} />
              </div>
            ) : null}
          </section>

          <AnswerSection question={q} onPosted={onPosted} />
        </div>
        <div className="col-lg-3">
          <AfterHydration>
            <QuestionAside question={q} />
          </AfterHydration>
        </div>
      </div>
    </div>
  );
}
