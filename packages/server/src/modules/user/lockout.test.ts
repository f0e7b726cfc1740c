import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ADMIN, DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { useCaptchaGenerator } from '../captcha/index.js';

const V1 = '/answer/api/v1';
const OWNER_IP = '198.51.100.20';

for (const dialect of DIALECTS) {
  describe(`failed logins by strangers on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect, { rateLimit: true });
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'solved', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    afterAll(async () => site?.close());

    /** One request from a given client address (the socket's, not a forwarding header). */
    const from = async (ip: string, method: InjectOptions['method'], url: string, body?: Record<string, unknown>) => {
      const res = await site!.app.inject({ method, url, payload: body, remoteAddress: ip });
      return { status: res.statusCode, body: res.json() as { reason: string; data: any } };
    };
    /** A fresh captcha, solved. */
    const solvedCaptcha = async (ip: string) => ({ captcha_id: (await from(ip, 'GET', `${V1}/user/action/record?action=login`)).body.data.captcha_id as string, captcha_code: 'solved' });
    const login = (ip: string, pass: string, extra: Record<string, unknown> = {}) => from(ip, 'POST', `${V1}/user/login/email`, { e_mail: ADMIN.email, pass, ...extra });

    it('never refuses the owner a correct password with a solved captcha, after any number of wrong guesses from elsewhere', async (t) => {
      if (!site) return t.skip();
      // Fifteen guesses from fifteen addresses, each with a solved captcha (captchas can be bought).
      for (let i = 0; i < 15; i++) {
        const ip = `203.0.113.${i + 1}`;
        const r = await login(ip, `guess-${i}`, await solvedCaptcha(ip));
        expect([i, r.status, r.body.data?.[0]?.error_field]).toEqual([i, 400, 'e_mail']);
      }
      // The account asks everyone for a captcha now, the owner too ...
      const bare = await login(OWNER_IP, ADMIN.password);
      expect(bare.status).toBe(400);
      expect(bare.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]);
      // ... a wrong password with a solved captcha is just wrong ...
      const wrong = await login(OWNER_IP, 'not-my-password', await solvedCaptcha(OWNER_IP));
      expect([wrong.status, wrong.body.data[0].error_field]).toEqual([400, 'e_mail']);
      // ... and the right one with a solved captcha logs in.
      const ok = await login(OWNER_IP, ADMIN.password, await solvedCaptcha(OWNER_IP));
      expect(ok.status).toBe(200);
      expect(ok.body.data.access_token).toBeTruthy();
      // A success clears the account's failures: the next login needs no captcha.
      expect((await login(OWNER_IP, ADMIN.password)).status).toBe(200);
    });

    it('keeps asking strangers for a captcha on every guess, and keeps the per-address limit', async (t) => {
      if (!site) return t.skip();
      for (let i = 0; i < 12; i++) {
        const ip = `192.0.2.${i + 1}`;
        const r = await login(ip, `guess-${i}`, await solvedCaptcha(ip));
        expect(r.status).toBe(400);
      }
      const noCaptcha = await login('192.0.2.200', 'guess-again');
      expect([noCaptcha.status, noCaptcha.body.data[0].error_field]).toEqual([400, 'captcha_code']);
      // One address guessing on: the per-address limit answers 429.
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) statuses.push((await login('192.0.2.250', `spray-${i}`, await solvedCaptcha('192.0.2.250'))).status);
      expect(statuses).toContain(429);
    });
  });
}
