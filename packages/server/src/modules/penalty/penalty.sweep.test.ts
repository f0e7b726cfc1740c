/**
 * A silence refuses every write route (core/auth/penalty.ts): a silenced member calls every POST, PUT and DELETE
 * route of the app with an empty body, and every call answers 403 `error.user.silenced` except the writes a
 * silence leaves alone, listed here: the member's own lists and account calls, and calls that need no login. A new write route that does not start
 * with the write guard shows up in this list and fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { routesOf } from '../user/matrix.testkit.js';

const V1 = '/answer/api/v1';

/** Write routes a silence does not refuse (`METHOD path`), in the app's route order. */
const NOT_SILENCED = [
  // A preview renders nothing anyone else sees.
  `POST ${V1}/post/render`,
  // The member's own account: settings, password, e-mail, sessions, external logins, plugin settings.
  `PUT ${V1}/user/plugin/config`,
  `PUT ${V1}/user/password`,
  `POST ${V1}/user/password/reset`,
  `POST ${V1}/user/password/replacement`,
  `POST ${V1}/user/register/email`,
  `POST ${V1}/user/login/email`,
  // Directory login (modules/ldap) is a login like the one above, not a member's write.
  `POST ${V1}/ldap/login`,
  // SAML (modules/saml): the IdP's post to the assertion consumer service is a login too; logging out is the
  // member's own session.
  `POST ${V1}/saml/acs`,
  `POST ${V1}/saml/logout`,
  `PUT ${V1}/user/interface`,
  `POST ${V1}/user/session/cookie`,
  `PUT ${V1}/user/email`,
  `POST ${V1}/user/email/verification`,
  `POST ${V1}/user/email/verification/send`,
  `POST ${V1}/user/email/change/code`,
  `PUT ${V1}/user/notification/config`,
  `PUT ${V1}/user/notification/unsubscribe`,
  `POST ${V1}/connector/binding/email`,
  `POST ${V1}/connector/binding/confirm`,
  `DELETE ${V1}/connector/user/unbinding`,
  // The member's own lists: bookmarks, notifications, follows.
  `POST ${V1}/collection/switch`,
  `POST ${V1}/csp-report`,
  `POST ${V1}/notification/mail/unsubscribe`,
  `PUT ${V1}/notification/status`,
  `PUT ${V1}/notification/read/state`,
  `PUT ${V1}/notification/read/state/all`,
  `POST ${V1}/follow`,
  `PUT ${V1}/follow/tags`,
  // Inbound mail from a provider: authenticated by its token, not a member's session; the member a mail posts as
  // is refused while silenced in the mail path itself (modules/inbound-mail, isSilenced).
  `POST ${V1}/inbound-mail/webhook`,
  // The installer (refuses once installed) and MCP (key-authenticated; its tools call the routes above).
  'POST /installation/config-file/check',
  'POST /installation/db/check',
  'POST /installation/init',
  'POST /installation/base-info',
  'POST /mcp',
  'DELETE /mcp',
];

for (const dialect of DIALECTS) {
  describe(`silence on every write route on ${dialect}`, () => {
    let site: TestSite | undefined;
    let member = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const admin = await adminToken(site.app);
      member = await registerUser(site.app, 'hushed');
      const r = await call(site.app, 'POST', '/answer/admin/api/user/penalty', { token: admin, body: { user_id: member.id, kind: 'silence', duration: 'forever', reason: 'Spam links' } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    });
    afterAll(async () => site?.close());

    it('answers 403 error.user.silenced on every write route but the listed ones', async (t) => {
      if (!site) return t.skip();
      const passed: string[] = [];
      let refused = 0;
      // Logging out ends the member's session, so the logout calls come last.
      const routes = routesOf(site.app).sort(([, a], [, b]) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
      for (const [method, path] of routes) {
        if (method === 'GET' || path.includes(':') || path.includes('*')) continue;
        const r = await call(site.app, method, path, { token: member.token, body: {} });
        if (r.status === 403 && r.body.reason === 'error.user.silenced') refused++;
        else passed.push(`${method} ${path}: ${r.status} ${r.body?.reason ?? ''}`);
      }
      expect(refused, passed.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(40);
      expect(passed.map((p) => p.split(':')[0]).sort()).toEqual([...NOT_SILENCED].sort());
    });
  });
}
