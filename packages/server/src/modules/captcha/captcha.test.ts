/**
 * A captcha passes only the action it was made for (GET /user/action/record?action=): one fetched for `e_mail` is
 * refused by a login that asks for a captcha, one fetched for `login` by the e-mail calls and the password reset;
 * a refused captcha is used up all the same, and the right action's captcha passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { useCaptchaGenerator } from './index.js';

const V1 = '/answer/api/v1';
const ANSWER = 'solved';
const INCORRECT = [{ error_field: 'captcha_code', error_msg: 'The captcha is not correct or has expired. Try the new one.' }];

for (const dialect of DIALECTS) {
  describe(`captchas are bound to their action on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      useCaptchaGenerator(site.app.quorum, () => ({ answer: ANSWER, image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    /** A fresh captcha of `action`, solved. */
    const solved = async (action: string) => ({ captcha_id: (await call(app(), 'GET', `${V1}/user/action/record?action=${action}`)).body.data.captcha_id as string, captcha_code: ANSWER });

    it('a login that needs a captcha refuses one made for e_mail, and accepts one made for login', async (t) => {
      if (!site) return t.skip();
      const remoteAddress = '198.51.100.61';
      const login = (extra: Record<string, unknown> = {}) => call(app(), 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: ADMIN.email, pass: ADMIN.password, ...extra } });
      for (let i = 0; i < 3; i++) await call(app(), 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: ADMIN.email, pass: `wrong-${i}` } });
      expect((await call(app(), 'GET', `${V1}/user/action/record?action=login`, { remoteAddress })).body.data.verify).toBe(true);

      for (const action of ['e_mail', 'find_pass', 'modify_pass']) {
        const other = await login(await solved(action));
        expect([action, other.status, other.body.data]).toEqual([action, 400, INCORRECT]);
      }
      const right = await solved('login');
      expect((await login(right)).status).toBe(200);
      // Single use: the same captcha does not pass twice (the success cleared the failures, so fail again first).
      for (let i = 0; i < 3; i++) await call(app(), 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: ADMIN.email, pass: `wrong-${i}` } });
      expect((await login(right)).body.data).toEqual(INCORRECT);
    });

    it('the e-mail calls and the password reset refuse a captcha made for login, and a refused captcha is used up', async (t) => {
      if (!site) return t.skip();
      const inactive = await registerUser(app(), 'captcha.resend', { activate: false });
      const member = await registerUser(app(), 'captcha.mover');
      const resend = (c: Record<string, string>) => call(app(), 'POST', `${V1}/user/email/verification/send`, { token: inactive.token, body: c });
      const move = (c: Record<string, string>) => call(app(), 'POST', `${V1}/user/email/change/code`, { token: member.token, body: { e_mail: 'captcha.moved@example.com', pass: 'password-123', ...c } });
      const reset = (c: Record<string, string>) => call(app(), 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'captcha.mover@example.com', ...c } });

      const cases: [string, (c: Record<string, string>) => ReturnType<typeof call>, string][] = [
        ['resend activation', resend, 'e_mail'],
        ['change e-mail', move, 'e_mail'],
        ['reset password', reset, 'find_pass'],
      ];
      // Logins from this address need a captcha from here on.
      const remoteAddress = '198.51.100.62';
      for (let i = 0; i < 3; i++) await call(app(), 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: 'captcha.mover@example.com', pass: `wrong-${i}` } });
      for (const [name, send, own] of cases) {
        const forLogin = await solved('login');
        const refused = await send(forLogin);
        expect([name, refused.status, refused.body.data]).toEqual([name, 400, INCORRECT]);
        // The captcha was checked once, for the wrong action: it is gone, not kept for the action it was made for.
        const login = await call(app(), 'POST', `${V1}/user/login/email`, { remoteAddress, body: { e_mail: 'captcha.mover@example.com', pass: 'password-123', ...forLogin } });
        expect([name, login.body.data]).toEqual([name, INCORRECT]);
        const wrongOwn = own === 'e_mail' ? 'find_pass' : 'e_mail';
        expect([name, (await send(await solved(wrongOwn))).body.data]).toEqual([name, INCORRECT]);
        const passed = await send(await solved(own));
        expect([name, passed.status]).toEqual([name, 200]);
      }
    });
  });
}
