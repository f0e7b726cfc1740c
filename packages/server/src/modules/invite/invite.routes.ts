/** Invitation calls (spec §7: GET and PUT /question/invite). */
import type { FastifyInstance } from 'fastify';
import { QuestionInviteQuery, QuestionInviteReq } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser } from '../../core/auth/index.js';
import { invitedUsers, setInvites } from './invite.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const path = '/answer/api/v1/question/invite';

  app.get(path, async (req) => ok(req, await invitedUsers(ctx, parse(QuestionInviteQuery, req.query).question_id, await currentUser(ctx, req))));

  app.put(path, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await setInvites(ctx, user, parse(QuestionInviteReq, req.body));
    return ok(req, null);
  });
}
