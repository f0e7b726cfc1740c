/**
 * Revalidation (RFC 9110 §8.8.3 ETag, §13.1.2 If-None-Match; RFC 9111) of what every anonymous reader is sent
 * alike: the server-rendered pages (modules/ssr, which call `notModified` themselves) and the public API lists
 * (PUBLIC_LISTS, by the route the router matched). A phone that has a page or a list asks again with its ETag and
 * gets `304 Not Modified` with no body while nothing changed.
 *
 * - The ETag is weak (`W/"…"`, a SHA-1 of the body, base64url): the bytes differ with the content-encoding and, on
 *   pages, with each response's CSP nonce (the page's hash leaves the nonces out), so a strong one would be wrong.
 *   A content hash needs no invalidation: a 304 is sent only when the body now would be the one the client holds.
 * - Only for anonymous requests (no Authorization header, no session cookie: core/auth's credentials) answered 200
 *   without Set-Cookie. A logged-in response has no ETag and its If-None-Match is ignored.
 * - `Cache-Control: private, no-cache`: the browser keeps the response and asks before each use; no shared cache
 *   keeps it, so no proxy hands one reader's copy (a page with its nonce, an anonymous list) to another.
 * - A page's 304 has no Content-Security-Policy: the browser keeps the stored response's, whose nonce is the one in
 *   the stored page (a new nonce in the 304 would replace it and block the page's scripts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestToken } from './auth/guards.js';

/** Cache-Control of a response with an ETag: kept by the browser alone, revalidated before every use. */
export const REVALIDATE = 'private, no-cache';

/**
 * API lists every anonymous reader is sent alike for the same query, by route: the question, answer and comment
 * lists, tags, the user ranking and the member directory, badges and their awards, a member's questions and answers.
 */
export const PUBLIC_LISTS: ReadonlySet<string> = new Set([
  '/answer/api/v1/question/page',
  '/answer/api/v1/answer/page',
  '/answer/api/v1/comment/page',
  '/answer/api/v1/tags/page',
  '/answer/api/v1/user/ranking',
  '/answer/api/v1/user/directory',
  '/answer/api/v1/badges',
  '/answer/api/v1/badge/awards/page',
  '/answer/api/v1/personal/question/page',
  '/answer/api/v1/personal/answer/page',
]);

/** Weak ETag of a body: `W/"` + base64url SHA-1 (27 characters) + `"`. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names `etag` (weak comparison: `W/` ignored) or is `*`. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const want = etag.replace(/^W\//, '');
  for (const m of [header].flat().join(',').matchAll(/(?:W\/)?("[^"]*")|(\*)/g)) {
    if (m[2] || m[1] === want) return true;
  }
  return false;
}

/** True when a request carries no credential: no Authorization header and no session cookie. */
export function isAnonymous(req: FastifyRequest): boolean {
  return req.headers.authorization === undefined && requestToken(req) === '';
}

/**
 * Gives an anonymous GET answered 200 its ETag and Cache-Control; returns true when the request's If-None-Match
 * names it, after setting `304` (the caller sends no body). False, and nothing set, for any other request.
 */
export function notModified(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200 || !isAnonymous(req) || reply.hasHeader('set-cookie')) return false;
  reply.header('etag', etag).header('cache-control', REVALIDATE);
  if (!etagMatches(req.headers['if-none-match'], etag)) return false;
  reply.code(304);
  return true;
}

/**
 * ETag and 304 for the PUBLIC_LISTS routes (a root onSend hook; install it before the routes): the hash of the
 * serialized body, before compression. A 304 goes without body, Content-Type or Content-Length, and with
 * `Vary: Accept-Encoding` as its 200 would have.
 */
export function installListEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!PUBLIC_LISTS.has(req.routeOptions.url ?? '') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!notModified(req, reply, weakEtag(payload))) return payload;
    reply.removeHeader('content-type');
    reply.header('vary', 'accept-encoding');
    return null;
  });
}
