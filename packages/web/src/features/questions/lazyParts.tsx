/**
 * Lazy pieces of the question page. The server renders the reading view; after hydration the interactive
 * layer (features/post-actions, one chunk) replaces the static placeholders, so the initial JS stays small.
 *
 * The placeholders are replaced one at a time, each in its own task (`AfterHydration`), not all in the task that
 * follows hydration: a page of answers has five or six of them per post, and swapping them all at once was one
 * task of ~190 ms on this machine (~750 ms at a phone's 4x slower CPU), the largest part of the question page's
 * blocking time. A reader's input is handled between two of them.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { PostStatus } from '@quorum/contract';
import { useCurrentUser } from '../../lib/auth';
import { useHydrated } from '../../lib/store';
import { withStrings } from '../../lib/i18n';
import type { AnswerInfo, QuestionInfo } from '../../lib/types';
import { AnswerLoginPrompt } from './AnswerLoginPrompt';

const load = () => import('../post-actions');
// The strings files (beside the core and qa-actions.yaml, which the chunks register themselves) these parts render
// with: the review queue's flag strings, the ask form's; not every file of the language.
const withActionStrings = <M,>(loader: () => Promise<M>) => withStrings(loader, ['ui-review', 'ui-lock', 'ui-wiki-actions']);

export const PostVote = lazy(withActionStrings(() => load().then((m) => ({ default: m.PostVote }))));
export const PostToolbar = lazy(withActionStrings(() => load().then((m) => ({ default: m.PostToolbar }))));
export const Comments = lazy(withActionStrings(() => load().then((m) => ({ default: m.Comments }))));
export const QuestionAside = lazy(withActionStrings(() => load().then((m) => ({ default: m.QuestionAside }))));
const AnswerFormPart = lazy(withStrings(() => import('./AnswerForm').then((m) => ({ default: m.AnswerForm })), ['ui-ask', 'ui-wiki-actions']));

// The upgrade queue (browser only; on the server no placeholder ever takes a ticket). Tickets are taken in the
// hydration pass, in document order; `released` tickets may render their part. A ticket is released in a task of
// its own, and only once no released part still waits for its chunk (a mounted `Pending` fallback).
let issued = 0;
let released = 0;
let pending = 0;
let pumping = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function pump(): void {
  if (pending > 0) return; // the last `Pending` to unmount calls pump again
  if (released >= issued) {
    pumping = false;
    return;
  }
  released += 1;
  notify();
  setTimeout(pump, 0);
}

function startUpgrades(): void {
  if (pumping) return;
  pumping = true;
  setTimeout(pump, 0);
}

/** A Suspense fallback that holds the queue while its part's chunk loads. */
function Pending({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    pending += 1;
    return () => {
      pending -= 1;
      if (pending === 0 && pumping) setTimeout(pump, 0);
    };
  }, []);
  return <>{children}</>;
}

/**
 * Renders `fallback` on the server and during hydration (so the markup matches), then `children` inside a
 * Suspense boundary with the same fallback while their chunk loads. Placeholders that were hydrated wait for
 * their turn in the upgrade queue (file header); one mounted later (a client-side navigation) renders at once.
 */
export function AfterHydration({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  const ticket = useRef<number | null>(null);
  if (ticket.current === null) ticket.current = !hydrated && !import.meta.env.SSR && typeof window !== 'undefined' ? ++issued : 0;
  const mine = ticket.current;
  const turn = useSyncExternalStore(
    subscribe,
    () => mine === 0 || released >= mine,
    () => false,
  );
  useEffect(() => {
    if (mine > 0) startUpgrades();
  }, [mine]);
  if (!hydrated || !turn) return <>{fallback}</>;
  return <Suspense fallback={<Pending>{fallback}</Pending>}>{children}</Suspense>;
}

/**
 * 'Your answer' below the answers (spec §2, §5): for an anonymous reader the link to log in, rendered without
 * the form's chunk (the editor, its dialogs and the ask strings: ~18 KB a reader never uses); for a member the
 * form (features/questions/AnswerForm), in its turn after hydration. A closed question shows nothing.
 */
export function AnswerSection({ question, onPosted }: { question: QuestionInfo; onPosted: (answer: AnswerInfo) => void }) {
  const hydrated = useHydrated();
  const { user, isLoading } = useCurrentUser();
  if (!hydrated || isLoading || question.status === PostStatus.closed) return null;
  if (!user) return <AnswerLoginPrompt />;
  return (
    <AfterHydration>
      <AnswerFormPart question={question} onPosted={onPosted} />
    </AfterHydration>
  );
}
