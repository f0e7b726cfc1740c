/**
 * Cache updates after a post action: the question (GET /question/info), every cached page of its answers
 * (GET /answer/page) and a linked answer (GET /answer/info) are patched in place, so an action never refetches
 * the whole page.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnswerInfo, PageData, QuestionInfo } from '../../lib/types';
import { answerInfoKey, isAnswerPageKeyOf, questionInfoKey } from '../questions/hooks';

export { answerInfoKey };

/** Applies `patch` to the cached question. */
export function patchQuestion(qc: QueryClient, qid: string, patch: Partial<QuestionInfo> | ((q: QuestionInfo) => QuestionInfo)): void {
  qc.setQueryData<QuestionInfo | null>([questionInfoKey(qid)], (old) => (old ? (typeof patch === 'function' ? patch(old) : { ...old, ...patch }) : old));
}

/** Applies `patch` to one answer wherever it is cached (its pages and its own info). */
export function patchAnswer(qc: QueryClient, qid: string, aid: string, patch: Partial<AnswerInfo> | ((a: AnswerInfo) => AnswerInfo)): void {
  const apply = (a: AnswerInfo) => (a.id !== aid ? a : typeof patch === 'function' ? patch(a) : { ...a, ...patch });
  qc.setQueriesData<PageData<AnswerInfo>>({ predicate: (q) => isAnswerPageKeyOf(qid, q.queryKey[0]) }, (old) => (old ? { ...old, list: old.list.map(apply) } : old));
  qc.setQueryData<{ info: AnswerInfo } | null>([answerInfoKey(aid)], (old) => (old?.info ? { ...old, info: apply(old.info) } : old));
}

/** Applies `fn` to the answer lists of every cached page of the question (e.g. to re-sort after accepting). */
export function patchAnswerLists(qc: QueryClient, qid: string, fn: (list: AnswerInfo[]) => AnswerInfo[]): void {
  qc.setQueriesData<PageData<AnswerInfo>>({ predicate: (q) => isAnswerPageKeyOf(qid, q.queryKey[0]) }, (old) => (old ? { ...old, list: fn(old.list) } : old));
}

/** Drops an answer from the cached pages (the viewer can no longer see it) and lowers the counts. */
export function removeAnswer(qc: QueryClient, qid: string, aid: string): void {
  qc.setQueriesData<PageData<AnswerInfo>>({ predicate: (q) => isAnswerPageKeyOf(qid, q.queryKey[0]) }, (old) =>
    old && old.list.some((a) => a.id === aid) ? { count: Math.max(0, old.count - 1), list: old.list.filter((a) => a.id !== aid) } : old,
  );
  patchQuestion(qc, qid, (q) => ({ ...q, answer_count: Math.max(0, q.answer_count - 1) }));
}
