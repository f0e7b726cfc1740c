/**
 * The few HTTP rules every call to a provider follows: https everywhere except the machine itself (a local server
 * in tests), through the fetch the server lends the plugin (plugin-api PluginFetch: its address guard refuses
 * private and loopback addresses unless the operator allows them), a time limit, no redirects, and a JSON body read
 * whatever the status (WeChat and DingTalk put their error details in it).
 */
import type { PluginFetch } from '@quorum/plugin-api';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** How long one call to a provider may take, in milliseconds. */
export const CALL_TIMEOUT_MS = 10_000;

/**
 * The URL of `path` under a configured base URL (its own path kept: `https://host/prefix` + `/v1.0/x`).
 * @throws Error when the base is not an absolute URL, or is plain http to anything but the loopback interface
 */
export function endpoint(base: string, path: string): URL {
  const url = new URL(base.replace(/\/+$/, '') + path);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) throw new Error(`${url.origin}: the provider must be reached over https`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${base}: not an http(s) URL`);
  return url;
}

/** A response's status and its JSON body ({} when the body is not JSON). */
export interface JsonReply {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One request through `fetch` (the server's, from the hook context), its JSON answer read whatever the status.
 * @throws Error when the address is refused, the network fails or the time limit passes
 */
export async function requestJson(fetch: PluginFetch, url: URL, init: RequestInit): Promise<JsonReply> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = {};
  }
  return { status: res.status, body };
}

/** A field of a JSON object as a string ('' when absent or not a string or number). */
export function str(obj: Record<string, unknown>, key: string): string {
  const v = obj[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}
