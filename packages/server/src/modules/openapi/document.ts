/**
 * The OpenAPI 3.1 document of the HTTP API: every route the server registered (collected at start-up by
 * openapi.routes.ts), with the request schemas of the contract (zod 4, converted with `z.toJSONSchema` to JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1) where a handler validates with one (registry.gen.ts).
 */
import { z } from 'zod';

/** A route's contract schemas; `path` may hold `{x}` segments that match any one segment. */
export interface RouteSchemas {
  method: string;
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  summary?: string;
}

/** A registered route as Fastify reports it (`url` with `:param` and `*`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

type JsonSchema = Record<string, unknown>;

/** Which routes are documented: the API under /answer/ and the health checks (pages and assets are not API). */
export function isDocumented(url: string): boolean {
  return url.startsWith('/answer/') || url === '/healthz' || url === '/readyz';
}

/** Fastify's `/x/:id/*` as OpenAPI's `/x/{id}/{wildcard}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{wildcard}');
}

function matches(pattern: string, p: string): boolean {
  const a = pattern.split('/');
  const b = p.split('/');
  return a.length === b.length && a.every((seg, i) => seg === b[i] || /^\{.+\}$/.test(seg) || /^\{.+\}$/.test(b[i]!));
}

/** JSON Schema of a zod schema as a client sends it (input side: defaults optional, coercions accept strings). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const s = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete s.$schema;
  return s;
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const s = jsonSchema(schema);
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({ name, in: 'query', required: required.has(name), schema: p }));
}

const ENVELOPE: JsonSchema = {
  type: 'object',
  description: 'Every JSON answer: code is the HTTP status, reason a translation key, msg its text in the request language.',
  properties: { code: { type: 'integer' }, reason: { type: 'string' }, msg: { type: 'string' }, data: {} },
  required: ['code', 'reason', 'msg', 'data'],
};

const ERROR_RESPONSES = {
  '400': { description: 'Invalid request; for form errors `data` is a list of {error_field, error_msg}', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } },
  '401': { description: 'Not logged in, or an unknown, expired or revoked key' },
  '403': { description: 'Not allowed (role, privilege, suspension, or the key scope)' },
};

function tagOf(p: string): string {
  const m = /^\/answer\/(?:api\/v1|admin\/api)\/([^/{]+)/.exec(p);
  if (p.startsWith('/answer/admin/api/')) return `admin ${m?.[1] ?? ''}`.trim();
  return m?.[1] ?? (p.startsWith('/answer/') ? 'other' : 'health');
}

/**
 * The document for the given routes. Routes are sorted by path; HEAD and OPTIONS (Fastify adds HEAD for every
 * GET) and undocumented paths ({@link isDocumented}) are left out.
 * @param version the server version written into `info.version`
 */
export function buildOpenApi(routes: RegisteredRoute[], registry: RouteSchemas[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const seen = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const r of sorted) {
    const method = r.method.toUpperCase();
    if (method === 'HEAD' || method === 'OPTIONS' || !isDocumented(r.url)) continue;
    const p = openApiPath(r.url);
    if (seen.has(`${method} ${p}`)) continue;
    seen.add(`${method} ${p}`);
    const entry = registry.find((s) => s.method === method && matches(s.path, p));
    const params: JsonSchema[] = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    if (entry?.query) params.push(...queryParameters(entry.query));
    const op: JsonSchema = {
      operationId: `${method.toLowerCase()}${p.replace(/[^A-Za-z0-9]+(.)?/g, (_s, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [tagOf(p)],
      summary: entry?.summary ?? `${method} ${p}`,
      ...(params.length ? { parameters: params } : {}),
      ...(entry?.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(entry.body) } } } } : {}),
      responses: { '200': { description: 'Success', content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } }, ...ERROR_RESPONSES },
    };
    (paths[p] ??= {})[method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quorum API',
      version,
      description: 'The HTTP API of Quorum, wire-compatible with Apache Answer 1.4.x. Authenticate with `Authorization: Bearer <API key>` (keys start with `qk_`; created by administrators) or a login token.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas: { Envelope: ENVELOPE },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (qk_...) or a login token' } },
    },
    security: [{ bearer: [] }, {}],
    paths,
  };
}
