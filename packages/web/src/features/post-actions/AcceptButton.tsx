import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PostStatus } from '@quorum/contract';
import { api } from '../../lib/api';
import { isStaff, useCurrentUser } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { patchAnswerLists, patchQuestion } from './cache';

/**
 * Accept / un-accept an answer (POST /answer/acceptance; the question's owner or a moderator). The accepted
 * answer moves to the top of the cached page, as the server orders it.
 */
export function AcceptButton({ question, answer }: { question: QuestionInfo; answer: AnswerInfo }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const accepted = answer.accepted === 2;
  const mayAccept = !!user && (user.id === question.user_info?.id || isStaff(user));
  if (!mayAccept || answer.status !== PostStatus.normal || question.status === PostStatus.deleted) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      await api.post('/answer/api/v1/answer/acceptance', { question_id: question.id, answer_id: accepted ? '' : answer.id });
      const newId = accepted ? '0' : answer.id;
      patchQuestion(qc, question.id, { accepted_answer_id: newId });
      patchAnswerLists(qc, question.id, (list) => {
        const marked = list.map((a) => ({ ...a, accepted: a.id === newId ? 2 : 1 }));
        return [...marked.filter((a) => a.accepted === 2), ...marked.filter((a) => a.accepted !== 2)];
      });
      toast(t(accepted ? 'qa.accept.removed' : 'qa.accept.done'), 'success');
    } catch {
      // toast shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-sm rounded-circle mt-2 d-inline-flex align-items-center justify-content-center ${accepted ? 'btn-success' : 'btn-outline-success'}`}
      style={{ width: 36, height: 36 }}
      aria-pressed={accepted}
      aria-label={t(accepted ? 'qa.accept.accepted' : 'qa.accept.button')}
      disabled={busy}
      onClick={() => void toggle()}
      title={t(accepted ? 'qa.accept.undo_title' : 'qa.accept.title')}
    >
      <svg width="18" height="18" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="m3 8.5 3.2 3L13 4.5" />
      </svg>
    </button>
  );
}
