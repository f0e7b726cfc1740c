/**
 * Badge calls Answer's client makes on the badges page and on every profile. Badges are not awarded yet, so the
 * answers are empty, in the shapes of Answer's handlers:
 * - GET /badges: [] of `{group_name, badges: [{id, name, icon, award_count, earned_count, level}]}`
 * - GET /badge/user/awards/recent?username=: `{count, list}` (Answer returns a page model here, not the array
 *   its swagger shows) of `{id, name, icon, earned_count, level}`
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/http.js';

/** Fastify plugin registering the calls listed in this file's header. */
export async function badgeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/answer/api/v1/badges', async (req) => ok(req, []));
  app.get('/answer/api/v1/badge/user/awards/recent', async (req) => ok(req, { count: 0, list: [] }));
}
