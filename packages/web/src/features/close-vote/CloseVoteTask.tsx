/**
 * A task of the close-votes review queue: the question, its live close votes by reason ("off-topic ×2"), and the
 * reviewer's choice: vote to close (the close reasons dialog) or leave open (a vote of its own: the question leaves
 * the reviewer's queue, and once as many members left it open as close votes are needed, everyone's).
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { CloseDialog } from '../post-actions/lazyDialogs';
import type { TaskProps } from '../review/QueueTasks';
import { ActionButton, Fact, PersonLine, PostHeading, TaskCard } from '../review/parts';
import { leaveOpen, voteToClose, type CloseVoteQueueItem } from './api';

/** The task (see the file header). */
export function CloseVoteTask({ item, act, busy }: TaskProps<CloseVoteQueueItem>) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  // A moderator's vote closes at once (binding); anyone else's is one vote of those needed.
  const binding = isStaff(useCurrentUser().user);
  const q = item.question;
  return (
    <TaskCard
      label={t('review.tab.close_votes')}
      actions={
        <>
          <ActionButton id="leave_open" busy={busy} variant="outline-secondary" onClick={() => void act('leave_open', () => leaveOpen(q.id).then(() => undefined))}>
            {t('close_vote.leave_open')}
          </ActionButton>
          <Button size="sm" variant="warning" disabled={!!busy} onClick={() => setClosing(true)} data-action="close">
            {t('close_vote.vote_close', { n: item.count, needed: item.needed })}
          </Button>
        </>
      }
    >
      <div>
        <PostHeading post={{ kind: 'question', questionId: q.id, title: q.title, slug: q.url_title, status: q.status }} />
        <PersonLine label={t('close_vote.asked_by')} user={q.author} at={q.created_at} />
        {q.excerpt ? <p className="mb-0 mt-2 text-break">{q.excerpt}</p> : null}
      </div>
      <section>
        <h3 className="h6 mb-2">{t('close_vote.count_close', { n: item.count, needed: item.needed })}</h3>
        <ul className="list-unstyled mb-0 d-flex flex-column gap-1">
          {item.reasons.map((r) => (
            <li key={r.close_type}>
              <Fact label={r.name}>{t('close_vote.reason_votes', { count: r.count })}</Fact>
            </li>
          ))}
        </ul>
      </section>
      {closing ? (
        <CloseDialog
          show
          questionId={q.id}
          title={t('close_vote.dialog_title')}
          submitLabel={binding ? undefined : t('close_vote.submit')}
          submit={async (closeType, closeMsg) => {
            // Field errors stay in the dialog (what was typed is kept); other outcomes are the queue's to show.
            let failure: unknown = null;
            try {
              await voteToClose(q.id, closeType, closeMsg);
            } catch (err) {
              if (err instanceof ApiError && err.fieldErrors.length) throw err;
              failure = err;
            }
            await act('close', () => (failure ? Promise.reject(failure) : Promise.resolve()));
          }}
          onHide={() => setClosing(false)}
          onClosed={() => undefined}
        />
      ) : null}
    </TaskCard>
  );
}
