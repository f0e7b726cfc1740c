import { apiKey } from '@quorum/contract';
import { createStore } from './store';

/** localStorage keys (spec §3 "Stored client keys"). */
export const STORAGE_KEYS = { token: 'quorum.token', redirect: 'quorum.redirect', lang: 'quorum.lang', suspended: 'quorum.suspended' } as const;

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

/** The access token, observable so components re-render on login and logout. */
export const tokenStore = createStore<string | null>(readStored(STORAGE_KEYS.token));

/** The stored access token, or null. */
export function getToken(): string | null {
  return tokenStore.get();
}

/** Stores the access token (7-day session token from login or register). */
export function setToken(token: string): void {
  writeStored(STORAGE_KEYS.token, token);
  tokenStore.set(token);
}

/** Forgets the access token. */
export function clearToken(): void {
  writeStored(STORAGE_KEYS.token, null);
  tokenStore.set(null);
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
 * Remembers the end of a suspension for the suspended page (from a 403 `suspended`: unix seconds, 0 = forever).
 */
export function rememberSuspension(until: number): void {
  writeStored(STORAGE_KEYS.suspended, String(until));
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
}
