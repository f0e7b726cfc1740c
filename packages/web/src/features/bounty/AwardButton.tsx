/**
 * "Award bounty +N" on an answer, for the bounty's offerer while it is open (not on their own answer), after a
 * confirmation: the award cannot be undone. A refusal (someone else's click won: 409) is toasted and the state read
 * again.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { ConfirmModal } from '../post-actions/lazyDialogs';
import { questionInfoKey } from '../questions/hooks';
import { awardBounty, bountyKey, useBountyState } from './api';

/** The button, or nothing. */
export function AwardButton({ question, answer }: { question: QuestionInfo; answer: AnswerInfo }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const hasBounty = !!(question as QuestionInfo & { bounty?: unknown }).bounty;
  const state = useBountyState(question.id, !!user && hasBounty);
  const [confirming, setConfirming] = useState(false);
  const b = state.data?.bounty;
  if (!user || !b || !state.data?.can_award || answer.user_info?.id === user.id) return null;
  const award = async () => {
    try {
      await awardBounty(b.id, answer.id);
      toast(t('bounty.awarded', { amount: b.amount }), 'success');
    } catch (err) {
      toast(err instanceof Error ? err.message : String(err), 'danger');
    } finally {
      await Promise.all([qc.invalidateQueries({ queryKey: bountyKey(question.id) }), qc.invalidateQueries({ queryKey: [questionInfoKey(question.id)] })]);
    }
  };
  return (
    <>
      <Button size="sm" variant="primary" className="mt-2" onClick={() => setConfirming(true)}>
        {t('bounty.award', { amount: b.amount })}
      </Button>
      <ConfirmModal show={confirming} title={t('bounty.award_title', { amount: b.amount })} body={t('bounty.award_body', { name: answer.user_info?.display_name ?? '' })} confirmLabel={t('bounty.award', { amount: b.amount })} onConfirm={award} onHide={() => setConfirming(false)} />
    </>
  );
}
