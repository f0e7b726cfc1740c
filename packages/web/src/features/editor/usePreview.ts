/**
 * Live preview of markdown: the server renders and sanitizes it (POST /answer/api/v1/post/render),
 * so the preview matches what will be stored.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/** Delay before a render call after the last keystroke, in ms. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** Result of {@link usePreview}: sanitized HTML of the last rendered text, and whether a newer render is pending. */
export interface PreviewState {
  html: string;
  pending: boolean;
  failed: boolean;
}

/**
 * Renders `content` to HTML on the server, debounced by {@link PREVIEW_DEBOUNCE_MS}.
 * Stale answers (for text that has changed since) are dropped.
 * @param enabled when false nothing is requested (e.g. the preview is hidden)
 */
export function usePreview(content: string, enabled = true): PreviewState {
  const [state, setState] = useState<PreviewState>({ html: '', pending: false, failed: false });

  useEffect(() => {
    if (!enabled) return;
    if (!content.trim()) {
      setState({ html: '', pending: false, failed: false });
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, pending: true }));
    const timer = window.setTimeout(() => {
      api
        .post<string>('/answer/api/v1/post/render', { content }, { passingError: true })
        .then((html) => {
          if (!cancelled) setState({ html: typeof html === 'string' ? html : '', pending: false, failed: false });
        })
        .catch(() => {
          if (!cancelled) setState((s) => ({ ...s, pending: false, failed: true }));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [content, enabled]);

  return state;
}
