/**
 * The question page's close and reopen votes for the reader (after hydration): the votes so far ("Close votes: 1
 * of 3"), a "Vote to close" button (the close reasons dialog, features/post-actions/CloseDialog) or "Vote to
 * reopen" (after a confirmation), and the reader's own vote ("You voted to close: off-topic") with a one-time
 * retraction, confirmed first because a retracted vote cannot be cast again in this round. A moderator's vote
 * closes or reopens at once, which the buttons say (the dialog's "Close question"; "Vote to close" for others). Nothing for readers who may not vote and see no votes.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { QuestionInfo } from '../../lib/types';
import { CloseDialog, ConfirmModal } from '../post-actions/lazyDialogs';
import { questionInfoKey } from '../questions/hooks';
import { closeVotesOf, retractVote, voteToClose, voteToReopen, type VoteOutcome } from './api';

type Pending = 'reopen' | 'retract' | null;

/** The bar (see the file header). */
export function CloseVoteBar({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const [closing, setClosing] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  // What the confirmation asks about: kept while it fades out after `pending` is cleared, so a closing dialog never
  // shows the other question's texts.
  const [asked, setAsked] = useState<Exclude<Pending, null>>('reopen');
  const ask = (p: Exclude<Pending, null>) => {
    setAsked(p);
    setPending(p);
  };
  const votes = closeVotesOf(question);
  if (!votes || !user) return null;
  const mine = votes.my_vote;
  if (!votes.can_vote && !mine && !votes.count) return null;
  const refresh = () => qc.invalidateQueries({ queryKey: [questionInfoKey(question.id)] });

  /** Runs a vote call: success toasts what happened; a refusal is toasted with its message and the page re-read. */
  const run = async (call: () => Promise<VoteOutcome>, done: (o: VoteOutcome) => string) => {
    try {
      const outcome = await call();
      toast(done(outcome), 'success');
    } catch (err) {
      if (err instanceof ApiError && err.fieldErrors.length) throw err;
      toast(err instanceof Error ? err.message : String(err), 'danger');
      throw err;
    } finally {
      await refresh();
    }
  };

  const binding = isStaff(user);
  const type = votes.type;
  const counted = votes.count ?? 0;
  const mineText = mine
    ? mine.kind === 'close'
      ? t('close_vote.mine_close', { reason: mine.reason_name })
      : mine.kind === 'reopen'
        ? t('close_vote.mine_reopen')
        : t('close_vote.mine_leave_open')
    : '';
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 small mt-2 q-close-votes" data-testid="close-votes">
      {counted || !votes.can_vote ? (
        <span className="text-body-secondary">{t(`close_vote.count_${type}`, { n: counted, needed: votes.needed })}</span>
      ) : null}
      {mine ? (
        <span data-testid="close-vote-mine">
          {mine.retracted_at ? t('close_vote.mine_retracted') : mineText}
          {mine.aged && !mine.retracted_at ? <span className="text-body-secondary ms-1">{t('close_vote.aged')}</span> : null}
        </span>
      ) : null}
      {mine && !mine.retracted_at && !mine.aged && mine.kind !== 'leave_open' ? (
        <Button size="sm" variant="link" className="p-0" onClick={() => ask('retract')}>
          {t('close_vote.retract')}
        </Button>
      ) : null}
      {votes.can_vote ? (
        <Button size="sm" variant="outline-secondary" onClick={() => (type === 'close' ? setClosing(true) : ask('reopen'))}>
          {t(binding ? `close_vote.vote_${type}_binding` : `close_vote.vote_${type}`, { n: counted, needed: votes.needed })}
        </Button>
      ) : null}
      {closing ? (
        <CloseDialog
          show
          questionId={question.id}
          title={t('close_vote.dialog_title')}
          submitLabel={binding ? undefined : t('close_vote.submit')}
          submit={(closeType, closeMsg) => run(() => voteToClose(question.id, closeType, closeMsg), (o) => (o.decided ? t('close_vote.done_closed') : t('close_vote.done_voted'))).then(() => undefined)}
          onHide={() => setClosing(false)}
          onClosed={() => undefined}
        />
      ) : null}
      <ConfirmModal
        show={!!pending}
        title={asked === 'reopen' ? t('close_vote.confirm_reopen_title') : t('close_vote.confirm_retract_title')}
        body={asked === 'reopen' ? t(binding ? 'close_vote.confirm_reopen_binding' : 'close_vote.confirm_reopen_body') : t('close_vote.confirm_retract_body')}
        confirmLabel={asked === 'reopen' ? t('close_vote.vote_reopen', { n: counted, needed: votes.needed }) : t('close_vote.retract')}
        variant={asked === 'retract' ? 'danger' : 'primary'}
        onConfirm={() =>
          asked === 'reopen'
            ? run(() => voteToReopen(question.id), (o) => (o.decided ? t('close_vote.done_reopened') : t('close_vote.done_voted')))
            : run(() => retractVote(question.id, type), () => t('close_vote.done_retracted'))
        }
        onHide={() => setPending(null)}
      />
    </div>
  );
}
