/**
 * Wire envelope and helpers shared by server and client (answer-compat.md "Envelope").
 */

/** Every JSON response: code equals the HTTP status; reason is an i18n key; msg is its translation. */
export interface Envelope<T> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** One entry of a 400 field-error list (spec §3 "Error list entry"). */
export interface FieldError {
  error_field: string;
  error_msg: string;
}

/** Paged list payload: `{count, list}`. */
export interface Page<T> {
  count: number;
  list: T[];
}

/** How the client should present a 400 error (spec §8). */
export type ErrType = 'toast' | 'alert' | 'modal';

/** Path prefixes (spec §7). */
export const API_PREFIX = '/answer/api/v1';
export const ADMIN_API_PREFIX = '/answer/admin/api';
export const INSTALL_PREFIX = '/installation';

/**
 * Canonical key of an API GET call: the path plus its query sorted by name, empty values dropped.
 * The server uses it to hand prefetched data to the hydrating client, which looks calls up by the same key.
 * @param path e.g. `/answer/api/v1/question/page`
 * @param query flat query parameters
 * @returns e.g. `/answer/api/v1/question/page?order=newest&page=1`
 */
export function apiKey(path: string, query: Record<string, string | number | boolean | undefined | null> = {}): string {
  const parts = Object.keys(query)
    .filter((k) => query[k] !== undefined && query[k] !== null && query[k] !== '')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}
