/**
 * Lets code outside React (the api client, auth helpers) navigate with the router. The app registers the
 * router's navigate function on mount; before that, a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
}
export type NavigateFn = (to: string, opts?: NavigateOptions) => void;

let current: NavigateFn | null = null;

/** Registers the router's navigate function (done by the app shell). */
export function registerNavigate(fn: NavigateFn | null): void {
  current = fn;
}

/** Navigates to `to` (a path with optional query). No-op on the server. */
export function navigateTo(to: string, opts: NavigateOptions = {}): void {
  if (current) {
    current(to, opts);
    return;
  }
  if (typeof window === 'undefined') return;
  if (opts.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Current path with query, or '/' on the server. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}

/** True when on a login / register / account page where auth errors must not redirect (spec §8). */
export function onAuthPage(path = currentPath()): boolean {
  return /^\/(users\/(login|register|logout|account-|password-reset|change-email|confirm|auth-landing)|user-center|install)/.test(path);
}
