/**
 * Server-side rendering only: react-router's route matching without its per-render setup. For a declarative
 * `<Routes>` table, react-router flattens and ranks every route and compiles a regular expression for each path
 * pattern it tries, on every render; on a question page that was a third of React's render time
 * (docs/BENCHMARKS.md "Real traffic"). This plugin rewrites two functions of react-router's production build in
 * the SSR bundle:
 * - `flattenAndRankRoutes(routes)` keeps its result per routes array (a WeakMap): the app passes one array made
 *   once (src/app/routes.tsx), so the table is ranked once per process. Only for tables nobody changes after
 *   first use, which holds for the static router of the server (no lazy route discovery there).
 * - `compilePath(path, caseSensitive, end)` keeps its `[RegExp, params]` per arguments (at most 1,000 patterns);
 *   the expression has no `g` flag, so it carries no state between uses, and callers only read `params`.
 * - every `<Link>` resolves its target against the route's pathnames, which react-router passes around as JSON:
 *   `JSON.stringify(getResolveToMatches(matches))` in `useResolvedPath` and `useNavigate` (both run per link) and
 *   `JSON.parse` of it to resolve (a link and `navigate`). Here the JSON is kept per `matches` array (a WeakMap: one array per route level
 *   and render) and the parsed pathnames per JSON text (at most 1,000); `resolveTo` only reads the array.
 * - `<Link>` builds its click handler (`useLinkClickHandler`: a `navigate` function, the location and the
 *   resolved target once more) on every render; a server render never clicks, and handlers are not part of the
 *   markup, so in the SSR build a link gets a handler that does nothing.
 * Matching results and markup are the same. When a react-router upgrade renames these functions the plugin warns
 * and leaves the code as it is (slower, still correct).
 */
import type { Plugin } from 'vite';

const RANK = 'function flattenAndRankRoutes(routes) {';
const COMPILE = 'function compilePath(path, caseSensitive = false, end = true) {';

const RANK_CACHED = `const __quorumRanked = new WeakMap();
function flattenAndRankRoutes(routes) {
  let ranked = __quorumRanked.get(routes);
  if (!ranked) {
    ranked = __quorumFlattenAndRank(routes);
    __quorumRanked.set(routes, ranked);
  }
  return ranked;
}
function __quorumFlattenAndRank(routes) {`;

const COMPILE_CACHED = `const __quorumCompiled = new Map();
function compilePath(path, caseSensitive = false, end = true) {
  const key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = __quorumCompiled.get(key);
  if (!compiled) {
    compiled = __quorumCompilePath(path, caseSensitive, end);
    if (__quorumCompiled.size < 1000) __quorumCompiled.set(key, compiled);
  }
  return compiled;
}
function __quorumCompilePath(path, caseSensitive = false, end = true) {`;

const PATHNAMES_JSON = 'JSON.stringify(getResolveToMatches(matches))';
const PATHNAMES_PARSE = 'JSON.parse(routePathnamesJson)';

const LINK_CLICK = 'let internalOnClick = useLinkClickHandler(to, {';
const LINK_CLICK_SSR = 'let internalOnClick = __quorumNoClick; void ({';

const PATHNAMES_HELPERS = `const __quorumNoClick = () => undefined;
const __quorumPathnamesJson = new WeakMap();
function __quorumRoutePathnamesJson(matches) {
  let json = __quorumPathnamesJson.get(matches);
  if (json === undefined) {
    json = JSON.stringify(getResolveToMatches(matches));
    __quorumPathnamesJson.set(matches, json);
  }
  return json;
}
const __quorumPathnamesParsed = new Map();
function __quorumParsePathnames(json) {
  let parsed = __quorumPathnamesParsed.get(json);
  if (parsed === undefined) {
    parsed = JSON.parse(json);
    if (__quorumPathnamesParsed.size < 1000) __quorumPathnamesParsed.set(json, parsed);
  }
  return parsed;
}
`;

/** The Vite plugin (see the file header); a no-op in the client build. */
export function ssrRouterCache(): Plugin {
  return {
    name: 'quorum-ssr-router-cache',
    transform(code, id, options) {
      if (!options?.ssr || !/react-router\/dist\/production\/chunk-[^/]+\.mjs$/.test(id) || !code.includes('function matchRoutesImpl(')) return null;
      if (!code.includes(RANK) || !code.includes(COMPILE)) {
        this.warn(`react-router changed: route matching is not cached in the SSR build (${id})`);
        return null;
      }
      let out = code.replace(RANK, RANK_CACHED).replace(COMPILE, COMPILE_CACHED);
      if (out.includes(PATHNAMES_JSON) && out.includes(PATHNAMES_PARSE)) {
        out = `${out.split(PATHNAMES_JSON).join('__quorumRoutePathnamesJson(matches)').split(PATHNAMES_PARSE).join('__quorumParsePathnames(routePathnamesJson)')}\n${PATHNAMES_HELPERS}`;
      } else {
        this.warn(`react-router changed: link targets are resolved without the pathname cache in the SSR build (${id})`);
      }
      if (out.split(LINK_CLICK).length === 2) out = out.replace(LINK_CLICK, () => LINK_CLICK_SSR);
      else this.warn(`react-router changed: links build their click handler in the SSR build (${id})`);
      return { code: out, map: null };
    },
  };
}
