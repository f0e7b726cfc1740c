/**
 * Lazy pieces of the question page. The server renders the reading view; after hydration the interactive
 * layer (features/post-actions, one chunk) replaces the static placeholders, so the initial JS stays small.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useHydrated } from '../../lib/store';
import { withStrings } from '../../lib/i18n';

const load = () => import('../post-actions');
// The strings files (beside the core and qa-actions.yaml, which the chunks register themselves) these parts render
// with: the review queue's flag strings, the ask form's; not every file of the language.
const withActionStrings = <M,>(loader: () => Promise<M>) => withStrings(loader, ['ui-review', 'ui-lock', 'ui-wiki-actions']);

export const PostVote = lazy(withActionStrings(() => load().then((m) => ({ default: m.PostVote }))));
export const PostToolbar = lazy(withActionStrings(() => load().then((m) => ({ default: m.PostToolbar }))));
export const Comments = lazy(withActionStrings(() => load().then((m) => ({ default: m.Comments }))));
export const QuestionAside = lazy(withActionStrings(() => load().then((m) => ({ default: m.QuestionAside }))));
export const AnswerForm = lazy(withStrings(() => import('./AnswerForm').then((m) => ({ default: m.AnswerForm })), ['ui-ask', 'ui-wiki-actions']));

/**
 * Renders `fallback` on the server and during hydration (so the markup matches), then `children` inside a
 * Suspense boundary with the same fallback while their chunk loads.
 */
export function AfterHydration({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
