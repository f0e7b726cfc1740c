import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';

const REGISTER = '/answer/api/v1/user/register/email';
const LOGIN = '/answer/api/v1/user/login/email';

for (const dialect of DIALECTS) {
  describe(`accounts on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (await shouldRun(dialect)) site = await installedSite(dialect);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    it('registers, returns a token that works, and the account waits for activation (mail_status 2, reputation 1)', async (t) => {
      if (!site) return t.skip();
      const r = await call(app(), 'POST', REGISTER, { body: { name: 'alice', e_mail: 'Alice@Example.com', pass: 'secret-123' } });
      expect(r.status).toBe(200);
      expect(r.body.reason).toBe('base.success');
      expect(r.body.data).toMatchObject({ username: 'alice', e_mail: 'alice@example.com', rank: 1, role_id: 1, mail_status: 2, status: 'normal', is_admin: false });
      expect(r.body.data.access_token).toMatch(/^[\w-]{40,}$/);
      expect(r.body.data).not.toHaveProperty('pass');
      const info = await call(app(), 'GET', '/answer/api/v1/user/info', { token: r.body.data.access_token });
      expect(info.body.data.username).toBe('alice');
      const bearer = await call(app(), 'GET', '/answer/api/v1/user/info', { headers: { authorization: `Bearer ${r.body.data.access_token}` } });
      expect(bearer.body.data.username).toBe('alice');
    });

    it.each([
      [{ name: '', e_mail: 'a@example.com', pass: 'secret-123' }, 'name', 'Username cannot be empty.'],
      [{ name: 'a'.repeat(31), e_mail: 'a@example.com', pass: 'secret-123' }, 'name', 'Username cannot be longer than 30 characters.'],
      [{ name: 'Bad Name!', e_mail: 'a@example.com', pass: 'secret-123' }, 'name', 'Username can only contain a-z, 0-9, and "- . _".'],
      [{ name: 'okname', e_mail: 'not-an-email', pass: 'secret-123' }, 'e_mail', 'Email is invalid.'],
      [{ name: 'okname', e_mail: 'a@example.com', pass: 'short' }, 'pass', 'Password must be at 8-32 characters in length.'],
      [{ name: 'okname', e_mail: 'a@example.com', pass: 'x'.repeat(33) }, 'pass', 'Password must be at 8-32 characters in length.'],
      [{ name: 42, e_mail: 'a@example.com', pass: 'secret-123' }, 'name', 'Username cannot be empty.'],
    ])('rejects bad registration %j', async (body, field, message) => {
      if (!site) return;
      const r = await call(app(), 'POST', REGISTER, { body });
      expect(r.status).toBe(400);
      expect(r.body.reason).toBe('base.request_format_error');
      expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
    });

    it('refuses a duplicate username and a duplicate e-mail with field errors', async (t) => {
      if (!site) return t.skip();
      await call(app(), 'POST', REGISTER, { body: { name: 'dup', e_mail: 'dup@example.com', pass: 'secret-123' } });
      const sameName = await call(app(), 'POST', REGISTER, { body: { name: 'DUP', e_mail: 'other@example.com', pass: 'secret-123' } });
      expect(sameName.status).toBe(400);
      expect(sameName.body.data).toEqual([{ error_field: 'name', error_msg: 'Username is already in use.' }]);
      const sameMail = await call(app(), 'POST', REGISTER, { body: { name: 'dup2', e_mail: 'DUP@example.com', pass: 'secret-123' } });
      expect(sameMail.status).toBe(400);
      expect(sameMail.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email already exists.' }]);
    });

    it('logs in with the right password only, and in Chinese when asked', async (t) => {
      if (!site) return t.skip();
      const good = await call(app(), 'POST', LOGIN, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      expect(good.status).toBe(200);
      expect(good.body.data).toMatchObject({ username: 'admin', role_id: 2, is_admin: true, rank: 1 });
      const bad = await call(app(), 'POST', LOGIN, { body: { e_mail: ADMIN.email, pass: 'wrong-pass' } });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Email and password do not match.' }]);
      const unknown = await call(app(), 'POST', LOGIN, { body: { e_mail: 'nobody@example.com', pass: 'whatever1' }, lang: 'zh-CN,zh;q=0.9' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('邮箱和密码不匹配。');
      const empty = await call(app(), 'POST', LOGIN, { body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['e_mail', 'pass']);
    });

    it('answers null for anonymous and unknown tokens, and logout ends the session', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', '/answer/api/v1/user/info')).body).toMatchObject({ code: 200, data: null });
      expect((await call(app(), 'GET', '/answer/api/v1/user/info', { token: 'not-a-token' })).body.data).toBeNull();
      const login = await call(app(), 'POST', LOGIN, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      const token = login.body.data.access_token as string;
      expect((await call(app(), 'GET', '/answer/api/v1/user/logout', { token })).status).toBe(200);
      expect((await call(app(), 'GET', '/answer/api/v1/user/info', { token })).body.data).toBeNull();
    });
  });
}
