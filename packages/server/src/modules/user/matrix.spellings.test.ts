/**
 * The authorization matrix under other spellings of each path, over real HTTP (absolute-form targets and dot
 * segments cannot be sent through `inject`): percent-encoded (every character at once, and the first character of
 * each segment alone), an encoded slash, doubled slashes, dot segments, a trailing slash, and absolute form for
 * this host and for another. The router decodes paths and accepts absolute form, so every guard must decide on
 * what it matched (core/requestpath.ts): each spelling answers exactly what the plain path answers, or 404 when
 * the router does not take it for that route at all, and an absolute target naming another host answers 400.
 * Covered: each matrix caller plus API keys of the administrator (read and write scope), a private site for
 * anonymous callers (the matrix and every parameterless API route), maintenance mode, and password login while
 * an external user center is the only way in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeCom, type FakeWeCom } from '@quorum/plugin-user-center-wecom/testkit';
import { ADMIN, DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { ACTORS, ADM, MATRIX, V1, matrixActors, routesOf, type Method } from './matrix.testkit.js';

const CALLERS = [...ACTORS, 'read key', 'write key'] as const;
type Caller = (typeof CALLERS)[number];

/** `%61` for `a`: percent-encodes one character. */
const enc = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Other spellings of `target` (a path with an optional query) that a router taking percent-decoding and absolute
 * form could route like it: [name, request target, Host header override].
 */
function spellings(target: string, host: string): Array<[string, string, string?]> {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q);
  const segs = path.split('/').slice(1);
  const out: Array<[string, string, string?]> = [
    ['every character encoded', `/${segs.map((s) => [...s].map(enc).join('')).join('/')}${query}`],
    ['an encoded slash', `/${segs[0]}%2F${segs.slice(1).join('/')}${query}`],
    ['doubled slashes', `${path.replace(/\//g, '//')}${query}`],
    ['dot segments', `/${segs[0]}/./x/../${segs.slice(1).join('/')}${query}`],
    ['a trailing slash', `${path}/${query}`],
    ['absolute form', `http://${host}${target}`],
    ['absolute form, upper-case scheme and host', `HTTP://${host.toUpperCase()}${target}`],
    ['absolute form for another host', `http://other.example${target}`],
  ];
  segs.forEach((s, i) => {
    if (!s) return;
    const one = [...segs];
    one[i] = enc(s[0]!) + s.slice(1);
    out.push([`segment ${i + 1} first character encoded`, `/${one.join('/')}${query}`]);
  });
  return out;
}

/** One request over a kept-alive connection; the target is sent as given (no normalisation on the way). */
function send(agent: http.Agent, port: number, method: Method, target: string, token: string | undefined, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
    if (token) headers.authorization = token;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Where a spelling's status differs from the plain path's: `[]` when none does. */
async function differences(agent: http.Agent, port: number, rows: Array<[Method, string, unknown]>, callers: Array<[string, string | undefined]>): Promise<{ wrong: string[]; sent: number }> {
  const wrong: string[] = [];
  let sent = 0;
  // What a target no route takes answers, per method and caller: an API address, and a page address.
  const unrouted = new Map<string, number[]>();
  for (const method of new Set(rows.map(([m]) => m))) {
    for (const [who, token] of callers) {
      unrouted.set(`${method} ${who}`, [
        await send(agent, port, method, `${V1}/no-such%2Fcall`, token, method === 'GET' ? undefined : {}),
        await send(agent, port, method, '/no-such%2Fpage', token, method === 'GET' ? undefined : {}),
      ]);
    }
  }
  for (const [method, path, body] of rows) {
    for (const [who, token] of callers) {
      const plain = await send(agent, port, method, path, token, body);
      sent++;
      const variants = spellings(path, `127.0.0.1:${port}`);
      const answers = await Promise.all(variants.map(([, target]) => send(agent, port, method, target, token, body)));
      sent += variants.length;
      variants.forEach(([name, target], i) => {
        const got = answers[i]!;
        // The same as the plain path, or what an address no route takes answers: never another route's answer.
        const want = name === 'absolute form for another host' ? [400] : [plain, 404, ...unrouted.get(`${method} ${who}`)!];
        if (!want.includes(got)) wrong.push(`${method} ${path} as ${who}, ${name} (${target}): ${got}, plain ${plain}`);
      });
    }
  }
  return { wrong, sent };
}

/** Parameterless [method, path] of the app's API routes. */
function apiRoutes(app: FastifyInstance): Array<[Method, string]> {
  return routesOf(app).filter(([, p]) => p.startsWith(`${V1}/`) && !p.includes(':') && !p.includes('*'));
}

for (const dialect of DIALECTS) {
  describe(`authorization under other spellings of the path on ${dialect}`, () => {
    let site: TestSite | undefined;
    let port = 0;
    let wecom: FakeWeCom | undefined;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const tokens: Partial<Record<Caller, string>> = {};
    const callers = (only?: Caller[]): Array<[string, string | undefined]> => (only ?? [...CALLERS]).map((c) => [c, tokens[c]]);
    const rows = MATRIX.map(([m, p, b]): [Method, string, unknown] => [m, p, b]);

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const app = site.app;
      Object.assign(tokens, await matrixActors(app));
      for (const scope of ['read', 'write'] as const) {
        const r = await call(app, 'POST', `${ADM}/api-keys`, { token: tokens.admin, body: { name: `${scope} key`, scope } });
        tokens[`${scope} key`] = `Bearer ${r.body.data.key}`;
      }
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      agent.destroy();
      await site?.close();
      await wecom?.stop();
    });

    it('gives API keys only what their scope covers, plain (read: GET outside the admin API; write: outside it)', async (t) => {
      if (!site) return t.skip();
      const got: string[] = [];
      const want: string[] = [];
      for (const [method, path, body, expected] of MATRIX) {
        const adminStatus = expected[ACTORS.indexOf('admin')]!;
        const isAdminApi = path.startsWith(`${ADM}/`);
        // Calls open to anonymous callers (login, sign-up, e-mail links) never look at the credential.
        const anonymousStatus = expected[ACTORS.indexOf('anonymous')]!;
        for (const scope of ['read', 'write'] as const) {
          const allowed = !isAdminApi && (scope === 'write' || method === 'GET');
          got.push(`${method} ${path} with a ${scope} key: ${await send(agent, port, method, path, tokens[`${scope} key`], body)}`);
          want.push(`${method} ${path} with a ${scope} key: ${allowed ? adminStatus : anonymousStatus === 401 ? 403 : anonymousStatus}`);
        }
      }
      expect(got).toEqual(want);
    });

    it('answers every spelling of every matrix call as the plain path, for every caller', { timeout: 180_000 }, async (t) => {
      if (!site) return t.skip();
      const { wrong, sent } = await differences(agent, port, rows, callers());
      expect(sent).toBeGreaterThan(5000);
      expect(wrong).toEqual([]);
    });

    it('keeps a private site closed to anonymous callers under every spelling, uploads included', { timeout: 120_000 }, async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const s = await getSettings(ctx);
      await saveSection(ctx, 'login', { ...s.login, login_required: true });
      try {
        const every = apiRoutes(site.app).map(([m, p]): [Method, string, unknown] => [m, p, m === 'GET' ? undefined : {}]);
        expect(every.length).toBeGreaterThan(100);
        const { wrong } = await differences(agent, port, [...every, ['GET', '/uploads/post/none.png', undefined]], callers(['anonymous']));
        expect(wrong).toEqual([]);
        // The plain calls are refused, so the spellings above were compared with refusals.
        expect(await send(agent, port, 'GET', `${V1}/question/page`, undefined, undefined)).toBe(401);
        expect(await send(agent, port, 'GET', '/uploads/post/none.png', undefined, undefined)).toBe(401);
      } finally {
        await saveSection(ctx, 'login', s.login);
      }
    });

    it('holds every caller but the administrator in maintenance mode under every spelling', { timeout: 120_000 }, async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const s = await getSettings(ctx);
      await saveSection(ctx, 'general', { ...s.general, maintenance: true });
      try {
        const { wrong } = await differences(agent, port, rows, callers(['anonymous', 'user', 'moderator', 'read key', 'write key']));
        expect(wrong).toEqual([]);
        expect(await send(agent, port, 'GET', `${V1}/question/page`, tokens.user, undefined)).toBe(503);
        expect(await send(agent, port, 'GET', '/questions', tokens.user, undefined)).toBe(503);
      } finally {
        await saveSection(ctx, 'general', s.general);
      }
    });

    it('refuses password login and e-mail sign-up under every spelling while a user center is the only way in', async (t) => {
      if (!site) return t.skip();
      wecom = await startFakeWeCom();
      const plugin = (body: Record<string, unknown>) => call(site!.app, 'PUT', `${ADM}/plugin/${'config_fields' in body ? 'config' : 'status'}`, { token: tokens.admin, body });
      const fields = { corp_id: wecom.corpId, agent_id: wecom.agentId, secret: wecom.secret, api_base_url: wecom.url };
      // Configured first: a login plugin is switched on only once its required settings are filled in.
      expect((await plugin({ plugin_slug_name: 'user_center_wecom', config_fields: { ...fields, password_login: false } })).status).toBe(200);
      expect((await plugin({ plugin_slug_name: 'user_center_wecom', enabled: true })).status).toBe(200);
      try {
        const login: [Method, string, unknown] = ['POST', `${V1}/user/login/email`, { e_mail: ADMIN.email, pass: ADMIN.password }];
        const signUp: [Method, string, unknown] = ['POST', `${V1}/user/register/email`, { name: 'newcomer', e_mail: 'newcomer@example.com', pass: 'newcomer-pass-1' }];
        expect(await send(agent, port, login[0], login[1], undefined, login[2])).toBe(400);
        const { wrong } = await differences(agent, port, [login, signUp], callers(['anonymous']));
        expect(wrong).toEqual([]);
      } finally {
        await plugin({ plugin_slug_name: 'user_center_wecom', config_fields: { ...fields, password_login: true } });
        await plugin({ plugin_slug_name: 'user_center_wecom', enabled: false });
      }
    });
  });
}
