/**
 * Toast messages (spec §9): `toast(message, variant)` from anywhere, `<Toasts />` once in the layout. The live
 * region is always in the page (so screen readers announce the first message); the messages' code
 * (lib/toastItems.tsx, react-bootstrap's Toast and its transition) loads with the first message.
 */
import { lazy, Suspense } from 'react';
import { createStore, useStore } from './store';

/** Toast colours (Bootstrap variants). */
export type ToastVariant = 'danger' | 'success' | 'info' | 'warning';

/** One message on screen. */
export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

const ToastItems = lazy(() => import('./toastItems'));
const toastStore = createStore<ToastItem[]>([]);
let nextId = 1;

/** Shows a toast message; it hides itself after 5 s. Safe to call from anywhere (no-op on the server). */
export function toast(message: string, variant: ToastVariant = 'danger'): void {
  if (typeof window === 'undefined' || !message) return;
  toastStore.set([...toastStore.get(), { id: nextId++, message, variant }]);
}

function dismiss(id: number): void {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}

/** Renders pending toasts in the top-right corner; the layout renders exactly one of these. */
export function Toasts() {
  const items = useStore(toastStore, []);
  return (
    <div className="toast-container top-0 end-0 p-3 position-fixed" style={{ zIndex: 1090 }} role="status" aria-live="polite">
      {items.length ? (
        <Suspense fallback={null}>
          <ToastItems items={items} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </div>
  );
}
