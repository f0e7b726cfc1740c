/**
 * The fetch the server lends login plugins (plugin-api `PluginFetch`): every request a connector or user-center
 * plugin makes to an address from its configuration — OpenID discovery, token, userinfo and JWKS requests, the
 * user-center providers' APIs — goes through the webhook address guard (modules/webhook webhook.address.ts,
 * docs/OPERATIONS.md "Webhooks and private addresses"). A URL whose host is, or resolves to, a loopback, private,
 * carrier-grade NAT, link-local (cloud metadata), unique-local or reserved address, IPv4 inside IPv6 included, is
 * refused before anything is sent, unless the operator allows private targets (`QUORUM_WEBHOOK_ALLOW_PRIVATE=on`,
 * read at each call). The check is made in the lookup of the connection itself, so a name cannot re-resolve to an
 * inner address in between.
 *
 * Built on node:http(s), since the global fetch takes no lookup: redirects of a GET or HEAD are followed (at most
 * 5, each hop checked again), other methods get the 3xx answer; `redirect: 'manual'` returns it and `'error'`
 * rejects, as in fetch. A body is read up to 5 MB (gzip, deflate and br decoded). Without a signal a request may
 * take 10 s.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { PluginFetch } from '@quorum/plugin-api';
// The guard itself; the webhook module's index exports only what its own callers need.
import { guardedLookup, literalRefusal } from '../webhook/webhook.address.js';

const MAX_REDIRECTS = 5;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Sent when the plugin names none (some APIs, GitHub's among them, refuse a request without one). */
const USER_AGENT = 'Quorum (third-party login)';

/**
 * `fetch` under the address guard (this file's header has the rules).
 * @returns the provider's answer as a `Response` (its `url` is the address that answered)
 * @throws PrivateAddressError (webhook.address.ts) when an address is refused, with a message naming it; TypeError
 *   for a URL that is not http(s) or a redirect under `redirect: 'error'`; the network's errors otherwise
 */
export const guardedFetch: PluginFetch = (url, init = {}) => send(new URL(typeof url === 'string' ? url : url.href), init, 0);

async function send(url: URL, init: RequestInit, hops: number): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${url.protocol} URLs are not fetched`);
  const refused = literalRefusal(url);
  if (refused) throw refused;
  // The Request normalises the headers and the body (a string, URLSearchParams, bytes) as fetch would.
  const request = new Request(url, { ...init, redirect: 'manual' });
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  headers['user-agent'] ??= USER_AGENT;
  if (body) headers['content-length'] = String(body.length);
  const signal = init.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const open = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = open(url, { method: request.method, headers, lookup: guardedLookup, signal }, resolve);
    req.on('error', reject);
    req.end(body);
  });
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (REDIRECTS.has(status) && location && init.redirect !== 'manual') {
    res.resume();
    if (init.redirect === 'error') throw new TypeError(`${url.href} answered a redirect (${status}), which this request does not follow`);
    if ((request.method === 'GET' || request.method === 'HEAD') && hops < MAX_REDIRECTS) return send(new URL(location, url), { ...init, body: undefined }, hops + 1);
  }
  const raw = await readBody(res, url);
  const answer = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
  }
  const decoded = decode(raw, String(res.headers['content-encoding'] ?? '').toLowerCase());
  if (decoded !== raw) {
    answer.delete('content-encoding');
    answer.delete('content-length');
  }
  const empty = NULL_BODY.has(status) || request.method === 'HEAD';
  const response = new Response(empty ? null : new Uint8Array(decoded), { status, statusText: res.statusMessage ?? '', headers: answer });
  Object.defineProperty(response, 'url', { value: url.href });
  Object.defineProperty(response, 'redirected', { value: hops > 0 });
  return response;
}

async function readBody(res: IncomingMessage, url: URL): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      res.destroy();
      throw new Error(`${url.origin}: the answer is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decode(raw: Buffer, encoding: string): Buffer {
  if (!raw.length) return raw;
  const limit = { maxOutputLength: MAX_BODY_BYTES };
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(raw, limit);
  if (encoding === 'deflate') return inflateSync(raw, limit);
  if (encoding === 'br') return brotliDecompressSync(raw, limit);
  return raw;
}
