/**
 * Contract suite: the captcha as Answer 1.4.2's web client meets it. The client shows a captcha only through a
 * captcha plugin that is on in GET /plugin/status (its basic captcha: slug `basic_captcha`), whose client part
 * fetches GET /user/action/record?action=<key> with Answer's keys (`password` on the login form, `email` on
 * forgot-password, `edit_userinfo` on the settings e-mail change) and sends back `captcha_id`/`captcha_code`.
 * Logins ask for one only after 3 failed password attempts in 30 minutes (Answer's rule).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { useCaptchaGenerator } from '../captcha/index.js';
import { activeUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`Answer 1.4.2 client captcha on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'solved', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    afterAll(async () => site?.close());
    afterEach(() => {
      vi.useRealTimers();
    });
    const record = async (action: string, remoteAddress: string, token?: string) => {
      const r = await call(site!.app, 'GET', `${V1}/user/action/record?action=${action}`, { remoteAddress, token });
      expect(r.status).toBe(200);
      return r.body.data as { captcha_id: string; captcha_img: string; verify: boolean };
    };
    const login = (remoteAddress: string, pass: string, extra: Record<string, unknown> = {}) =>
      call(site!.app, 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: ADMIN.email, pass, ...extra } });

    it('lists a captcha plugin that is on, so the client shows the captcha', async (t) => {
      if (!site) return t.skip();
      const status = (await call(site.app, 'GET', `${V1}/plugin/status`)).body.data as { slug_name: string; enabled: boolean }[];
      expect(status).toContainEqual({ slug_name: 'basic_captcha', enabled: true });
    });

    it('asks for the forgot-password and e-mail change captchas under Answer\'s keys, and accepts them', async (t) => {
      if (!site) return t.skip();
      const ip = '198.51.100.31';
      const forgot = await record('email', ip);
      expect([forgot.verify, forgot.captcha_img.startsWith('data:image/'), forgot.captcha_id.length > 0]).toEqual([true, true, true]);
      const reset = await call(site.app, 'POST', `${V1}/user/password/reset`, { remoteAddress: ip, body: { e_mail: 'nobody@example.com', captcha_id: forgot.captcha_id, captcha_code: 'solved' } });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);

      const carol = await activeUser(site.app, 'carol');
      const settings = await record('edit_userinfo', ip, carol.token);
      expect(settings.verify).toBe(true);
      const change = await call(site.app, 'POST', `${V1}/user/email/change/code`, { token: carol.token, remoteAddress: ip, body: { e_mail: 'carol.new@example.com', pass: 'password-123', captcha_id: settings.captcha_id, captcha_code: 'solved' } });
      expect(change.status, JSON.stringify(change.body)).toBe(200);
      // A login captcha does not open an e-mail send.
      const loginCaptcha = await record('password', ip);
      const wrongKind = await call(site.app, 'POST', `${V1}/user/password/reset`, { remoteAddress: ip, body: { e_mail: 'nobody@example.com', captcha_id: loginCaptcha.captcha_id, captcha_code: 'solved' } });
      expect([wrongKind.status, wrongKind.body.data?.[0]?.error_field]).toEqual([400, 'captcha_code']);
    });

    it('asks at login only after 3 failed password attempts in 30 minutes, and takes the `password` captcha', async (t) => {
      if (!site) return t.skip();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
      const ip = '198.51.100.32';
      for (let i = 0; i < 2; i++) expect((await login(ip, `wrong-${i}`)).body.data?.[0]?.error_field).toBe('e_mail');
      expect((await record('password', ip)).verify).toBe(false);
      expect((await login(ip, 'wrong-2')).body.data?.[0]?.error_field).toBe('e_mail');
      expect((await record('password', ip)).verify).toBe(true);
      // 20 minutes later the three failures still count.
      vi.setSystemTime(new Date('2030-01-01T10:20:00Z'));
      expect((await record('password', ip)).verify).toBe(true);
      const bare = await login(ip, ADMIN.password);
      expect([bare.status, bare.body.data?.[0]?.error_field]).toEqual([400, 'captcha_code']);
      const captcha = await record('password', ip);
      const ok = await login(ip, ADMIN.password, { captcha_id: captcha.captcha_id, captcha_code: 'solved' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);

      // Once 30 minutes have passed since the failures, no captcha is asked.
      const other = '198.51.100.33';
      for (let i = 0; i < 3; i++) await call(site.app, 'POST', `${V1}/user/login/email`, { remoteAddress: other, body: { e_mail: 'someone@example.com', pass: `wrong-${i}` } });
      expect((await record('password', other)).verify).toBe(true);
      vi.setSystemTime(new Date('2030-01-01T10:51:00Z'));
      expect((await record('password', other)).verify).toBe(false);
      expect((await login(other, ADMIN.password)).status).toBe(200);
    });

    it('tells an address that a login was refused for want of a captcha, when others failed the account', async (t) => {
      if (!site) return t.skip();
      // Strangers fail the admin's account from three addresses: the account asks everyone for a captcha.
      for (let i = 0; i < 3; i++) await login(`203.0.113.${60 + i}`, `guess-${i}`);
      const owner = '198.51.100.34';
      // The owner's address has no failures of its own, so the client sends no captcha at first ...
      expect((await record('password', owner)).verify).toBe(false);
      const refused = await login(owner, ADMIN.password);
      expect([refused.status, refused.body.data?.[0]?.error_field]).toEqual([400, 'captcha_code']);
      // ... and the captcha it fetches after the refusal says `verify`, so the next attempt carries it.
      const captcha = await record('password', owner);
      expect(captcha.verify).toBe(true);
      expect((await login(owner, ADMIN.password, { captcha_id: captcha.captcha_id, captcha_code: 'solved' })).status).toBe(200);
      expect((await record('password', owner)).verify).toBe(false);
    });
  });
}
