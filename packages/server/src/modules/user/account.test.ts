import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { codeFromMail, startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { useCaptchaGenerator } from '../captcha/index.js';

const V1 = '/answer/api/v1';
const CAPTCHA = { captcha_code: 'right' };

for (const dialect of DIALECTS) {
  describe(`account e-mails on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'right', image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    /** A fresh captcha id for an action, solved by CAPTCHA.captcha_code. */
    const captcha = async (action = 'e_mail') => ({ ...CAPTCHA, captcha_id: (await call(app(), 'GET', `${V1}/user/action/record?action=${action}`)).body.data.captcha_id as string });

    it('activates a new account through the link in the e-mail, once', async (t) => {
      if (!site) return t.skip();
      const reg = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'newbie', e_mail: 'newbie@example.com', pass: 'password-123' }, lang: 'zh-CN' });
      expect(reg.body.data).toMatchObject({ mail_status: 2, rank: 1 });
      const token = reg.body.data.access_token as string;
      // Not activated: may log in and read, but active-only actions answer 403 inactive.
      const ask = await call(app(), 'POST', `${V1}/question`, { token, body: { title: 'A question title', content: 'Body text here', tags: [{ slug_name: 'support' }] } });
      expect(ask.status).toBe(403);
      expect(ask.body.data).toEqual({ type: 'inactive' });

      const mail = await box.waitFor('newbie@example.com');
      expect(mail.subject).toBe('[Test Site] Activate your account');
      expect(mail.from).toContain('noreply@example.com');
      expect(mail.text).toContain('http://localhost:9080/users/account-activation?code=');
      expect(mail.html).toContain('<a href="http://localhost:9080/users/account-activation?code=');
      const code = codeFromMail(mail);

      const done = await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ username: 'newbie', mail_status: 1, rank: 2 });
      expect(done.body.data.access_token).toMatch(/^[\w-]{40,}$/);
      const activity = await app().quorum.database!.kysely.selectFrom('activity').selectAll().where('user_id', '=', reg.body.data.id).where('activity_type', '=', 'user.activated').execute();
      expect(activity).toMatchObject([{ rank: 1, has_rank: 1 }]);

      const again = await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } });
      expect(again.status).toBe(403);
      expect(again.body.data).toEqual({ type: 'url_expired' });
      expect((await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code: 'made-up' } })).body.data).toEqual({ type: 'url_expired' });
      const info = await call(app(), 'GET', `${V1}/user/info`, { token });
      expect(info.body.data).toMatchObject({ mail_status: 1, rank: 2 });
    });

    it('answers url_expired for an expired activation link', async (t) => {
      if (!site) return t.skip();
      const after = box.messages.length;
      await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'slowpoke', e_mail: 'slowpoke@example.com', pass: 'password-123' } });
      const code = codeFromMail(await box.waitFor('slowpoke@example.com', { after }));
      await app().quorum.database!.kysely.updateTable('user_codes').set({ expires_at: 1 }).where('purpose', '=', 'activate').execute();
      const r = await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ reason: 'error.email.link_expired', data: { type: 'url_expired' } });
    });

    it('resends the activation e-mail with a captcha', async (t) => {
      if (!site) return t.skip();
      const user = await registerUser(app(), 'resender', { activate: false });
      const record = await call(app(), 'GET', `${V1}/user/action/record?action=e_mail`, { token: user.token });
      expect(record.body.data).toMatchObject({ verify: true, captcha_id: expect.any(String), captcha_img: expect.stringMatching(/^data:image\//) });
      const blank = await call(app(), 'POST', `${V1}/user/email/verification/send`, { token: user.token, body: {} });
      expect(blank.status).toBe(400);
      expect(blank.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]);
      const wrong = await call(app(), 'POST', `${V1}/user/email/verification/send`, { token: user.token, body: { captcha_id: record.body.data.captcha_id, captcha_code: 'wrong' } });
      expect(wrong.body.data[0].error_field).toBe('captcha_code');
      // A captcha is single use: the id of the wrong try is gone.
      const reused = await call(app(), 'POST', `${V1}/user/email/verification/send`, { token: user.token, body: { captcha_id: record.body.data.captcha_id, captcha_code: 'right' } });
      expect(reused.status).toBe(400);
      const after = box.messages.length;
      const sent = await call(app(), 'POST', `${V1}/user/email/verification/send?captcha_id=${(await captcha()).captcha_id}&captcha_code=right`, { token: user.token });
      expect(sent.status).toBe(200);
      const code = codeFromMail(await box.waitFor('resender@example.com', { after }));
      expect((await call(app(), 'POST', `${V1}/user/email/verification?code=${encodeURIComponent(code)}`)).body.data.mail_status).toBe(1);
    });

    it('resets a forgotten password through the e-mailed link and ends every session', async (t) => {
      if (!site) return t.skip();
      const user = await registerUser(app(), 'forgetful');
      const unknown = await call(app(), 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'nobody-here@example.com', ...(await captcha('find_pass')) } });
      expect(unknown.status).toBe(200);
      const noCaptcha = await call(app(), 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'forgetful@example.com' } });
      expect(noCaptcha.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]);
      const after = box.messages.length;
      expect((await call(app(), 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'Forgetful@example.com', ...(await captcha('find_pass')) } })).status).toBe(200);
      const mail = await box.waitFor('forgetful@example.com', { after, subject: /Reset your password/ });
      expect(mail.text).toContain('/users/password-reset?code=');
      const code = codeFromMail(mail);
      const short = await call(app(), 'POST', `${V1}/user/password/replacement`, { body: { code, pass: 'short' } });
      expect(short.body.data).toEqual([{ error_field: 'pass', error_msg: 'Password must be at 8-32 characters in length.' }]);
      expect((await call(app(), 'POST', `${V1}/user/password/replacement`, { body: { code, pass: 'brand-new-pass' } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: user.token })).body.data).toBeNull();
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'forgetful@example.com', pass: 'brand-new-pass' } })).status).toBe(200);
      expect((await call(app(), 'POST', `${V1}/user/password/replacement`, { body: { code, pass: 'another-pass-1' } })).body.data).toEqual({ type: 'url_expired' });
      // Nothing went to the unknown address.
      expect(box.messages.some((m) => m.to.includes('nobody-here'))).toBe(false);
    });

    it('changes the password, keeping only the current session', async (t) => {
      if (!site) return t.skip();
      const user = await registerUser(app(), 'changer');
      const other = (await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'changer@example.com', pass: 'password-123' } })).body.data.access_token;
      const wrong = await call(app(), 'PUT', `${V1}/user/password`, { token: user.token, body: { old_pass: 'not-my-pass', pass: 'new-password-1' } });
      expect(wrong.body.data).toEqual([{ error_field: 'old_pass', error_msg: 'The current password is not correct.' }]);
      expect((await call(app(), 'PUT', `${V1}/user/password`, { token: user.token, body: { old_pass: 'password-123', pass: 'new-password-1' } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: user.token })).body.data.username).toBe('changer');
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: other })).body.data).toBeNull();
      expect((await call(app(), 'PUT', `${V1}/user/password`, { body: { old_pass: 'x', pass: 'new-password-2' } })).status).toBe(401);
    });

    it('changes the e-mail address after confirming the link sent to the new one', async (t) => {
      if (!site) return t.skip();
      const user = await registerUser(app(), 'mover');
      const taken = await call(app(), 'POST', `${V1}/user/email/change/code`, { token: user.token, body: { e_mail: ADMIN.email, pass: 'password-123', ...(await captcha()) } });
      expect(taken.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email already exists.' }]);
      const badPass = await call(app(), 'POST', `${V1}/user/email/change/code`, { token: user.token, body: { e_mail: 'moved@example.com', pass: 'wrong-pass-1', ...(await captcha()) } });
      expect(badPass.body.data[0].error_field).toBe('pass');
      const after = box.messages.length;
      expect((await call(app(), 'POST', `${V1}/user/email/change/code`, { token: user.token, body: { e_mail: 'moved@example.com', pass: 'password-123', ...(await captcha()) } })).status).toBe(200);
      const mail = await box.waitFor('moved@example.com', { after });
      expect(mail.text).toContain('/users/confirm-new-email?code=');
      const code = codeFromMail(mail);
      expect((await call(app(), 'PUT', `${V1}/user/email`, { body: { code } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: user.token })).body.data.e_mail).toBe('moved@example.com');
      expect((await call(app(), 'PUT', `${V1}/user/email`, { body: { code } })).body.data).toEqual({ type: 'url_expired' });
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'moved@example.com', pass: 'password-123' } })).status).toBe(200);
    });

    it('asks for a captcha after three failed logins, and refuses suspended accounts with the end time', async (t) => {
      if (!site) return t.skip();
      const ip = { remoteAddress: '198.51.100.7' };
      const before = await call(app(), 'GET', `${V1}/user/action/record?action=login`, ip);
      expect(before.body.data.verify).toBe(false);
      for (let i = 0; i < 3; i++) {
        const r = await call(app(), 'POST', `${V1}/user/login/email`, { ...ip, body: { e_mail: ADMIN.email, pass: `bad-pass-${i}` } });
        expect(r.body.data[0].error_field).toBe('e_mail');
      }
      expect((await call(app(), 'GET', `${V1}/user/action/record?action=login`, ip)).body.data.verify).toBe(true);
      const blocked = await call(app(), 'POST', `${V1}/user/login/email`, { ...ip, body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      expect(blocked.body.data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty' }]);
      const id = (await call(app(), 'GET', `${V1}/user/action/record?action=login`, ip)).body.data.captcha_id;
      const okLogin = await call(app(), 'POST', `${V1}/user/login/email`, { ...ip, body: { e_mail: ADMIN.email, pass: ADMIN.password, captcha_id: id, captcha_code: 'RIGHT' } });
      expect(okLogin.status).toBe(200);

      const admin = await adminToken(app());
      const bad = await registerUser(app(), 'troublemaker');
      const until = Math.floor(Date.now() / 1000) + 48 * 3600;
      expect((await call(app(), 'PUT', '/answer/admin/api/user/status', { token: admin, body: { user_id: bad.id, status: 'suspended', suspend_duration: 48 } })).status).toBe(200);
      const login = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'troublemaker@example.com', pass: 'password-123' } });
      expect(login.status).toBe(403);
      expect(login.body.data.type).toBe('suspended');
      expect(Math.abs(login.body.data.suspended_until - until)).toBeLessThan(5);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: bad.token })).body.data.status).toBe('suspended');
      await call(app(), 'PUT', '/answer/admin/api/user/status', { token: admin, body: { user_id: bad.id, status: 'suspended', suspend_duration: 'forever' } });
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'troublemaker@example.com', pass: 'password-123' } })).body.data).toEqual({ type: 'suspended', suspended_until: 0 });
      // A suspension that ran out no longer blocks.
      await app().quorum.database!.kysely.updateTable('users').set({ suspended_until: 100 }).where('id', '=', bad.id).execute();
      const back = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'troublemaker@example.com', pass: 'password-123' } });
      expect(back.body.data).toMatchObject({ status: 'normal' });
    });

    it('applies the login policy: e-mail registrations and allowed domains', async (t) => {
      if (!site) return t.skip();
      const admin = await adminToken(app());
      const { getSettings, saveSection } = await import('../siteinfo/index.js');
      const ctx = app().quorum;
      const s = await getSettings(ctx);
      try {
        await saveSection(ctx, 'login', { ...s.login, allow_email_domains: ['Example.org\n\n  corp.example  '] });
        const refused = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'outsider', e_mail: 'outsider@example.com', pass: 'password-123' } });
        expect(refused.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Registration with this email domain is not allowed.' }]);
        expect((await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'insider2', e_mail: 'insider2@corp.example', pass: 'password-123' } })).status).toBe(200);
        await saveSection(ctx, 'login', { ...s.login, allow_email_registrations: false });
        const closed = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'latecomer', e_mail: 'latecomer@example.com', pass: 'password-123' } });
        expect(closed.body).toMatchObject({ code: 400, reason: 'error.user.email_registration_closed', data: { err_type: 'toast' } });
        await saveSection(ctx, 'login', { ...s.login, allow_password_login: false });
        expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } })).body.reason).toBe('error.user.password_login_disabled');
      } finally {
        await saveSection(ctx, 'login', s.login);
      }
      expect(admin).toBeTruthy();
    });
  });
}

describe('account rate limits', () => {
  it('limits password-reset requests per address and answers 429 with a clear reason', async () => {
    const site = await installedSite('sqlite3', { rateLimit: true });
    try {
      useCaptchaGenerator(site.app.quorum, () => ({ answer: 'ok', image: 'data:image/gif;base64,' }));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const id = (await call(site.app, 'GET', `${V1}/user/action/record?action=find_pass`)).body.data.captcha_id;
        const r = await call(site.app, 'POST', `${V1}/user/password/reset`, { body: { e_mail: 'target@example.com', captcha_id: id, captcha_code: 'ok' }, remoteAddress: `203.0.113.${i}` });
        statuses.push(r.status);
        if (r.status === 429) expect(r.body).toMatchObject({ reason: 'error.request.rate_limited', msg: 'Too many requests. Please wait a moment and try again.' });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await site.close();
    }
  });
});
