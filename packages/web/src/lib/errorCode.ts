import { createStore, useStore } from './store';

/** Error page the layout shows instead of the route (spec §2 "an error page when an error code is set"). */
export type ErrorCode = 403 | 404 | 500 | null;

const errorCodeStore = createStore<ErrorCode>(null);

/** Sets (or clears with null) the error page code; the layout resets it on every navigation. */
export function setErrorCode(code: ErrorCode): void {
  errorCodeStore.set(code);
}

/** Current error page code, for the layout. */
export function useErrorCode(): ErrorCode {
  return useStore(errorCodeStore, null);
}
