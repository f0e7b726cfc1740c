/**
 * Authorization matrix: every account, settings and admin-user endpoint (plus representative content calls) for
 * each kind of caller, on a public and on a private site; and sweeps over every route of the app: on a private
 * site anonymous callers get 401 everywhere outside the auth and site-info allowlist, and every admin route refuses
 * anonymous callers (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { userCenterPublicPaths } from '../user-center/index.js';
import { ACTORS, ADM, MATRIX, V1, matrixActors, routesOf, type Actor } from './matrix.testkit.js';

/** On a private site only anonymous callers are affected: these calls then answer 401 to them. */
const PRIVATE_ANONYMOUS_401 = new Set([`${V1}/question/page`]);

/** Calls an anonymous visitor may still make on a private site (mirrors app.ts). */
const ALLOWED_PREFIXES = [`${V1}/language/`, `${V1}/user/password/`, `${V1}/user/email/`, `${V1}/connector/`, `${V1}/ldap/`, `${V1}/saml/`];
const ALLOWED_EXACT = new Set(['csp-report', 'notification/mail/unsubscribe', 'siteinfo', 'siteinfo/legal', 'user/info', 'user/login/email', 'user/register/email', 'user/logout', 'plugin/status', 'user-center/agent', 'user/email', 'user/action/record', 'user/notification/unsubscribe', 'inbound-mail/webhook'].map((p) => `${V1}/${p}`).concat(userCenterPublicPaths()));

for (const dialect of DIALECTS) {
  describe(`authorization matrix on ${dialect}`, () => {
    let site: TestSite | undefined;
    const tokens: Partial<Record<Actor, string>> = {};
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      Object.assign(tokens, await matrixActors(site.app));
    });
    afterAll(async () => site?.close());

    for (const privateSite of [false, true]) {
      it(`gives each caller the expected status (private site ${privateSite ? 'on' : 'off'})`, async (t) => {
        if (!site) return t.skip();
        const ctx = site.app.quorum;
        const s = await getSettings(ctx);
        await saveSection(ctx, 'login', { ...s.login, login_required: privateSite });
        try {
          const got: string[] = [];
          const want: string[] = [];
          for (const [method, path, body, expected] of MATRIX) {
            for (const [i, actor] of ACTORS.entries()) {
              let status = expected[i]!;
              if (privateSite && actor === 'anonymous' && PRIVATE_ANONYMOUS_401.has(path)) status = 401;
              const r = await call(site.app, method, path, { token: tokens[actor], body });
              got.push(`${method} ${path} as ${actor}: ${r.status}`);
              want.push(`${method} ${path} as ${actor}: ${status}`);
            }
          }
          expect(got).toEqual(want);
          // Uploaded files follow the site's privacy too.
          const upload = await call(site.app, 'GET', '/uploads/post/none.png');
          if (privateSite) expect(upload.status).toBe(401);
          else expect(upload.status).not.toBe(401);
        } finally {
          await saveSection(ctx, 'login', s.login);
        }
      });
    }

    it('on a private site answers 401 to anonymous callers on every other API route', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const s = await getSettings(ctx);
      await saveSection(ctx, 'login', { ...s.login, login_required: true });
      try {
        const wrong: string[] = [];
        for (const [method, path] of routesOf(site.app)) {
          if (!path.startsWith(`${V1}/`) || path.includes(':')) continue;
          const allowed = ALLOWED_EXACT.has(path) || ALLOWED_PREFIXES.some((p) => path.startsWith(p));
          const r = await call(site.app, method, path, { body: method === 'GET' ? undefined : {} });
          // Allowed calls pass the private-site check; whether they need a login is their own business.
          if (!allowed && r.status !== 401) wrong.push(`${method} ${path}: ${r.status}`);
        }
        expect(wrong).toEqual([]);
      } finally {
        await saveSection(ctx, 'login', s.login);
      }
    });

    it('refuses every admin route to anonymous callers (401)', async (t) => {
      if (!site) return t.skip();
      const wrong: string[] = [];
      const admin = routesOf(site.app).filter(([, p]) => p.startsWith(`${ADM}/`) && !p.includes(':'));
      expect(admin.length).toBeGreaterThanOrEqual(10);
      for (const [method, path] of admin) {
        const anon = await call(site.app, method, path, { body: method === 'GET' ? undefined : {} });
        if (anon.status !== 401) wrong.push(`${method} ${path}: anonymous ${anon.status}`);
      }
      expect(wrong).toEqual([]);
    });
  });
}
