/**
 * What the request layer does with a failed call (spec §8 "Response handling"), as a pure function of the
 * response and where the app is, so the rules can be tested without a browser. lib/api.ts carries the
 * decision out (toast, dialog, navigation, error page).
 */

/** The facts a decision depends on. */
export interface ErrorContext {
  /** HTTP status; 0 for network errors and time-outs. */
  status: number;
  /** The envelope's `data`. */
  data: unknown;
  /** The call path, e.g. '/answer/admin/api/users/page'. */
  path: string;
  /** True when the current page is a login / sign-up / account page (lib/navigation.ts `onAuthPage`). */
  authPage: boolean;
  /** The call hands every error to the caller. */
  passingError?: boolean;
  /** The call shows the 404 page when it answers 404. */
  allow404?: boolean;
  /** The call does not show the 50X page (e.g. a background poll). */
  ignore50x?: boolean;
}

/** What to do; every kind still rejects the call's promise. */
export type ErrorAction =
  /** Nothing global: the caller gets the error (field errors, alerts, silent rejections). */
  | { kind: 'caller' }
  /** A danger toast with the message. */
  | { kind: 'toast' }
  /** A confirm dialog with the message (err_type 'modal'). */
  | { kind: 'modal' }
  /** A dialog with the message and only a close button (400 with empty data). */
  | { kind: 'dialog' }
  /** 401: reset the error code and the user; go to the login page unless already on an auth page. */
  | { kind: 'login'; navigate: boolean }
  /** Go somewhere else (403 url_expired / inactive / suspended). */
  | { kind: 'redirect'; to: string; replace: boolean; suspendedUntil?: number; suspendedReason?: string }
  /** Show an error page in place of the route. */
  | { kind: 'page'; code: 403 | 404 | 500 };

/** Pages of the typed 403 answers (spec §8). */
export const FORBIDDEN_ROUTES = {
  url_expired: '/users/account-activation/failed',
  inactive: '/users/login?status=inactive',
  suspended: '/users/account-suspended',
} as const;

function isEmpty(data: unknown): boolean {
  if (data === null || data === undefined || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && Object.keys(data).length === 0;
}

/** Decides how a failed call is handled (spec §8); see {@link ErrorAction}. */
export function decideErrorAction(ctx: ErrorContext): ErrorAction {
  const { status, data } = ctx;
  if (ctx.passingError) return { kind: 'caller' };
  const obj = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as { err_type?: unknown; type?: unknown; suspended_until?: unknown; reason?: unknown };
  if (status === 0) return { kind: 'toast' };
  if (status === 400) {
    if (Array.isArray(data) && data.length) return { kind: 'caller' }; // field-error list for the form
    if (obj.err_type === 'toast') return { kind: 'toast' };
    if (obj.err_type === 'modal') return { kind: 'modal' };
    if (obj.err_type !== undefined) return { kind: 'caller' }; // 'alert' and unknown types
    return isEmpty(data) ? { kind: 'dialog' } : { kind: 'caller' };
  }
  if (status === 401) return { kind: 'login', navigate: !ctx.authPage };
  if (status === 403) {
    if (obj.type === 'url_expired') return { kind: 'redirect', to: FORBIDDEN_ROUTES.url_expired, replace: false };
    if (obj.type === 'inactive') return { kind: 'redirect', to: FORBIDDEN_ROUTES.inactive, replace: false };
    if (obj.type === 'suspended') {
      const until = Number(obj.suspended_until ?? 0);
      const action: ErrorAction = { kind: 'redirect', to: FORBIDDEN_ROUTES.suspended, replace: true, suspendedUntil: Number.isFinite(until) ? until : 0 };
      // The reason the administrator gave (modules/penalty), for the suspended page.
      if (typeof obj.reason === 'string' && obj.reason) action.suspendedReason = obj.reason;
      return action;
    }
    if (ctx.authPage) return { kind: 'caller' };
    if (ctx.path.startsWith('/answer/admin/api')) return { kind: 'page', code: 403 };
    return { kind: 'toast' };
  }
  if (status === 404) return ctx.allow404 && !ctx.authPage ? { kind: 'page', code: 404 } : { kind: 'caller' };
  if (status >= 500) return ctx.authPage || ctx.ignore50x ? { kind: 'caller' } : { kind: 'page', code: 500 };
  return { kind: 'caller' };
}
