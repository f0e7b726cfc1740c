/** GET /answer/api/v1/siteinfo and /siteinfo/legal. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, parse } from '../../core/http.js';
import { getSettings, siteInfoPayload } from './siteinfo.service.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function siteinfoRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  app.get('/answer/api/v1/siteinfo', async (req) => ok(req, siteInfoPayload(await getSettings(ctx))));

  app.get('/answer/api/v1/siteinfo/legal', async (req) => {
    const { info_type } = parse(z.object({ info_type: z.enum(['tos', 'privacy'], { error: 'error.form.is_invalid' }) }), req.query);
    const { legal } = await getSettings(ctx);
    return ok(
      req,
      info_type === 'tos'
        ? { terms_of_service_original_text: legal.terms_of_service_original_text, terms_of_service_parsed_text: legal.terms_of_service_parsed_text }
        : { privacy_policy_original_text: legal.privacy_policy_original_text, privacy_policy_parsed_text: legal.privacy_policy_parsed_text },
    );
  });
}
