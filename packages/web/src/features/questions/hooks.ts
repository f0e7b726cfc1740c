/**
 * Queries of the question list and question page. The keys are exactly the ones the server prefetches
 * (`apiKey(path, query)` from @quorum/contract), so SSR data is found on hydration without a request.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiKey, QUESTION_ORDERS, type QuestionOrder } from '@quorum/contract';
import { api } from '../../lib/api';
import type { AnswerInfo, PageData, QuestionInfo, QuestionListItem } from '../../lib/types';

/** Page size of the question list and of the answers under a question. */
export const PAGE_SIZE = 20;

const QUESTION_PAGE = '/answer/api/v1/question/page';
const QUESTION_INFO = '/answer/api/v1/question/info';
const ANSWER_PAGE = '/answer/api/v1/answer/page';

/** Parses a `?page=` value: a positive integer, else 1. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Parses a `?order=` value of the question list; unknown values become 'newest'. */
export function parseOrder(raw: string | null): QuestionOrder {
  return (QUESTION_ORDERS as readonly string[]).includes(raw ?? '') ? (raw as QuestionOrder) : 'newest';
}

/** Query of GET /question/page as sent (and as used in its key). */
export function questionPageQuery(order: QuestionOrder, page: number, tag?: string) {
  return { order, page, page_size: PAGE_SIZE, tag: tag || undefined };
}

/** One page of the question list. Previous data stays on screen while the next page loads. */
export function useQuestionPage(order: QuestionOrder, page: number, tag?: string) {
  const query = questionPageQuery(order, page, tag);
  return useQuery({
    queryKey: [apiKey(QUESTION_PAGE, query)],
    queryFn: () => api.get<PageData<QuestionListItem>>(QUESTION_PAGE, query),
    placeholderData: keepPreviousData,
  });
}

/** Key of GET /question/info for a question id. */
export function questionInfoKey(id: string): string {
  return apiKey(QUESTION_INFO, { id });
}

/** A question with its rendered body; a 404 shows the not-found page. Data null means the server found none. */
export function useQuestionInfo(id: string) {
  return useQuery({
    queryKey: [questionInfoKey(id)],
    queryFn: () => api.get<QuestionInfo | null>(QUESTION_INFO, { id }, { allow404: true }),
    enabled: !!id,
  });
}

/** Query of GET /answer/page as sent (and as used in its key). */
export function answerPageQuery(questionId: string, page: number) {
  return { question_id: questionId, order: 'default', page, page_size: PAGE_SIZE };
}

/** Key of one page of answers. */
export function answerPageKey(questionId: string, page: number): string {
  return apiKey(ANSWER_PAGE, answerPageQuery(questionId, page));
}

/** One page (20) of a question's answers, accepted first (order 'default'). */
export function useAnswerPage(questionId: string, page: number) {
  const query = answerPageQuery(questionId, page);
  return useQuery({
    queryKey: [answerPageKey(questionId, page)],
    queryFn: () => api.get<PageData<AnswerInfo>>(ANSWER_PAGE, query),
    enabled: !!questionId,
    // Keep the previous page on screen while paging, but never another question's answers.
    placeholderData: (prev) => (prev && prev.list.every((a) => a.question_id === questionId) ? prev : undefined),
  });
}

/** Prefix shared by every answer-page key of a question, for invalidation. */
export function isAnswerPageKeyOf(questionId: string, key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(`${ANSWER_PAGE}?`) && key.includes(`question_id=${encodeURIComponent(questionId)}`);
}

const ANSWER_INFO = '/answer/api/v1/answer/info';

/** Key of GET /answer/info for an answer id. */
export function answerInfoKey(id: string): string {
  return apiKey(ANSWER_INFO, { id });
}

/**
 * One answer with its question (GET /answer/info), for an answer permalink whose answer is not on the page
 * being shown. 404 (deleted, or never existed) gives null.
 */
export function useAnswerInfo(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [answerInfoKey(id ?? '')],
    queryFn: () => api.get<{ info: AnswerInfo } | null>(ANSWER_INFO, { id: id! }, { passingError: true }).catch(() => null),
    enabled: enabled && !!id,
  });
}
