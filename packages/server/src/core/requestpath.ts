/**
 * The one path a request is decided on. Fastify's router percent-decodes the path and accepts absolute-form
 * targets (`GET http://host/answer/...`), so `/%61nswer/admin/api/x` reaches the handler of `/answer/admin/api/x`
 * while a text check on `req.url` does not recognise it. Every guard, scope, cache key and limit therefore
 * decides on {@link decisionPath}: the pattern of the route the router matched (`req.routeOptions.url`) when a
 * concrete route matched, else the path as the router sees it (absolute form stripped, query cut, decoded like
 * `decodeURI`), with dot segments resolved and repeated slashes collapsed, so that a spelling can only look more
 * like a guarded path than it is, never less. Computed once per request.
 *
 * Absolute-form targets naming another host than the Host header are refused (400) before any route runs
 * ({@link foreignAbsoluteTarget}, called from core/http.ts).
 */
import type { FastifyRequest } from 'fastify';

/**
 * Longest path parameter the router accepts, in characters of the raw (percent-encoded) path: a slug of a
 * 150-character title in a script of 4-byte characters is 150 x 12 = 1,800; Fastify's default of 100 made such
 * questions unreachable.
 */
export const MAX_PARAM_LENGTH = 2048;

const cached = Symbol('quorum.decisionPath');
type WithPath = FastifyRequest & { [cached]?: string };

/** `http://host:port/a/b?x` -> `/a/b?x`; other targets unchanged. */
function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  if (!m) return url;
  const rest = url.slice(m[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The path of a raw request target as the router matches it, normalised: absolute form stripped, query and
 * fragment cut, percent-escapes of unreserved characters decoded (reserved ones such as `%2F` stay, as the
 * router keeps them), `.` and `..` segments resolved, runs of `/` collapsed. A malformed escape leaves the text
 * undecoded (the router refuses such a path with 400 anyway).
 * @param url `req.url`, e.g. `/%61nswer//api/v1/../v1/question/info?id=1`
 * @returns e.g. `/answer/api/v1/question/info`
 */
export function normalisePath(url: string): string {
  let p = originForm(url);
  const cut = p.search(/[?#]/);
  if (cut >= 0) p = p.slice(0, cut);
  try {
    p = decodeURI(p);
  } catch {
    // keep the raw text
  }
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  const trailing = p.length > 1 && p.endsWith('/') ? '/' : '';
  return `/${out.join('/')}${out.length ? trailing : ''}`;
}

/**
 * The path to decide on for this request: the matched route's pattern (e.g. `/answer/api/v1/question/info`,
 * `/questions/:qid/:slug`) when a route without a wildcard matched, else {@link normalisePath} of the target.
 * Patterns of parametric routes keep their `:name` parts, so exact allow-list entries never match them by accident.
 */
export function decisionPath(req: FastifyRequest): string {
  const r = req as WithPath;
  let p = r[cached];
  if (p === undefined) {
    const pattern = req.routeOptions?.url;
    p = pattern && !pattern.includes('*') ? pattern : normalisePath(req.url);
    r[cached] = p;
  }
  return p;
}

/**
 * True when the request target is in absolute form and names a host other than the request's Host header
 * (RFC 9112 §3.2.2: a server that is not a proxy must not serve another authority's resource). Same-host
 * absolute targets are served like the origin form.
 */
export function foreignAbsoluteTarget(req: FastifyRequest): boolean {
  const url = req.raw.url ?? '/';
  if (url.startsWith('/') || url === '*') return false;
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url);
  if (!m) return true;
  const authority = m[1]!.replace(/^[^@]*@/, '').toLowerCase();
  const host = String(req.headers.host ?? '').toLowerCase();
  return authority !== host;
}
