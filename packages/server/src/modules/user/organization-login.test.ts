/**
 * Password login for administrators only while an organization login is on (issue #38 item 6; login settings
 * `password_login_admins_only`, core/auth/organization-login.ts): refused without an organization login, then
 * members are sent to it (login and e-mail sign-up) while the admin keeps the password path, a wrong password still
 * reads as wrong, Answer's form does not switch it off, and with the organization login off members log in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const V1 = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`password login for admins only on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      await registerUser(site.app, 'member');
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const loginSettings = async () => (await call(app(), 'GET', `${ADMIN_API}/siteinfo/login`, { token: admin })).body.data as Record<string, unknown>;
    const saveLogin = async (extra: Record<string, unknown>) => call(app(), 'PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, body: { ...(await loginSettings()), ...extra } });
    const ldap = (enabled: boolean) =>
      call(app(), 'PUT', `${ADMIN_API}/ldap/settings`, { token: admin, body: { enabled, url: 'ldap://127.0.0.1:1', search_base: 'dc=example,dc=org', user_filter: '(uid={username})' } });
    const login = (e_mail: string, pass: string) => call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail, pass } });

    it('is refused while no organization login is on', async (t) => {
      if (!site) return t.skip();
      const r = await saveLogin({ password_login_admins_only: true });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: 'password_login_admins_only', error_msg: 'Turn on directory (LDAP) or SAML login first: without one, members would have no way to log in.' }]);
      expect((await loginSettings()).password_login_admins_only).toBe(false);
    });

    it('sends members to the organization login and keeps the password path for the admin', async (t) => {
      if (!site) return t.skip();
      expect((await ldap(true)).status).toBe(200);
      expect((await saveLogin({ password_login_admins_only: true })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/siteinfo`)).body.data.login.password_login_admins_only).toBe(true);
      const member = await login('member@example.com', 'password-123');
      expect(member.status).toBe(400);
      expect(member.body).toMatchObject({ reason: 'error.user.organization_login_only', msg: "This site uses your organization's sign-in: log in with it on this page. Password login is kept for administrators." });
      // A wrong password reads as wrong, for a member as for anyone: the refusal above needs the right one.
      expect((await login('member@example.com', 'not-the-password')).body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email and password do not match.' }]);
      expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
      const signUp = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'newcomer', e_mail: 'newcomer@example.com', pass: 'password-123' } });
      expect(signUp.status).toBe(400);
      expect(signUp.body.reason).toBe('error.user.organization_login_only');
      // Answer's login form does not send the key: saving it keeps the setting.
      const { password_login_admins_only: _drop, ...answerForm } = await loginSettings();
      expect((await call(app(), 'PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, body: answerForm })).status).toBe(200);
      expect((await loginSettings()).password_login_admins_only).toBe(true);
    });

    it('lets members log in with their password again once the organization login is off', async (t) => {
      if (!site) return t.skip();
      expect((await ldap(false)).status).toBe(200);
      expect((await login('member@example.com', 'password-123')).status).toBe(200);
    });
  });
}
