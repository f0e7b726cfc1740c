/** Timeline calls (spec §7 "History and review"): logged-in users only (spec §6). */
import type { FastifyInstance } from 'fastify';
import { TimelineDetailQuery, TimelineQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { requireUser } from '../../core/auth/index.js';
import { objectTimeline, timelineDetail } from './timeline.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function timelineRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;

  app.get('/answer/api/v1/activity/timeline', async (req) => {
    const user = await requireUser(ctx, req);
    const q = parse(TimelineQuery, req.query);
    return ok(req, await objectTimeline(ctx, user, q.object_id, q.show_vote));
  });

  app.get('/answer/api/v1/activity/timeline/detail', async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await timelineDetail(ctx, user, parse(TimelineDetailQuery, req.query)));
  });
}
