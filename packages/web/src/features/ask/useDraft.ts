/**
 * Local draft of the ask form, kept in localStorage so a reload, a crash or a login detour loses nothing.
 * Saved 3 s after the last change (spec §9 "draft auto-save debounce 3 s").
 */
import { useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/session';
import type { ChosenTag } from './TagInput';

/** What the ask form keeps between visits. */
export interface QuestionDraft {
  title: string;
  content: string;
  tags: ChosenTag[];
}

const DRAFT_KEY = 'quorum.draft.question';
const DRAFT_DEBOUNCE_MS = 3000;

/** The stored draft, or null when there is none or it cannot be read. */
export function loadDraft(): QuestionDraft | null {
  try {
    const raw = readStored(DRAFT_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<QuestionDraft>;
    const draft: QuestionDraft = {
      title: typeof d.title === 'string' ? d.title : '',
      content: typeof d.content === 'string' ? d.content : '',
      tags: Array.isArray(d.tags) ? d.tags.filter((t): t is ChosenTag => !!t && typeof t.slug_name === 'string') : [],
    };
    return draft.title || draft.content || draft.tags.length ? draft : null;
  } catch {
    return null;
  }
}

/** Forgets the stored draft (after posting, or when the person discards it). */
export function clearDraft(): void {
  writeStored(DRAFT_KEY, null);
}

/**
 * Saves `draft` after {@link DRAFT_DEBOUNCE_MS} of quiet; an empty form removes the stored draft.
 * @returns true once the latest text has been saved
 */
export function useDraftAutosave(draft: QuestionDraft, enabled: boolean): boolean {
  const [saved, setSaved] = useState(true);
  const json = JSON.stringify(draft);
  useEffect(() => {
    if (!enabled) return;
    setSaved(false);
    const timer = window.setTimeout(() => {
      const empty = !draft.title.trim() && !draft.content.trim() && !draft.tags.length;
      writeStored(DRAFT_KEY, empty ? null : json);
      setSaved(true);
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `json` stands for the draft in the dependencies.
  }, [json, enabled]);
  return saved;
}
