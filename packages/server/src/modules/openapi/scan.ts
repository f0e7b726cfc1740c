/**
 * Reads route sources and the contract to find which contract schema validates which endpoint: a route
 * `app.post('/answer/api/v1/answer', ...)` whose handler calls `parse(AnswerAddReq, req.body)` takes
 * `AnswerAddReq` as its JSON body. Used by generate.ts to write registry.gen.ts, and by the test that keeps
 * that file in step with the routes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** One endpoint's schemas by contract export name; `summary` is the doc comment of the first schema. */
export interface ScannedRoute {
  method: string;
  path: string;
  body?: string;
  query?: string;
}

const ROUTE = /\bapp\.(get|post|put|delete|patch)\(\s*(['`])([^'`]+)\2/g;
const ANY_ROUTE = /\bapp\.(?:get|post|put|delete|patch|route)\(/g;
const PARSE = /\bparse\(\s*([A-Z][A-Za-z0-9]*)\s*,\s*(req\.body|req\.query|withQuery\(req\))/g;
const CONST = /\bconst\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*'([^']*)'/g;

/** Known path prefixes imported from the contract (packages/contract/src/api.ts). */
const IMPORTED: Record<string, string> = { ADMIN_API_PREFIX: '/answer/admin/api' };

/**
 * The routes of one source file with the schemas their handlers parse. A handler is the text between its
 * `app.<method>(` and the next route call of any form; `${NAME}` in a path is replaced by the file's string constant NAME.
 */
export function scanRouteSource(text: string): ScannedRoute[] {
  const consts: Record<string, string> = { ...IMPORTED };
  for (const m of text.matchAll(CONST)) consts[m[1]!] = m[2]!;
  const bounds = [...text.matchAll(ANY_ROUTE)].map((b) => b.index!);
  return [...text.matchAll(ROUTE)].map((m) => {
    const p = m[3]!.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_s, name: string) => consts[name] ?? `{${name}}`);
    const handler = text.slice(m.index!, bounds.find((b) => b > m.index!) ?? text.length);
    const r: ScannedRoute = { method: m[1]!.toUpperCase(), path: p };
    for (const pm of handler.matchAll(PARSE)) {
      const where = pm[2] === 'req.query' || (pm[2] !== 'req.body' && r.method === 'GET') ? 'query' : 'body';
      if (!r[where]) r[where] = pm[1]!;
    }
    return r;
  });
}

/** The first line of the doc comment right above each `export const X` of a contract schema file. */
export function scanContractSummaries(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/export const ([A-Za-z0-9]+)\s*=/g)) {
    const before = text.slice(0, m.index).trimEnd();
    if (!before.endsWith('*/')) continue;
    const open = before.lastIndexOf('/**');
    if (open < 0) continue;
    const first = before.slice(open + 3, -2).split('\n').map((l) => l.replace(/^\s*\*?\s?/, '').trim()).find(Boolean);
    if (first) out[m[1]!] = first;
  }
  return out;
}

/** Every `*.routes.ts` under `modulesDir`, scanned, sorted by path then method. */
export function scanModules(modulesDir: string): ScannedRoute[] {
  const out: ScannedRoute[] = [];
  for (const dir of readdirSync(modulesDir).sort()) {
    const full = path.join(modulesDir, dir);
    let files: string[];
    try { files = readdirSync(full); } catch { continue; }
    for (const f of files.filter((n) => n.endsWith('.routes.ts')).sort()) out.push(...scanRouteSource(readFileSync(path.join(full, f), 'utf8')));
  }
  return out.filter((r) => r.body || r.query).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
