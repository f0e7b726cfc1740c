/**
 * The member's live event stream (GET /notification/stream, server-sent events over the session cookie): one
 * EventSource per tab, shared by every component that uses it (reference-counted), reopened with
 * `?question_id=` while a question page watches a question.
 * - `status` events replace the unread counts in the query cache, so the header updates within a second;
 * - `question` events go to the question page's listeners (new answers and comments, vote counts).
 * While the stream is not open (no EventSource, the server refuses it, the connection dropped) `connected` is
 * false and the 3 s poll of GET /notification/status runs as before.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_STATUS_KEY } from './status';

const STREAM = '/answer/api/v1/notification/stream';

/** A change on a question page. */
export interface QuestionEvent {
  kind: 'answer' | 'comment' | 'vote';
  question_id: string;
  object_id: string;
  /** Who did it. */
  user_id: string;
  votes?: number;
}

let source: EventSource | null = null;
let owner = '';
let users = 0;
let client: QueryClient | null = null;
let watched = '';
let connected = false;
let failures = 0;
const questionListeners = new Set<(e: QuestionEvent) => void>();
const stateListeners = new Set<() => void>();

function setConnected(v: boolean): void {
  if (connected === v) return;
  connected = v;
  for (const fn of stateListeners) fn();
}

function open(): void {
  source?.close();
  source = null;
  setConnected(false);
  if (!users || !owner || typeof EventSource === 'undefined' || failures >= 5) return;
  const es = new EventSource(watched ? `${STREAM}?question_id=${encodeURIComponent(watched)}` : STREAM);
  source = es;
  es.onopen = () => {
    failures = 0;
    setConnected(true);
  };
  es.onerror = () => {
    // The browser retries by itself (the server sends `retry: 3000`); after repeated failures polling takes over.
    setConnected(false);
    failures += 1;
    if (failures >= 5) {
      es.close();
      if (source === es) source = null;
    }
  };
  es.addEventListener('status', (ev) => {
    const data = JSON.parse((ev as MessageEvent<string>).data) as Record<string, unknown>;
    client?.setQueryData([NOTIFICATION_STATUS_KEY, owner], data);
  });
  es.addEventListener('question', (ev) => {
    const data = JSON.parse((ev as MessageEvent<string>).data) as QuestionEvent;
    for (const fn of questionListeners) fn(data);
  });
}

/**
 * Keeps the stream open while mounted for a logged-in, activated member (pass null otherwise).
 * @returns whether the stream is open (then the status poll can rest)
 */
export function useLiveStream(userId: string | null): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    users += 1;
    client = queryClient;
    if (owner !== userId || !source) {
      owner = userId;
      failures = 0;
      open();
    }
    return () => {
      users -= 1;
      if (!users) {
        source?.close();
        source = null;
        owner = '';
        setConnected(false);
      }
    };
  }, [userId, queryClient]);
  return useSyncExternalStore(
    (fn) => {
      stateListeners.add(fn);
      return () => stateListeners.delete(fn);
    },
    () => connected,
    () => false,
  );
}

/** Listens to the events of one question while mounted (the stream reopens to watch it). */
export function useQuestionEvents(questionId: string, onEvent: (e: QuestionEvent) => void): void {
  useEffect(() => {
    if (!questionId) return;
    questionListeners.add(onEvent);
    if (watched !== questionId) {
      watched = questionId;
      if (source) open();
    }
    return () => {
      questionListeners.delete(onEvent);
      if (watched === questionId && !questionListeners.size) watched = '';
    };
  }, [questionId, onEvent]);
}
