/**
 * Language options and UI bundles: GET /language/options, /language/config (and the installer's copies). A bundle
 * is every string of the language (our web client's keys) plus `ui`, the same texts under the keys of Answer's
 * web client (answer-ui.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@quorum/contract';
import { ok, parse } from '../../core/http.js';
import { availableLanguages, isAvailableLanguage, uiBundle } from '../../core/i18n.js';
import { getSettings } from '../siteinfo/index.js';
import { answerUiBundle } from './answer-ui.js';

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

  const bundle = (lang: string) => ({ ...uiBundle(lang), ui: answerUiBundle(lang) });

  app.get('/answer/api/v1/language/options', async (req) => ok(req, options()));
  app.get('/installation/language/options', async (req) => ok(req, options()));
  // The web client loads a language other than en_US from here; the site's setting is read only when the
  // caller named no offered language (before installation there is none: the request's language then).
  app.get('/answer/api/v1/language/config', async (req) => {
    const { lang } = parse(LangQuery, req.query);
    const asked = lang ?? (req.headers['accept-language'] ? req.lang : undefined);
    if (isAvailableLanguage(asked)) return ok(req, bundle(asked));
    const site = ctx.installed ? (await getSettings(ctx)).interface.language : req.lang;
    return ok(req, bundle(await pick(asked, site)));
  });
  app.get('/installation/language/config', async (req) => {
    const { lang } = parse(LangQuery, req.query);
    return ok(req, bundle(await pick(lang, req.lang)));
  });
}
