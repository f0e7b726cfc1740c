/**
 * 'N new answers — show' on an open question page: counts the answers and comments other members post while the
 * page is open (live stream events, ./notifications/live.ts); "show" loads them. Vote counts of the question and
 * of the answers in the cache follow at once. Nothing shows without the stream (anonymous visitors, no support).
 */
import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useQuestionEvents, type QuestionEvent } from '../notifications/live';
import type { AnswerInfo, PageData, QuestionInfo } from '../../lib/types';
import { isAnswerPageKeyOf, questionInfoKey } from './hooks';

export function LiveBanner({ questionId, viewerId }: { questionId: string; viewerId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState(0);
  const [comments, setComments] = useState(0);
  const onEvent = useCallback(
    (e: QuestionEvent) => {
      if (e.question_id !== questionId) return;
      if (e.kind === 'vote' && e.votes !== undefined) {
        const votes = e.votes;
        if (e.object_id === questionId) queryClient.setQueryData<QuestionInfo | null>([questionInfoKey(questionId)], (old) => (old ? { ...old, vote_count: votes } : old));
        else
          queryClient.setQueriesData<PageData<AnswerInfo>>({ predicate: (q) => isAnswerPageKeyOf(questionId, q.queryKey[0]) }, (old) =>
            old ? { ...old, list: old.list.map((a) => (a.id === e.object_id ? { ...a, vote_count: votes } : a)) } : old,
          );
        return;
      }
      if (e.user_id === viewerId) return;
      if (e.kind === 'answer') setAnswers((n) => n + 1);
      else setComments((n) => n + 1);
    },
    [questionId, viewerId, queryClient],
  );
  useQuestionEvents(questionId, onEvent);
  if (!answers && !comments) return null;
  const show = () => {
    void queryClient.invalidateQueries({ predicate: (q) => isAnswerPageKeyOf(questionId, q.queryKey[0]) || String(q.queryKey[0]).includes('/comment/') || q.queryKey[0] === questionInfoKey(questionId) });
    setAnswers(0);
    setComments(0);
  };
  const parts = [answers ? t('live.new_answers', { count: answers }) : '', comments ? t('live.new_comments', { count: comments }) : ''].filter(Boolean).join(', ');
  return (
    <Alert variant="info" className="py-2 my-3 d-flex align-items-center gap-2" role="status" data-testid="live-banner">
      <span>{parts} —</span>
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={show}>
        {t('live.show')}
      </button>
    </Alert>
  );
}
