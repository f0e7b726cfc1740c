/**
 * HTTP helpers shared by all route files: the success envelope, request validation into field errors,
 * and the error handler that turns any failure into the envelope of answer-compat.md "Errors".
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope, FieldError } from '@quorum/contract';
import { AppError, fieldErrors, type FieldIssue } from './errors.js';
import { pickLanguage, translate } from './i18n.js';
import { foreignAbsoluteTarget, normalisePath } from './requestpath.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** en_US or zh_CN, from Accept-Language (or the user's setting, once known). */
    lang: string;
  }
}

/** The success envelope: `{code: 200, reason: 'base.success', msg, data}`. */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, reason: 'base.success', msg: translate('base.success', req.lang), data };
}

/**
 * JSON text of an object: the members of `json` (the JSON text of an object, as JSON.stringify writes it) followed
 * by those of `extra`. For responses whose larger part is the same for every reader: its JSON is kept and only
 * the reader's own members are serialized per request. `extra` must not repeat a member of `json` (the text would
 * hold it twice); members whose value is undefined are left out, as JSON.stringify does.
 */
export function extendJson(json: string, extra: Record<string, unknown>): string {
  const more = JSON.stringify(extra);
  if (more === '{}') return json;
  if (json === '{}') return more;
  return `${json.slice(0, -1)},${more.slice(1)}`;
}

/**
 * Sends the success envelope of ok() around `dataJson`, data already serialized (JSON text), so it is not
 * serialized again.
 */
export function sendOkJson(req: FastifyRequest, reply: FastifyReply, dataJson: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"code":200,"reason":"base.success","msg":${JSON.stringify(translate('base.success', req.lang))},"data":${dataJson}}`);
}

/**
 * Validates `input` against a zod schema.
 * @returns the parsed value (with defaults and coercions applied)
 * @throws AppError 400 `base.request_format_error` listing every failing field, messages as reason keys
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const message = issue.message.startsWith('error.') ? issue.message : 'error.form.is_invalid';
    issues.push({ field, message });
  }
  throw fieldErrors(issues);
}

/** Translates field issues into the wire form. */
export function translateFields(fields: FieldIssue[], lang: string): FieldError[] {
  return fields.map((f) => ({ error_field: f.field, error_msg: translate(f.message, lang, { field: f.field, ...f.params }) }));
}

/** Sends an envelope with a status other than 200. */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError): FastifyReply {
  if (err.fields.length) {
    const data = translateFields(err.fields, req.lang);
    const msg = data.length === 1 ? data[0]!.error_msg : translate(err.reason, req.lang);
    return reply.code(400).send({ code: 400, reason: err.reason, msg, data });
  }
  return reply.code(err.status).send({ code: err.status, reason: err.reason, msg: translate(err.msgKey ?? err.reason, req.lang, err.msgParams), data: err.data });
}

/** U+0000, or a surrogate that is not half of a pair (in `u` mode a pair is one code point, outside Cs). */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True for text every engine can store: no U+0000 and no lone surrogate (PostgreSQL refuses the first, UTF-8 has no form for the second). */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/**
 * A field of a request input holding text a database cannot store (see isStorableText), in the dotted form of
 * field errors (`tags.0.slug_name`; `body` for the input itself); null when there is none. Walks objects and
 * arrays without recursion, so any nesting depth is safe; property names are checked like values (a bad name
 * reports its parent); raw bytes (Buffers) are not text and are skipped.
 */
export function unstorableField(input: unknown): string | null {
  const stack: Array<[value: unknown, path: string]> = [[input, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path || 'body';
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return path || 'body';
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Installs the language hook, the stored-text guard and the error handler: AppError -> its envelope; Fastify's
 * own client errors (bad JSON, wrong content type, body too large) -> 400/413; anything else -> 500
 * `base.unknown` with a request id, logged with its stack, never shown to the client.
 * The guard refuses every request whose path parameters, query or JSON body hold a NUL byte or a lone surrogate
 * with a 400 field error `error.input.unstorable_character` on that field, before any route runs: PostgreSQL
 * answers such text with an encoding error, which used to surface as a 500.
 */
export function installHttpCore(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en_US');
  app.addHook('onRequest', async (req) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    // `GET http://other.example/answer/...`: not ours to serve (core/requestpath.ts).
    if (foreignAbsoluteTarget(req)) throw new AppError(400, 'base.request_format_error', { err_type: 'toast' });
  });
  app.addHook('preValidation', async (req) => {
    const field = unstorableField(req.params) ?? unstorableField(req.query) ?? unstorableField(req.body);
    if (field) throw fieldErrors([{ field, message: 'error.input.unstorable_character' }]);
  });
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    const status = (error as FastifyError).statusCode;
    if (status === 413) return sendError(req, reply, new AppError(413, 'error.request.too_large'));
    if (status === 429) return sendError(req, reply, new AppError(429, 'error.request.rate_limited'));
    if (status && status >= 400 && status < 500) {
      return sendError(req, reply, new AppError(400, 'base.request_format_error', { err_type: 'toast' }));
    }
    const requestId = randomUUID();
    // The path only: a query may carry a one-time code or an unsubscribe token.
    req.log.error({ err: error, requestId, url: normalisePath(req.url) }, 'unhandled error');
    return reply.code(500).send({ code: 500, reason: 'base.unknown', msg: translate('base.unknown', req.lang), data: { request_id: requestId } });
  });
}

/** Renders the site's error page for a page address; installed by modules/ssr once its routes exist. */
export interface PageErrors {
  render?: (req: FastifyRequest, reply: FastifyReply, status: number) => Promise<unknown>;
}

/** A holder for the page renderer, passed to Fastify's `frameworkErrors` before modules/ssr fills it. */
export function pageErrors(): PageErrors {
  return {};
}

/** Paths answered with the JSON envelope rather than a page. */
const NON_PAGE = /^\/(?:answer|installation|assets|uploads)\//;

/**
 * Fastify's `frameworkErrors`: the router's own refusals, which run before any hook (a malformed percent-escape
 * in the path, FST_ERR_BAD_URL -> 400; a path parameter longer than the router allows, FST_ERR_MAX_PARAM_LENGTH
 * -> 414), answer like every other error: the envelope (`base.request_format_error`, `error.request.too_large`)
 * for API paths and non-GET calls, the site's not-found page (with the status) for page addresses, and the
 * headers of `headers` on both. The path is never echoed back.
 */
export function frameworkErrorHandler(pages: PageErrors, headers: () => Record<string, string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): unknown => {
    req.lang = pickLanguage(req.headers['accept-language']);
    for (const [k, v] of Object.entries(headers())) reply.header(k, v);
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    const path = normalisePath(req.url);
    if (pages.render && (req.method === 'GET' || req.method === 'HEAD') && !NON_PAGE.test(path)) {
      return pages.render(req, reply, status === 414 ? 414 : 404);
    }
    const err = status === 414 ? new AppError(414, 'error.request.too_large') : new AppError(400, 'base.request_format_error', { err_type: 'toast' });
    return sendError(req, reply, err);
  };
}
