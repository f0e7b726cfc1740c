/** Profile calls (spec §7 "Profiles"), GET /user/ranking and the member directory GET /user/directory. */
import type { FastifyInstance } from 'fastify';
import { PersonalOwnPageQuery, PersonalPageQuery, PersonalUserQuery, UserDirectoryQuery } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireUser } from '../../core/auth/index.js';
import { userRanking } from './personal.ranking.js';
import { userDirectory } from './personal.directory.js';
import { ownBookmarks, ownVotes, profileAnswers, profileComments, profileInfo, profileQuestions, profileReputation, topPosts } from './personal.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function personalRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const base = '/answer/api/v1/personal';

  app.get(`${base}/user/info`, async (req) => ok(req, await profileInfo(ctx, parse(PersonalUserQuery, req.query).username, await currentUser(ctx, req))));
  app.get(`${base}/qa/top`, async (req) => ok(req, await topPosts(ctx, parse(PersonalUserQuery, req.query).username, await currentUser(ctx, req))));

  const pages = { question: profileQuestions, answer: profileAnswers, comment: profileComments, rank: profileReputation } as const;
  for (const [tab, fn] of Object.entries(pages)) {
    app.get(`${base}/${tab}/page`, async (req) => ok(req, await fn(ctx, parse(PersonalPageQuery, req.query), await currentUser(ctx, req))));
  }

  app.get(`${base}/collection/page`, async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await ownBookmarks(ctx, user, parse(PersonalOwnPageQuery, req.query)));
  });
  app.get(`${base}/vote/page`, async (req) => {
    const user = await requireUser(ctx, req);
    return ok(req, await ownVotes(ctx, user, parse(PersonalOwnPageQuery, req.query)));
  });

  app.get('/answer/api/v1/user/ranking', async (req) => ok(req, await userRanking(ctx)));
  app.get('/answer/api/v1/user/directory', async (req) => ok(req, await userDirectory(ctx, parse(UserDirectoryQuery, req.query))));
}
