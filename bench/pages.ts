/**
 * Addresses of question pages of an installed site for the benchmarks: the canonical path under the site's
 * permalink style (what links and crawlers ask for; other forms answer 301 to it).
 */
import type { FastifyInstance } from 'fastify';
import { questionPath } from '@quorum/contract';
import { getSettings } from '../packages/server/src/modules/siteinfo/index.js';

/** Visible questions, oldest id first: `{id, path}`; at most `limit` when given. */
export async function questionPages(app: FastifyInstance, limit?: number): Promise<Array<{ id: string; path: string }>> {
  const style = Number((await getSettings(app.quorum)).site_seo.permalink);
  let q = app.quorum.database!.kysely.selectFrom('questions').select(['id', 'title']).where('status', '=', 1).orderBy('id');
  if (limit !== undefined) q = q.limit(limit);
  return (await q.execute()).map((r) => ({ id: r.id, path: questionPath(r.id, r.title, style) }));
}
