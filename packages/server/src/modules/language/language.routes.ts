/** Language options and UI bundles: GET /language/options, /language/config (and the installer's copies). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { availableLanguages, isAvailableLanguage, uiBundle } from '../../core/i18n.js';
import { getSettings } from '../siteinfo/index.js';

const LangQuery = z.object({ lang: z.string().optional() });

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  // Every offered language is complete (the completeness test in core/ fails otherwise): progress 100.
  const options = () => availableLanguages().map((l) => ({ label: l.label, value: l.value, progress: 100 }));
  const pick = async (lang: string | undefined, fallback: string) => {
    const wanted = lang && lang !== 'Default' ? lang : fallback;
    return isAvailableLanguage(wanted) ? wanted : DEFAULT_LANGUAGE;
  };

  app.get('/answer/api/v1/language/options', async (req) => ok(req, options()));
  app.get('/installation/language/options', async (req) => ok(req, options()));
  app.get('/answer/api/v1/language/config', async (req) => {
    const { lang } = parse(LangQuery, req.query);
    const { interface: ui } = await getSettings(ctx);
    return ok(req, uiBundle(await pick(lang ?? (req.headers['accept-language'] ? req.lang : undefined), ui.language)));
  });
  app.get('/installation/language/config', async (req) => {
    const { lang } = parse(LangQuery, req.query);
    return ok(req, uiBundle(await pick(lang, req.lang)));
  });
}
