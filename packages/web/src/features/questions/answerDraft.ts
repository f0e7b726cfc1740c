/**
 * The answer draft (spec §3 "Draft": content and questionId), kept in localStorage and saved 3 s after the
 * last change (spec §9), so a reload or a login detour loses nothing. One draft at a time, like the ask form.
 */
import { useEffect } from 'react';
import { readStored, writeStored } from '../../lib/session';

const KEY = 'quorum.draft.answer';
const DEBOUNCE_MS = 3000;

/** The stored draft text for a question, or ''. */
export function loadAnswerDraft(questionId: string): string {
  try {
    const d = JSON.parse(readStored(KEY) ?? 'null') as { questionId?: string; content?: string } | null;
    return d?.questionId === questionId && typeof d.content === 'string' ? d.content : '';
  } catch {
    return '';
  }
}

/** Forgets the draft of a question (after posting or discarding). */
export function clearAnswerDraft(questionId: string): void {
  try {
    const d = JSON.parse(readStored(KEY) ?? 'null') as { questionId?: string } | null;
    if (!d || d.questionId === questionId) writeStored(KEY, null);
  } catch {
    writeStored(KEY, null);
  }
}

/** Saves `content` as the question's draft after 3 s of quiet; empty text removes it. */
export function useAnswerDraftAutosave(questionId: string, content: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => {
      if (content.trim()) writeStored(KEY, JSON.stringify({ questionId, content }));
      else clearAnswerDraft(questionId);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [questionId, content, enabled]);
}
