/**
 * Sign-up screening by e-mail domain over HTTP on every engine: an address at a shipped disposable domain (or a
 * subdomain of one) is refused at registration on the e-mail field, in the caller's language, until the
 * administrator turns the disposable check off; a domain the administrator blocks is refused at registration and
 * at e-mail change; a domain the administrator adds to the disposable list is refused; the login section's allow
 * list still applies alongside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { useCaptchaGenerator } from '../captcha/index.js';

const V1 = '/answer/api/v1';
const SPAM = '/answer/admin/api/siteinfo/spam';

for (const dialect of DIALECTS) {
  describe(`e-mail screening on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      // The e-mail change asks for a captcha: one whose answer the test knows.
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'right', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    afterAll(async () => site?.close());

    const register = (name: string, e_mail: string, lang?: string) => call(site!.app, 'POST', `${V1}/user/register/email`, { lang, body: { name, e_mail, pass: 'password-123' } });
    const spam = async (body: Record<string, unknown>) => expect((await call(site!.app, 'PUT', SPAM, { token: admin, body })).status).toBe(200);
    const emailError = (r: { body: { data: unknown } }) => r.body.data as { error_field: string; error_msg: string }[];

    it('refuses a disposable address and its subdomains on the e-mail field, until the check is turned off', async (t) => {
      if (!site) return t.skip();
      expect(emailError(await register('throwaway1', 'someone@mailinator.com'))).toEqual([{ error_field: 'e_mail', error_msg: 'Disposable e-mail addresses are not accepted. Please use an address you keep.' }]);
      expect(emailError(await register('throwaway2', 'someone@mx.YOPmail.com', 'fr-FR'))).toEqual([{ error_field: 'e_mail', error_msg: 'Les adresses e-mail jetables ne sont pas acceptées. Utilisez une adresse que vous conservez.' }]);
      expect((await register('keeper', 'keeper@notmailinator.com')).status).toBe(200);
      await spam({ block_disposable_emails: false });
      expect((await register('throwaway3', 'someone@mailinator.com')).status).toBe(200);
      await spam({ block_disposable_emails: true });
    });

    it('refuses a blocked domain at registration and at e-mail change; an added disposable domain too', async (t) => {
      if (!site) return t.skip();
      await spam({ blocked_email_domains: ['@Spam-Farm.example', ''], disposable_email_domains: ['burner.example'] });
      expect((await call(site.app, 'GET', SPAM, { token: admin })).body.data).toMatchObject({ blocked_email_domains: ['spam-farm.example'], disposable_email_domains: ['burner.example'] });
      expect(emailError(await register('farmer', 'bot@spam-farm.example'))).toEqual([{ error_field: 'e_mail', error_msg: 'Sign-ups with this e-mail domain are not accepted. Please use another address.' }]);
      expect(emailError(await register('burner', 'bot@burner.example'))[0]!.error_field).toBe('e_mail');
      // The edited list replaced the shipped one.
      expect((await register('nowallowed', 'someone@yopmail.com')).status).toBe(200);

      const member = await register('mover', 'mover@example.com');
      const captcha = async () => ({ captcha_code: 'right', captcha_id: (await call(site!.app, 'GET', `${V1}/user/action/record?action=e_mail`)).body.data.captcha_id as string });
      const change = await call(site.app, 'POST', `${V1}/user/email/change/code`, { token: member.body.data.access_token, lang: 'ja-JP', body: { e_mail: 'mover@spam-farm.example', pass: 'password-123', ...(await captcha()) } });
      expect(emailError(change)).toEqual([{ error_field: 'e_mail', error_msg: 'このメールドメインでは登録できません。別のアドレスを使ってください。' }]);
      expect((await call(site.app, 'POST', `${V1}/user/email/change/code`, { token: member.body.data.access_token, body: { e_mail: 'mover@elsewhere.example', pass: 'password-123', ...(await captcha()) } })).status).toBe(200);
    });

    it('keeps the login allow list working beside the block list', async (t) => {
      if (!site) return t.skip();
      const login = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/login', { token: admin })).body.data;
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, allow_email_domains: ['example.com', 'spam-farm.example'] } })).status).toBe(200);
      expect(emailError(await register('outsider', 'someone@elsewhere.example'))[0]!.error_msg).toBe('Registration with this email domain is not allowed.');
      expect(emailError(await register('farmer2', 'bot@spam-farm.example'))[0]!.error_msg).toBe('Sign-ups with this e-mail domain are not accepted. Please use another address.');
      expect((await register('insider', 'insider@example.com')).status).toBe(200);
      await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, allow_email_domains: [] } });
    });
  });
}
