/**
 * /review (spec §2 "review queue", §6 "use review and moderation"): the queues the viewer may work on (GET
 * /reviewing/type; moderators and administrators get all five, members with the review privilege the
 * suggested edits) as tabs with their counts, and one task of the chosen queue at a time. After an action the
 * next task shows; a task someone else handled first says so clearly and moves on; an empty queue says so.
 * People without a queue get the 403 page. The tab is in the address (`?type=`), so it survives a reload.
 */
import { useEffect, useState, type ComponentType } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { REVIEWING_TYPES } from '@quorum/contract';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../lib/auth';
import { capCount } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/usePageTitle';
import ForbiddenPage from '../errors/ForbiddenPage';
import '../post-actions/strings';
import { isAlreadyHandled, REVIEW_KEY, useReviewingTypes, useReviewTask, type ReviewingTypeName, type TaskByType } from './api';
import { FlaggedPostTask, FlaggedUserTask } from './FlagTasks';
import { QueuedPostTask, QueuedUserTask, SuggestedEditTask, type TaskProps } from './QueueTasks';
import { CloseVoteTask } from '../close-vote/CloseVoteTask';
import { StagingTask } from '../staging/StagingTask';
import './review.css';

/** Tab label keys by queue. */
const TAB_KEY: Record<ReviewingTypeName, string> = {
  suggested_post_edit: 'suggested_edits',
  flagged_post: 'flagged_posts',
  flagged_user: 'flagged_users',
  queued_post: 'queued_posts',
  queued_user: 'queued_users',
  close_vote: 'close_votes',
  staging: 'staging',
};

const TASKS: { [K in ReviewingTypeName]: ComponentType<TaskProps<TaskByType[K]>> } = {
  suggested_post_edit: SuggestedEditTask,
  flagged_post: FlaggedPostTask,
  flagged_user: FlaggedUserTask,
  queued_post: QueuedPostTask,
  queued_user: QueuedUserTask,
  close_vote: CloseVoteTask,
  staging: StagingTask,
};

type Notice = 'done' | 'already' | null;

/** A task's own id (flag, queue entry or revision), so a new task starts with fresh dialogs. */
function taskId(item: unknown): string {
  const x = item as { flag_id?: string; review_id?: string; unreviewed_info?: { id: string }; question?: { id: string } };
  return String(x.flag_id ?? x.review_id ?? x.unreviewed_info?.id ?? x.question?.id ?? '');
}

/** One queue: its current task (skipping moves to the next one), the outcome of the last action, or the empty state. */
function QueuePanel({ type }: { type: ReviewingTypeName }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { data, isPending, isError, refetch, isFetching } = useReviewTask(type, page);
  const count = data?.count ?? 0;
  const item = data?.list[0];

  // Skipped past the end (tasks were handled meanwhile): start again from the first.
  useEffect(() => {
    if (data && !item && page > 1) setPage(1);
  }, [data, item, page]);

  const refresh = () => qc.invalidateQueries({ queryKey: [REVIEW_KEY] });
  const act = async (id: string, call: () => Promise<void>) => {
    setBusy(id);
    setNotice(null);
    try {
      await call();
      setNotice('done');
    } catch (err) {
      if (isAlreadyHandled(err)) setNotice('already');
      else toast(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  if (isPending) return <PageSpinner />;
  if (isError && !data) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">{t('review.load_failed')}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void refetch()}>
          {t('review.retry')}
        </Button>
      </Alert>
    );
  }
  const Task = TASKS[type] as ComponentType<TaskProps<unknown>>;
  return (
    <div className="d-flex flex-column gap-3" aria-busy={isFetching}>
      <div role="status" aria-live="polite">
        {notice === 'already' ? (
          <Alert variant="warning" className="mb-0 py-2" data-testid="review-already-handled">
            {t('review.already_handled')}
          </Alert>
        ) : notice === 'done' && item ? (
          <Alert variant="success" className="mb-0 py-2">
            {t('review.done')}
          </Alert>
        ) : null}
      </div>
      {item ? (
        <>
          <div className="d-flex align-items-center gap-2 small text-body-secondary">
            <span className="flex-grow-1">{t('review.remaining', { count })}</span>
            {count > 1 ? (
              <Button size="sm" variant="link" className="p-0" disabled={!!busy} onClick={() => setPage((p) => (p >= count ? 1 : p + 1))}>
                {t('review.skip')}
              </Button>
            ) : null}
          </div>
          <Task key={taskId(item)} item={item} act={act} busy={busy} />
        </>
      ) : (
        <section className="text-center py-5 border rounded bg-body-tertiary" data-testid="review-empty">
          <svg width="40" height="40" viewBox="0 0 16 16" fill="currentColor" className="text-success mb-3" aria-hidden="true">
            <path d="M16 8A8 8 0 1 1 0 8a8 8 0 0 1 16 0m-3.97-3.03a.75.75 0 0 0-1.08.022L7.477 9.417 5.384 7.323a.75.75 0 0 0-1.06 1.06L6.97 11.03a.75.75 0 0 0 1.079-.02l3.992-4.99a.75.75 0 0 0-.01-1.05z" />
          </svg>
          <h2 className="h5">{t('review.empty_title')}</h2>
          <p className="text-body-secondary mb-0">{t('review.empty')}</p>
        </section>
      )}
    </div>
  );
}

/** The review page. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const types = useReviewingTypes(user?.id ?? null, true);
  usePageTitle(t('review.title'));
  if (types.isPending) return <PageSpinner />;
  const queues = (types.data ?? []).filter((q) => (REVIEWING_TYPES as readonly string[]).includes(q.name)).sort((a, b) => REVIEWING_TYPES.indexOf(a.name) - REVIEWING_TYPES.indexOf(b.name));
  if (!queues.length) return <ForbiddenPage />;
  const asked = params.get('type');
  const current = queues.find((q) => q.name === asked) ?? queues.find((q) => q.todo_amount > 0) ?? queues[0]!;
  return (
    <div className="container q-review">
      <h1 className="h3 mb-3">{t('review.title')}</h1>
      <Nav as="nav" variant="underline" className="mb-3 flex-nowrap overflow-auto q-review-tabs" aria-label={t('review.tabs_label')}>
        {queues.map((q) => (
          <Nav.Item key={q.name}>
            <Nav.Link as={Link} to={`/review?type=${q.name}`} active={q.name === current.name} aria-current={q.name === current.name ? 'page' : undefined} className="text-nowrap d-flex align-items-center gap-1">
              {t(`review.tab.${TAB_KEY[q.name]}`)}
              <span className={`badge rounded-pill ${q.todo_amount ? 'text-bg-danger' : 'text-bg-secondary'}`} aria-label={t('review.count_label', { count: q.todo_amount })}>
                {capCount(q.todo_amount)}
              </span>
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <QueuePanel key={current.name} type={current.name} />
    </div>
  );
}
