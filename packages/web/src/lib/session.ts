import { apiKey } from '@quorum/contract';
import { createStore } from './store';

/**
 * localStorage keys (spec §3 "Stored client keys"). `token` is only read to move a session kept there by an older
 * version of this client into the HttpOnly session cookie (sessionReady); nothing writes it any more.
 */
export const STORAGE_KEYS = { token: 'quorum.token', redirect: 'quorum.redirect', lang: 'quorum.lang', suspended: 'quorum.suspended', suspendedReason: 'quorum.suspended_reason' } as const;

/** Query key of GET /user/info. */
export const USER_INFO_KEY = apiKey('/answer/api/v1/user/info');

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a localStorage value; null on the server or when storage is blocked. */
export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Writes (or with null removes) a localStorage value; ignored when storage is unavailable. */
export function writeStored(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

/** Cookie the server sets beside the HttpOnly session cookie: readable, holds the CSRF token of the session. */
export const CSRF_COOKIE = 'quorum_csrf';

/**
 * Header this client sends on its API calls (`X-Quorum-Client: web`, server: core/session-cookie.ts): to such a
 * call the server gives the session only as the HttpOnly cookie, so a login, sign-up or activation answers
 * `access_token: ""` and no response body this page reads holds the session token.
 */
export const WEB_CLIENT_HEADERS: Readonly<Record<string, string>> = { 'X-Quorum-Client': 'web' };

/** Path of the call that moves a token stored by an older version of this client into the session cookie. */
const MOVE_TOKEN_PATH = '/answer/api/v1/user/session/cookie';

/** A cookie readable by scripts, or null (on the server, or when absent). */
function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim()) || null;
  }
  return null;
}

/**
 * The CSRF token of the session, sent as `X-CSRF-Token` on every call; null when logged out. The session token
 * itself lives in an HttpOnly cookie that no script here can read.
 */
export function csrfToken(): string | null {
  return readCookie(CSRF_COOKIE);
}

function sessionSignal(): boolean {
  return csrfToken() !== null || readStored(STORAGE_KEYS.token) !== null;
}

/**
 * Whether this browser holds a session (the readable CSRF cookie, or a token of an older version still to move),
 * observable so components re-render on login and logout. Not proof of a live session: GET /user/info is.
 */
export const sessionStore = createStore<boolean>(sessionSignal());

/** True while the browser holds a session (see sessionStore). */
export function hasSession(): boolean {
  return sessionStore.get();
}

/** Re-reads the cookies after a call that logged in (the server set them on its response). */
export function syncSession(): void {
  sessionStore.set(sessionSignal());
}

/** Marks the session over in this page (after logout; the server cleared the cookies). */
export function endLocalSession(): void {
  sessionStore.set(false);
}

let moving: Promise<void> | null = null;

/**
 * Resolves once no token of an older version of this client is left in localStorage (`quorum.token`): such a
 * token is moved into the session cookie of the same session (POST /user/session/cookie with the token in the
 * Authorization header), then deleted, so a browser logged in before the cookie stays logged in. A token the
 * server no longer knows (401) is deleted too; on a network failure it stays for the next call.
 */
export function sessionReady(): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  if (!token) return Promise.resolve();
  moving ??= moveTokenToCookie(token).finally(() => {
    moving = null;
  });
  return moving;
}

async function moveTokenToCookie(token: string): Promise<void> {
  try {
    const res = await fetch(MOVE_TOKEN_PATH, { method: 'POST', headers: { ...WEB_CLIENT_HEADERS, Accept: 'application/json', Authorization: token }, credentials: 'same-origin' });
    if (res.ok || res.status === 401) writeStored(STORAGE_KEYS.token, null);
  } catch {
    // Offline: the token stays and the next call tries again.
  }
  syncSession();
}

/**
 * Remembers where to return after login (spec §4 guard results): ignored for the login and sign-up pages
 * themselves.
 * @param path path with query, e.g. '/questions/1010000000000001?page=2'
 */
export function rememberReturnTarget(path: string): void {
  if (/^\/users\/(login|register)/.test(path)) return;
  writeStored(STORAGE_KEYS.redirect, path);
}

/** Returns and clears the remembered return target; '/' when none. */
export function takeReturnTarget(): string {
  const target = readStored(STORAGE_KEYS.redirect);
  writeStored(STORAGE_KEYS.redirect, null);
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/**
 * Remembers the end of a suspension for the suspended page (from a 403 `suspended`: unix seconds, 0 = forever),
 * and the reason the administrator gave when the refusal carried one.
 */
export function rememberSuspension(until: number, reason?: string): void {
  writeStored(STORAGE_KEYS.suspended, String(until));
  writeStored(STORAGE_KEYS.suspendedReason, reason || null);
}

/** The remembered reason of a suspension, or ''. */
export function readSuspensionReason(): string {
  return readStored(STORAGE_KEYS.suspendedReason) ?? '';
}

/** The remembered suspension end (unix seconds, 0 = forever), or null when none is known. */
export function readSuspension(): number | null {
  const v = readStored(STORAGE_KEYS.suspended);
  if (v === null || v === '' || !Number.isFinite(Number(v))) return null;
  return Number(v);
}

/** Forgets the remembered suspension (after a successful login). */
export function clearSuspension(): void {
  writeStored(STORAGE_KEYS.suspended, null);
  writeStored(STORAGE_KEYS.suspendedReason, null);
}
