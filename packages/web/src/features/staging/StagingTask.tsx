/**
 * A task of the review page's Staging Ground tab: a staged question waiting for a reviewer (title, asker, excerpt,
 * tags, how much feedback it has). The reviewer opens it in the staging ground to comment or ask for changes, or
 * decides here: approve (it is published) or send it to the review queue of queued posts.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '../../components/Link';
import { TagList } from '../../components/TagLink';
import type { TaskProps } from '../review/QueueTasks';
import { ActionButton, Fact, PersonLine, TaskCard } from '../review/parts';
import { stagingAct, type StagingQueueItem } from './api';

/** The task (see the file header). */
export function StagingTask({ item, act, busy }: TaskProps<StagingQueueItem>) {
  const { t } = useTranslation();
  const q = item.question;
  return (
    <TaskCard
      label={t('review.tab.staging')}
      actions={
        <>
          <Link to={`/staging/${q.id}`} className="btn btn-sm btn-outline-primary" data-action="open">
            {t('staging.open')}
          </Link>
          <ActionButton id="queue" busy={busy} variant="outline-secondary" onClick={() => void act('queue', () => stagingAct('queue', q.id).then(() => undefined))}>
            {t('staging.send_to_queue')}
          </ActionButton>
          <ActionButton id="approve" busy={busy} variant="success" onClick={() => void act('approve', () => stagingAct('approve', q.id).then(() => undefined))}>
            {t('staging.approve')}
          </ActionButton>
        </>
      }
    >
      <div>
        <h3 className="h5 mb-2 text-break">
          <Link to={`/staging/${q.id}`}>{q.title}</Link>
        </h3>
        <PersonLine label={t('staging.asked_by')} user={q.author} at={item.asked_at} />
        {q.excerpt ? <p className="mb-0 mt-2 text-break">{q.excerpt}</p> : null}
        {q.tags.length ? <TagList tags={q.tags} className="mt-2" /> : null}
      </div>
      <Fact label={t('staging.feedback')}>{t('staging.feedback_count', { count: item.feedback_count })}</Fact>
    </TaskCard>
  );
}
