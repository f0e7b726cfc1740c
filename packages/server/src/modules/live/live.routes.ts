/**
 * GET /answer/api/v1/notification/stream[?question_id=]: server-sent events for a logged-in member (the session
 * cookie of our web client, or the Authorization header). Events:
 * - `status`: the member's unread counts, the data of GET /notification/status, sent at once and whenever their
 *   notifications change (on any node when Redis is configured);
 * - `question`: `{kind: answer|comment|vote, question_id, object_id, user_id, votes?}` for the question named in
 *   the query (`user_id`: who did it, so a page can leave out its own member's changes).
 * The 3 s poll of GET /notification/status keeps working for clients without streams. The response is taken over
 * from Fastify (`reply.hijack()`), so it ends when the client goes or the app closes, never by a timeout.
 * With `QUORUM_REDIS_URL` set, registering the plugin connects the event bus to Redis.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventBus } from '../../core/events.js';
import { redisClient } from '../../core/redis.js';
import { parse } from '../../core/http.js';
import { requireUser } from '../user/index.js';
import { LiveHub, type LiveConnection } from './live.hub.js';

const StreamQuery = z.object({ question_id: z.string().trim().regex(/^\d{1,32}$/, 'error.form.is_invalid').optional() });

const hubs = new WeakMap<object, LiveHub>();

/** The stream hub of an app (for tests and the benchmark: how many streams are open). */
export function liveHub(app: FastifyInstance): LiveHub | undefined {
  return hubs.get(app.quorum);
}

/** Fastify plugin registering the stream call; connects Redis when configured. */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const hub = new LiveHub(ctx);
  hubs.set(ctx, hub);
  const redisUrl = process.env.QUORUM_REDIS_URL;
  if (redisUrl) {
    eventBus(ctx)
      .connectRedis(redisUrl, (url) => new (redisClient())(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true }))
      .catch((err: unknown) => ctx.log.warn({ err }, 'Redis subscription failed: live events stay on this node'));
  }
  // Streams never end on their own: end them before the server waits for open connections to close.
  app.addHook('preClose', async () => hub.close());
  ctx.onClose.push(() => hub.close());

  app.get('/answer/api/v1/notification/stream', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const q = parse(StreamQuery, req.query);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    const conn: LiveConnection = { user, lang: req.lang, questionId: q.question_id ?? '', res };
    hub.add(conn);
    req.raw.on('close', () => hub.remove(conn));
    res.on('close', () => hub.remove(conn));
    await hub.sendStatus([conn]);
  });
}
