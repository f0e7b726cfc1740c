/** Tag calls (spec §7 "Tags"): list, by slug, info, create, edit, delete, recover, synonyms, follows, merge and its undo; editor autocomplete. */
import type { FastifyInstance } from 'fastify';
import { FollowTagsReq, TagAddReq, TagMergeReq, TagMergeUndoReq, TagIdReq, TagInfoQuery, TagPageQuery, TagSynonymUpdateReq, TagSynonymsQuery, TagUpdateReq, TagsBySlugQuery } from '@quorum/contract';
import { z } from 'zod';
import { ok, parse } from '../../core/http.js';
import { currentUser, requireActiveUser, requireUser } from '../../core/auth/index.js';
import { followingTags, presentTagFor, tagInfo, tagPage, tagSynonyms, tagsBySlugs } from './tag.read.service.js';
import { suggestTags } from './tag.service.js';
import { mergeTags, undoMerge } from './tag.merge.service.js';
import { createTag, deleteTag, followTags, recoverTag, updateSynonyms, updateTag } from './tag.write.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function tagRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  const V1 = '/answer/api/v1';

  app.get(`${V1}/question/tags`, async (req) => {
    const { tag } = parse(z.object({ tag: z.string().trim().max(35).default('') }), req.query);
    return ok(req, await suggestTags(ctx, tag));
  });

  app.get(`${V1}/tags/page`, async (req) => ok(req, await tagPage(ctx, parse(TagPageQuery, req.query), await currentUser(ctx, req))));

  app.get(`${V1}/tags`, async (req) => ok(req, await tagsBySlugs(ctx, parse(TagsBySlugQuery, req.query).tags)));

  app.get(`${V1}/tag`, async (req) => {
    const q = parse(TagInfoQuery, req.query);
    return ok(req, await tagInfo(ctx, { id: q.tag_id || q.id, name: q.tag_name || q.name }, await currentUser(ctx, req)));
  });

  app.post(`${V1}/tag`, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    const tag = await createTag(ctx, user, parse(TagAddReq, req.body));
    return ok(req, await presentTagFor(ctx, tag, user));
  });

  app.put(`${V1}/tag`, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await updateTag(ctx, user, parse(TagUpdateReq, req.body)));
  });

  app.delete(`${V1}/tag`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await deleteTag(ctx, user, parse(TagIdReq, req.body).tag_id);
    return ok(req, null);
  });

  app.post(`${V1}/tag/recover`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await recoverTag(ctx, user, parse(TagIdReq, req.body).tag_id);
    return ok(req, null);
  });

  app.get(`${V1}/tag/synonyms`, async (req) => ok(req, await tagSynonyms(ctx, parse(TagSynonymsQuery, req.query).tag_id, await currentUser(ctx, req))));

  app.put(`${V1}/tag/synonym`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await updateSynonyms(ctx, user, parse(TagSynonymUpdateReq, req.body));
    return ok(req, null);
  });

  app.post(`${V1}/tag/merge`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await mergeTags(ctx, user, parse(TagMergeReq, req.body)));
  });

  app.post(`${V1}/tag/merge/undo`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    return ok(req, await undoMerge(ctx, user, parse(TagMergeUndoReq, req.body).merge_id));
  });

  app.get(`${V1}/tags/following`, async (req) => ok(req, await followingTags(ctx, await requireUser(ctx, req))));

  app.put(`${V1}/follow/tags`, async (req) => {
    const user = await requireActiveUser(ctx, req);
    await followTags(ctx, user, parse(FollowTagsReq, req.body));
    return ok(req, null);
  });
}
