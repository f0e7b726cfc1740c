/**
 * Tasks of the post-flags and user-flags queues (spec §2 review tabs, §3 "Review-flag close"): the flagged
 * post or user, who flagged it and why, and the actions. Post flags: ignore, edit the post, close a question
 * (the review-report dialog with its close reasons), unlist, delete (asks first). User flags: ignore, suspend
 * for a chosen time, delete the user (asks first). Every action goes through PUT /report/review.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostStatus, ShowState } from '@quorum/contract';
import { CloseDialog } from '../post-actions/CloseDialog';
import { ConfirmModal } from '../post-actions/ConfirmModal';
import { reviewReport, type FlaggedPostItem, type FlaggedUserItem } from './api';
import { EditPostDialog, SuspendDialog } from './FlagDialogs';
import { ActionButton, Fact, PersonLine, PostBody, PostHeading, TaskCard } from './parts';
import type { TaskProps } from './QueueTasks';
import { DuplicateOf, type DuplicateTarget } from '../questions/DuplicateOf';

/** 'Reason: spam — text' of a flag (a duplicate's original by its title), with how many flags wait on the same object. */
function FlagFacts({ reason, content, count, duplicate }: { reason: FlaggedPostItem['reason']; content: string; count: number; duplicate?: DuplicateTarget }) {
  const { t } = useTranslation();
  return (
    <Fact label={t('review.flag_reason')}>
      <span className="fw-medium">{reason?.name ?? '—'}</span>
      {content ? <DuplicateOf className="fst-italic" text={content} target={duplicate} /> : null}
      {count > 1 ? <span className="badge text-bg-danger ms-2">{t('review.count_label', { count })}</span> : null}
    </Fact>
  );
}

/** The post's flag score (the tab's order), this flag's weight, and whether the score hid the post pending review. */
function FlagScore({ score, weight, hidden }: { score: number; weight?: number; hidden: boolean }) {
  const { t } = useTranslation();
  // Two decimals at most, as numbers are shown everywhere (spec §9 "Number display": no local separators).
  const format = (n: number) => String(Math.round(n * 100) / 100);
  return (
    <Fact label={t('review.flag_score')}>
      <span className="fw-medium">{format(score)}</span>
      {weight !== undefined ? <span className="text-secondary ms-2">({t('review.flag_weight', { weight: format(weight) })})</span> : null}
      {hidden ? <span className="badge text-bg-warning ms-2">{t('review.hidden_by_flags')}</span> : null}
    </Fact>
  );
}

/** One flagged question, answer or comment. */
export function FlaggedPostTask({ item, act, busy }: TaskProps<FlaggedPostItem>) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'delete' | 'close' | 'edit' | null>(null);
  const post = {
    kind: item.object_type,
    questionId: item.question_id,
    answerId: item.answer_id,
    title: item.title,
    slug: item.url_title,
    tags: item.object_type === 'question' ? item.tags : undefined,
    html: item.parsed_text,
    status: item.object_status,
    show: item.object_show_status,
  };
  const isQuestion = item.object_type === 'question';
  const live = item.object_status !== PostStatus.deleted;
  const run = (op: 'ignore_report' | 'delete_post' | 'unlist_post', id: string) => act(id, () => reviewReport(item.flag_id, op));
  return (
    <TaskCard
      label={t('review.tab.flagged_posts')}
      actions={
        <>
          <ActionButton id="ignore" busy={busy} variant="outline-secondary" onClick={() => void run('ignore_report', 'ignore')}>
            {t('review.action.ignore')}
          </ActionButton>
          {live && item.object_type !== 'comment' ? (
            <ActionButton id="edit" busy={busy} variant="outline-primary" onClick={() => setDialog('edit')}>
              {t('review.action.edit')}
            </ActionButton>
          ) : null}
          {live && isQuestion && item.object_status === PostStatus.normal ? (
            <ActionButton id="close" busy={busy} variant="outline-warning" onClick={() => setDialog('close')}>
              {t('review.action.close')}
            </ActionButton>
          ) : null}
          {live && isQuestion && item.object_show_status !== ShowState.unlisted ? (
            <ActionButton id="unlist" busy={busy} variant="outline-secondary" onClick={() => void run('unlist_post', 'unlist')}>
              {t('review.action.unlist')}
            </ActionButton>
          ) : null}
          {live ? (
            <ActionButton id="delete" busy={busy} variant="danger" onClick={() => setDialog('delete')}>
              {t('review.action.delete')}
            </ActionButton>
          ) : null}
        </>
      }
    >
      <div>
        <PostHeading post={post} />
        <PersonLine label={t('review.asked_by')} user={item.author_user_info} at={item.created_at} />
      </div>
      <PostBody post={post} />
      <div className="border-top pt-3 d-flex flex-column gap-2">
        <PersonLine label={t('review.flagged_by')} user={item.submitter_user} at={item.submit_at} />
        <FlagFacts reason={item.reason} content={item.reason_content} count={item.flag_count} duplicate={(item as { duplicate?: DuplicateTarget }).duplicate} />
        {item.flag_score !== undefined ? <FlagScore score={item.flag_score} weight={item.flag_weight} hidden={!!item.hidden_by_flags} /> : null}
      </div>
      <ConfirmModal
        show={dialog === 'delete'}
        title={t('review.confirm.delete_title')}
        body={t('review.confirm.delete_body')}
        confirmLabel={t('review.action.delete')}
        variant="danger"
        onConfirm={() => run('delete_post', 'delete')}
        onHide={() => setDialog(null)}
      />
      {dialog === 'close' ? (
        <CloseDialog
          show
          questionId={item.question_id}
          title={t('review.close.title')}
          submit={(closeType, closeMsg) => act('close', () => reviewReport(item.flag_id, 'close_post', { close_type: closeType, close_msg: closeMsg }))}
          onClosed={() => undefined}
          onHide={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'edit' ? (
        <EditPostDialog
          item={item}
          onSave={(patch) => act('edit', () => reviewReport(item.flag_id, 'edit_post', patch))}
          onHide={() => setDialog(null)}
        />
      ) : null}
    </TaskCard>
  );
}

/** One flagged user. */
export function FlaggedUserTask({ item, act, busy }: TaskProps<FlaggedUserItem>) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'suspend' | 'delete' | null>(null);
  const run = (op: 'ignore_report' | 'delete_user', id: string) => act(id, () => reviewReport(item.flag_id, op));
  const suspended = item.user_info?.status === 'suspended';
  return (
    <TaskCard
      label={t('review.tab.flagged_users')}
      actions={
        <>
          <ActionButton id="ignore" busy={busy} variant="outline-secondary" onClick={() => void run('ignore_report', 'ignore')}>
            {t('review.action.ignore')}
          </ActionButton>
          {!suspended ? (
            <ActionButton id="suspend" busy={busy} variant="outline-warning" onClick={() => setDialog('suspend')}>
              {t('review.action.suspend')}
            </ActionButton>
          ) : null}
          <ActionButton id="delete" busy={busy} variant="danger" onClick={() => setDialog('delete')}>
            {t('review.action.delete_user')}
          </ActionButton>
        </>
      }
    >
      <PersonLine label={t('review.kind.user')} user={item.user_info} />
      {/* The profile's bio as the server rendered and sanitized it. */}
      {item.bio ? <div className="q-review-post small text-break" dangerouslySetInnerHTML={{ __html: item.bio }} /> : null}
      <div className="border-top pt-3 d-flex flex-column gap-2">
        <PersonLine label={t('review.flagged_by')} user={item.submitter_user} at={item.submit_at} />
        <FlagFacts reason={item.reason} content={item.reason_content} count={item.flag_count} duplicate={(item as { duplicate?: DuplicateTarget }).duplicate} />
      </div>
      <ConfirmModal
        show={dialog === 'delete'}
        title={t('review.confirm.delete_user_title')}
        body={t('review.confirm.delete_user_body')}
        confirmLabel={t('review.action.delete_user')}
        variant="danger"
        onConfirm={() => run('delete_user', 'delete')}
        onHide={() => setDialog(null)}
      />
      {dialog === 'suspend' ? (
        <SuspendDialog onSuspend={(duration) => act('suspend', () => reviewReport(item.flag_id, 'suspend_user', { suspend_duration: duration }))} onHide={() => setDialog(null)} />
      ) : null}
    </TaskCard>
  );
}
