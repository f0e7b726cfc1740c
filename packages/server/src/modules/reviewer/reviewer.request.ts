/**
 * The request a review is made for: the member's address, user agent and referrer, which reviewer plugins such
 * as Akismet weigh. Services are called without the request, so an `onRequest` hook keeps it in an
 * AsyncLocalStorage for the length of each request (per request, never shared: no cache).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a review knows of the request. */
export interface ReviewClient {
  user_ip: string;
  user_agent: string;
  referrer: string;
  language: string;
}

const current = new AsyncLocalStorage<FastifyRequest>();

/** Registers the hook on the root instance (app.ts), before the routes. */
export function installReviewerRequest(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => current.run(req, done));
}

/** The current request's client, or blanks outside a request (a script, a periodic job). */
export function reviewClient(): ReviewClient {
  const req = current.getStore();
  if (!req) return { user_ip: '', user_agent: '', referrer: '', language: 'en_US' };
  const header = (name: string) => String(req.headers[name] ?? '').slice(0, 500);
  return { user_ip: req.ip, user_agent: header('user-agent'), referrer: header('referer'), language: req.lang || 'en_US' };
}
