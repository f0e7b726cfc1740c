/**
 * Tasks of the suggested-edits, queued-posts and queued-users queues (spec §2 review tabs): the task in context
 * and its approve / reject actions. Rejecting a queued post or sign-up deletes it, so it asks first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { ConfirmModal } from '../post-actions/ConfirmModal';
import { auditRevision, reviewPending, type QueuedPostItem, type QueuedUserItem, type SuggestedEditItem } from './api';
import { EditDiff } from './EditDiff';
import { ActionButton, Fact, PersonLine, PostBody, PostHeading, TaskCard } from './parts';

/** What every task gets from the queue panel. */
export interface TaskProps<T> {
  item: T;
  /** Runs a review call under the action id `id`; resolves when it finished, however it ended. */
  act: (id: string, call: () => Promise<void>) => Promise<void>;
  /** Id of the action running, or null. */
  busy: string | null;
}

/** One suggested edit: the post now, the proposed changes as a diff, approve / reject. */
export function SuggestedEditTask({ item, act, busy }: TaskProps<SuggestedEditItem>) {
  const { t } = useTranslation();
  const rev = item.unreviewed_info;
  const now = item.info;
  const isTag = item.type === 'tag';
  const before = isTag ? { title: now.display_name, body: now.original_text } : { title: item.type === 'question' ? now.title : undefined, body: now.content, tags: now.tags };
  const after = isTag
    ? { title: rev.content.display_name, body: rev.content.original_text }
    : { title: item.type === 'question' ? (rev.content.title ?? rev.title) : undefined, body: rev.content.content, tags: item.type === 'question' ? rev.content.tags : undefined };
  return (
    <TaskCard
      label={t('review.tab.suggested_edits')}
      actions={
        <>
          <ActionButton id="reject" busy={busy} variant="outline-danger" onClick={() => void act('reject', () => auditRevision(rev.id, 'reject'))}>
            {t('review.action.reject')}
          </ActionButton>
          <ActionButton id="approve" busy={busy} variant="primary" onClick={() => void act('approve', () => auditRevision(rev.id, 'approve'))}>
            {t('review.action.approve')}
          </ActionButton>
        </>
      }
    >
      <div>
        <PostHeading post={{ kind: item.type, questionId: now.question_id, answerId: now.answer_id, title: isTag ? now.display_name : now.title, slug: isTag ? undefined : now.url_title }} />
        <PersonLine label={t('review.suggested_by')} user={rev.user_info} at={rev.create_at} />
        {rev.reason ? <Fact label={t('review.edit_summary')}>{rev.reason}</Fact> : null}
      </div>
      <section>
        <h3 className="h6 mb-2">{t('review.changes')}</h3>
        <EditDiff before={before} after={after} />
      </section>
    </TaskCard>
  );
}

/** One queued question or answer: the post, why it waits, approve / reject. */
export function QueuedPostTask({ item, act, busy }: TaskProps<QueuedPostItem>) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const post = { kind: item.object_type, questionId: item.question_id, answerId: item.answer_id, title: item.title, slug: item.url_title, tags: item.tags, html: item.parsed_text, status: item.object_status, show: item.object_show_status };
  return (
    <TaskCard
      label={t('review.tab.queued_posts')}
      actions={
        <>
          <ActionButton id="reject" busy={busy} variant="outline-danger" onClick={() => setConfirming(true)}>
            {t('review.action.reject')}
          </ActionButton>
          <ActionButton id="approve" busy={busy} variant="primary" onClick={() => void act('approve', () => reviewPending('post', item.review_id, 'approve'))}>
            {t('review.action.approve')}
          </ActionButton>
          <ConfirmModal
            show={confirming}
            title={t('review.confirm.reject_post_title')}
            body={t('review.confirm.reject_post_body')}
            confirmLabel={t('review.action.reject')}
            variant="danger"
            onConfirm={() => act('reject', () => reviewPending('post', item.review_id, 'reject'))}
            onHide={() => setConfirming(false)}
          />
        </>
      }
    >
      <div>
        <PostHeading post={post} />
        <PersonLine label={t('review.asked_by')} user={item.author_user_info} at={item.submit_at || item.created_at} fallbackName={item.submitter_display_name} />
        {item.reason ? <Fact label={t('review.queued_reason')}>{item.reason}</Fact> : null}
      </div>
      <PostBody post={post} />
    </TaskCard>
  );
}

/** One sign-up waiting for approval: who, their e-mail, approve / reject. */
export function QueuedUserTask({ item, act, busy }: TaskProps<QueuedUserItem>) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <TaskCard
      label={t('review.tab.queued_users')}
      actions={
        <>
          <ActionButton id="reject" busy={busy} variant="outline-danger" onClick={() => setConfirming(true)}>
            {t('review.action.reject')}
          </ActionButton>
          <ActionButton id="approve" busy={busy} variant="primary" onClick={() => void act('approve', () => reviewPending('user', item.review_id, 'approve'))}>
            {t('review.action.approve')}
          </ActionButton>
          <ConfirmModal
            show={confirming}
            title={t('review.confirm.reject_user_title')}
            body={t('review.confirm.reject_user_body')}
            confirmLabel={t('review.action.reject')}
            variant="danger"
            onConfirm={() => act('reject', () => reviewPending('user', item.review_id, 'reject'))}
            onHide={() => setConfirming(false)}
          />
        </>
      }
    >
      <PersonLine label={t('review.kind.user')} user={item.user_info} />
      <div className="d-flex flex-column gap-1">
        {item.e_mail ? <Fact label={t('review.user.email')}>{item.e_mail}</Fact> : null}
        {item.submit_at ? <Fact label={t('review.user.joined')}>{formatDateTime(item.submit_at, i18n.language)}</Fact> : null}
        {item.reason ? <Fact label={t('review.queued_reason')}>{item.reason}</Fact> : null}
      </div>
    </TaskCard>
  );
}
