import { useSyncExternalStore } from 'react';

/** A tiny observable value shared between React and plain modules (api client, auth). */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Browser: true while `hydrateApp` runs a hydration that renders within the call (preact/compat's does). */
let hydrating = false;

/**
 * Whether a render must give the server's markup: on the server, and during a hydration that renders inside
 * `hydrateApp`. preact/compat, the runtime (vite.config.ts), reads useSyncExternalStore's client snapshot even on
 * the server and while hydrating, so the client snapshots below ask this; React uses the server snapshot there and
 * hydrates after `hydrateRoot` returns, so for React this is false in the browser and changes nothing.
 */
const serverMarkup = (): boolean => import.meta.env.SSR || hydrating;

/**
 * Browser entry: runs `hydrate` (the `hydrateRoot` call) with `useStore` and `useHydrated` giving the server's
 * values to whatever renders inside it. Their components render again with the real values after it (their
 * snapshot changed).
 */
export function hydrateApp(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/**
 * Reads a store in a component. During SSR and hydration `serverValue` is used, so the first client render
 * matches the server HTML; the real value follows right after hydration.
 */
export function useStore<T>(store: Store<T>, serverValue: T = store.get()): T {
  return useSyncExternalStore(store.subscribe, () => (serverMarkup() ? serverValue : store.get()), () => serverValue);
}

const noop = () => () => {};

/** True once the app runs in the browser after hydration; false on the server and in the hydration pass. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => !serverMarkup(),
    () => false,
  );
}
