/**
 * The one HTTP client of the web app (spec §7-§8). The session rides in its HttpOnly cookie; every call sends the
 * session's CSRF token (`X-CSRF-Token`, which cookie-authenticated writes and logout need), `X-Quorum-Client: web`
 * (so no response carries the session token: lib/session.ts WEB_CLIENT_HEADERS) and the language,
 * waits for a token of an older client version to move into the cookie first, times out after 10 s,
 * unwraps the envelope and handles errors in one place:
 * - 400 with a list: field errors, always thrown to the caller (`ApiError.fieldErrors`);
 * - 400 `err_type`: toast -> danger toast, modal -> confirm dialog, alert / other -> the caller;
 *   400 with empty data -> a dialog with the message and a close button;
 * - 401: user cleared, return path remembered, sent to /users/login;
 * - 403 typed inactive / suspended / url_expired: sent to the matching page; other 403: ignored on auth pages,
 *   the 403 page on admin calls, a toast elsewhere;
 * - 404 on calls with `allow404`: the 404 page; 50X: the 50X page (not on auth pages, not with `ignore50x`).
 * The rules are lib/apiErrors.ts (pure, unit-tested).
 * With `passingError: true` none of this runs and every error goes to the caller.
 * Global handling still rejects the promise (with `handled: true`) so callers never hang.
 */
import { HTTP_TIMEOUT_MS, type Envelope, type FieldError } from '@quorum/contract';
import { decideErrorAction } from './apiErrors';
import { showMessageDialog } from './dialogs';
import { setErrorCode } from './errorCode';
import { i18n } from './i18n';
import { currentPath, navigateTo, onAuthPage } from './navigation';
import { getActiveQueryClient } from './queryClient';
import { csrfToken, rememberReturnTarget, rememberSuspension, sessionReady, USER_INFO_KEY, WEB_CLIENT_HEADERS } from './session';
import { toast } from './toast';

/** Per-call options. */
export interface RequestOptions {
  /** Hand every error to the caller without global handling. */
  passingError?: boolean;
  /** Show the 404 page when the call answers 404. */
  allow404?: boolean;
  /** Never show the 50X page for this call (background polls). */
  ignore50x?: boolean;
}

/** Query values; undefined and empty strings are dropped. */
export type Query = Record<string, string | number | boolean | undefined>;

/** A failed call: HTTP status (0 for network errors and time-outs), reason key, translated message, data. */
export class ApiError extends Error {
  status: number;
  reason: string;
  data: unknown;
  fieldErrors: FieldError[];
  /** True when the client already showed or acted on the error (toast, redirect, error page). */
  handled: boolean;

  constructor(status: number, reason: string, message: string, data: unknown = null) {
    super(message || reason || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason;
    this.data = data;
    this.fieldErrors = Array.isArray(data) ? (data as FieldError[]).filter((e) => e && typeof e.error_field === 'string') : [];
    this.handled = false;
  }

  /** Message of the field error for `field`, if any. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.error_field === field)?.error_msg;
  }
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Carries out the spec §8 decision for a failed call; returns true when the error was acted on. */
function handleGlobally(err: ApiError, path: string, opts: RequestOptions): boolean {
  const action = decideErrorAction({ status: err.status, data: err.data, path, authPage: onAuthPage(currentPath()), ...opts });
  if (err.status >= 500) console.error('[api]', err.status, err.reason, err.data);
  switch (action.kind) {
    case 'toast':
      toast(err.message, 'danger');
      return true;
    case 'modal':
    case 'dialog':
      showMessageDialog(err.message, action.kind === 'modal' ? 'confirm' : 'close');
      return true;
    case 'login':
      setErrorCode(null);
      getActiveQueryClient()?.setQueryData([USER_INFO_KEY], null);
      if (!action.navigate) return false;
      rememberReturnTarget(currentPath());
      navigateTo('/users/login');
      return true;
    case 'redirect':
      if (action.suspendedUntil !== undefined) rememberSuspension(action.suspendedUntil, action.suspendedReason);
      navigateTo(action.to, { replace: action.replace });
      return true;
    case 'page':
      setErrorCode(action.code);
      return true;
    default:
      return false;
  }
}

async function request<T>(method: string, path: string, query: Query | undefined, body: unknown, opts: RequestOptions = {}): Promise<T> {
  await sessionReady();
  const headers: Record<string, string> = { ...WEB_CLIENT_HEADERS, Accept: 'application/json', 'Accept-Language': i18n.language || 'en_US' };
  const csrf = csrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    const timedOut = controller.signal.aborted;
    const err = new ApiError(0, timedOut ? 'timeout' : 'network', i18n.t(timedOut ? 'client_error.timeout' : 'client_error.network'));
    err.cause = cause;
    if (!opts.passingError) err.handled = handleGlobally(err, path, opts);
    throw err;
  }
  clearTimeout(timer);
  if (res.status === 204) return undefined as T;
  const envelope = ((await res.json().catch(() => null)) ?? {}) as Partial<Envelope<unknown>>;
  if (res.ok) return envelope.data as T;
  const err = new ApiError(res.status, envelope.reason ?? '', envelope.msg ?? res.statusText, envelope.data ?? null);
  if (!opts.passingError) err.handled = handleGlobally(err, path, opts);
  throw err;
}

/** JSON API calls; `path` is the full path, e.g. '/answer/api/v1/question/page'. Resolves to the envelope's `data`. */
export const api = {
  get<T>(path: string, query?: Query, opts?: RequestOptions): Promise<T> {
    return request<T>('GET', path, query, undefined, opts);
  },
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>('POST', path, undefined, body ?? {}, opts);
  },
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>('PUT', path, undefined, body ?? {}, opts);
  },
  delete<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>('DELETE', path, undefined, body ?? {}, opts);
  },
  /** multipart/form-data POST (file uploads). */
  upload<T>(path: string, form: FormData, opts?: RequestOptions): Promise<T> {
    return request<T>('POST', path, undefined, form, opts);
  },
};
