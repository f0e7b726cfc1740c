/**
 * The authorization matrix shared by matrix.test.ts (each caller's status per call) and matrix.spellings.test.ts
 * (the same calls under other spellings of their paths): [method, path, body, expected status per actor].
 */

import type { FastifyInstance } from 'fastify';
import { adminToken, call, registerUser } from '../../../test/dialects.js';

export const V1 = '/answer/api/v1';
export const ADM = '/answer/admin/api';
export const ACTORS = ['anonymous', 'inactive', 'suspended', 'user', 'moderator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Admin-only calls: 401 anonymous, 403 for every other caller, then the admin's answer. */
const ADMIN_ONLY_200 = [401, 403, 403, 403, 403, 200];
const ADMIN_ONLY_400 = [401, 403, 403, 403, 403, 400];

/** [method, path, body, expected status per actor in ACTORS order]; bodies are empty so allowed calls stop at validation. */
export const MATRIX: Array<[Method, string, unknown, number[]]> = [
  ['GET', `${V1}/user/info`, undefined, [200, 200, 200, 200, 200, 200]],
  ['PUT', `${V1}/user/info`, {}, [401, 403, 403, 200, 200, 200]],
  ['PUT', `${V1}/user/interface`, {}, [401, 400, 403, 400, 400, 400]],
  ['GET', `${V1}/user/notification/config`, undefined, [401, 200, 403, 200, 200, 200]],
  ['PUT', `${V1}/user/notification/config`, {}, [401, 403, 403, 200, 200, 200]],
  ['PUT', `${V1}/user/notification/unsubscribe`, {}, [400, 400, 400, 400, 400, 400]],
  ['GET', `${V1}/user/info/search?username=a`, undefined, [401, 200, 200, 200, 200, 200]],
  ['GET', `${V1}/connector/user/info`, undefined, [401, 200, 200, 200, 200, 200]],
  ['PUT', `${V1}/user/password`, {}, [401, 400, 403, 400, 400, 400]],
  ['POST', `${V1}/user/email/change/code`, {}, [401, 400, 403, 400, 400, 400]],
  ['POST', `${V1}/user/email/verification/send`, {}, [401, 400, 403, 200, 200, 200]],
  ['POST', `${V1}/user/email/verification`, {}, [400, 400, 400, 400, 400, 400]],
  ['PUT', `${V1}/user/email`, {}, [400, 400, 400, 400, 400, 400]],
  ['POST', `${V1}/user/password/reset`, {}, [400, 400, 400, 400, 400, 400]],
  ['POST', `${V1}/user/password/replacement`, {}, [400, 400, 400, 400, 400, 400]],
  ['GET', `${V1}/user/action/record?action=login`, undefined, [200, 200, 200, 200, 200, 200]],
  ['POST', `${V1}/user/register/email`, {}, [400, 400, 400, 400, 400, 400]],
  ['POST', `${V1}/user/login/email`, {}, [400, 400, 400, 400, 400, 400]],
  ['GET', `${ADM}/users/page`, undefined, [401, 403, 403, 403, 403, 200]],
  ['PUT', `${ADM}/user/status`, {}, [401, 403, 403, 403, 403, 400]],
  ['PUT', `${ADM}/user/role`, {}, [401, 403, 403, 403, 403, 400]],
  ['PUT', `${ADM}/user/password`, {}, [401, 403, 403, 403, 403, 400]],
  ['POST', `${ADM}/users`, {}, [401, 403, 403, 403, 403, 400]],
  ['GET', `${ADM}/roles`, undefined, [401, 403, 403, 403, 403, 200]],
  ['GET', `${ADM}/user/activation`, undefined, [401, 403, 403, 403, 403, 400]],
  ['POST', `${ADM}/users/activation`, {}, [401, 403, 403, 403, 403, 400]],
  ['POST', `${ADM}/user/activation`, {}, [401, 403, 403, 403, 403, 400]],
  ['GET', `${ADM}/setting/smtp`, undefined, [401, 403, 403, 403, 403, 200]],
  ['PUT', `${ADM}/setting/smtp`, {}, [401, 403, 403, 403, 403, 400]],
  ['GET', `${V1}/question/page`, undefined, [200, 200, 200, 200, 200, 200]],
  ['POST', `${V1}/question`, {}, [401, 403, 403, 400, 400, 400]],
  // Admin console: settings sections, options, dashboard, content lists, users.
  ...(['general', 'interface', 'seo', 'theme', 'users'] as const).flatMap((s): Array<[Method, string, unknown, number[]]> => [
    ['GET', `${ADM}/siteinfo/${s}`, undefined, ADMIN_ONLY_200],
    ['PUT', `${ADM}/siteinfo/${s}`, {}, ADMIN_ONLY_400],
  ]),
  // Every field of these sections is optional: an empty body is a valid save.
  ...(['branding', 'write', 'legal', 'custom-css-html'] as const).flatMap((s): Array<[Method, string, unknown, number[]]> => [
    ['GET', `${ADM}/siteinfo/${s}`, undefined, ADMIN_ONLY_200],
    ['PUT', `${ADM}/siteinfo/${s}`, {}, ADMIN_ONLY_200],
  ]),
  ['GET', `${ADM}/language/options`, undefined, ADMIN_ONLY_200],
  ['GET', `${ADM}/theme/options`, undefined, ADMIN_ONLY_200],
  ['GET', `${ADM}/dashboard`, undefined, ADMIN_ONLY_200],
  ['GET', `${ADM}/question/page`, undefined, ADMIN_ONLY_200],
  ['GET', `${ADM}/answer/page`, undefined, ADMIN_ONLY_200],
  ['PUT', `${ADM}/question/status`, {}, ADMIN_ONLY_400],
  ['PUT', `${ADM}/answer/status`, {}, ADMIN_ONLY_400],
  ['POST', `${ADM}/user`, {}, ADMIN_ONLY_400],
  ['PUT', `${ADM}/user/profile`, {}, ADMIN_ONLY_400],
  ['GET', `${ADM}/user/info`, undefined, ADMIN_ONLY_400],
  ['GET', `${ADM}/siteinfo/login`, undefined, ADMIN_ONLY_200],
  // A bad body: an empty one is a valid save and would turn the private site off mid-test.
  ['PUT', `${ADM}/siteinfo/login`, { allow_email_domains: 'x' }, ADMIN_ONLY_400],
  // Moderation: flags, the review queues and their counts.
  ['POST', `${V1}/report`, {}, [401, 403, 403, 400, 400, 400]],
  ['GET', `${V1}/report/flags`, undefined, [401, 403, 403, 400, 400, 400]],
  ['GET', `${V1}/reviewing/type`, undefined, [401, 403, 403, 200, 200, 200]],
  ...([`${V1}/report/unreviewed/post`, `${V1}/report/unreviewed/user`, `${V1}/review/pending/post/page`, `${V1}/review/pending/user/page`] as const).map((p): [Method, string, unknown, number[]] => ['GET', p, undefined, [401, 403, 403, 403, 200, 200]]),
  ...([`${V1}/report/review`, `${V1}/review/pending/post`, `${V1}/review/pending/user`] as const).map((p): [Method, string, unknown, number[]] => ['PUT', p, {}, [401, 403, 403, 403, 400, 400]]),
  ['PUT', `${ADM}/report`, {}, ADMIN_ONLY_400],
  ['GET', `${ADM}/backups`, undefined, ADMIN_ONLY_200],
  ['GET', `${ADM}/backups/download`, undefined, ADMIN_ONLY_400],
  ['POST', `${ADM}/backups/restore`, {}, ADMIN_ONLY_400],
  ['PUT', `${ADM}/backups/schedule`, {}, ADMIN_ONLY_400],
  // Answer 2.0's admin calls (siteinfo.v2.routes.ts, apikey.v2.routes.ts, mcp.config.routes.ts, modules/trash).
  ...(['question', 'tag', 'advanced', 'polices'] as const).flatMap((s): Array<[Method, string, unknown, number[]]> => [
    ['GET', `${ADM}/siteinfo/${s}`, undefined, ADMIN_ONLY_200],
    ['PUT', `${ADM}/siteinfo/${s}`, {}, ADMIN_ONLY_200],
  ]),
  ...(['security', 'users-settings'] as const).flatMap((s): Array<[Method, string, unknown, number[]]> => [
    ['GET', `${ADM}/siteinfo/${s}`, undefined, ADMIN_ONLY_200],
    ['PUT', `${ADM}/siteinfo/${s}`, {}, ADMIN_ONLY_400],
  ]),
  ['GET', `${ADM}/api-key/all`, undefined, ADMIN_ONLY_200],
  ['POST', `${ADM}/api-key`, {}, ADMIN_ONLY_400],
  ['PUT', `${ADM}/api-key`, {}, ADMIN_ONLY_400],
  ['DELETE', `${ADM}/api-key`, {}, ADMIN_ONLY_400],
  ['GET', `${ADM}/mcp-config`, undefined, ADMIN_ONLY_200],
  ['PUT', `${ADM}/mcp-config`, { enabled: true }, ADMIN_ONLY_200],
  ['DELETE', `${ADM}/delete/permanently`, {}, ADMIN_ONLY_400],
];


/** Every [method, path] of the app, from Fastify's route tree (parametric and wildcard routes included). */
export function routesOf(app: FastifyInstance): Array<[Method, string]> {
  const out: Array<[Method, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1]!.length / 4);
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of m[3]!.split(', ')) if (['GET', 'POST', 'PUT', 'DELETE'].includes(method)) out.push([method as Method, full]);
  }
  return out;
}

/**
 * The matrix's callers on an installed site: the administrator, a member, an inactive member, a moderator and a
 * suspended member, each with a login token (anonymous has none).
 */
export async function matrixActors(app: FastifyInstance): Promise<Partial<Record<Actor, string>>> {
  const tokens: Partial<Record<Actor, string>> = {};
  tokens.admin = await adminToken(app);
  tokens.user = (await registerUser(app, 'plain')).token;
  tokens.inactive = (await registerUser(app, 'unconfirmed', { activate: false })).token;
  const mod = await registerUser(app, 'keeper');
  tokens.moderator = mod.token;
  const sus = await registerUser(app, 'benched');
  tokens.suspended = sus.token;
  await call(app, 'PUT', `${ADM}/user/role`, { token: tokens.admin, body: { user_id: mod.id, role_id: 3 } });
  await call(app, 'PUT', `${ADM}/user/status`, { token: tokens.admin, body: { user_id: sus.id, status: 'suspended' } });
  return tokens;
}
