import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`admin user detail, profile, single add and content removal on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;

    it('adds one user, edits the profile and shows the detail with the admin history', async (t) => {
      if (!site) return t.skip();
      const short = await call(app(), 'POST', `${ADM}/user`, { token: admin, body: { display_name: 'Bo', email: 'bo@example.com', password: 'password-1' } });
      expect(short.body.data).toEqual([{ error_field: 'display_name', error_msg: 'Display name must be 4 to 30 characters.' }]);
      const added = await call(app(), 'POST', `${ADM}/user`, { token: admin, body: { display_name: 'Nora New', email: 'Nora@Example.com', password: 'password-1' } });
      expect(added.status).toBe(200);
      const id = added.body.data.user_id;
      const taken = await call(app(), 'POST', `${ADM}/user`, { token: admin, body: { display_name: 'Nora Again', email: 'nora@example.com', password: 'password-1' } });
      expect(taken.body.data).toEqual([{ error_field: 'email', error_msg: 'An account with this e-mail address already exists.' }]);
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'nora@example.com', pass: 'password-1' } })).body.data).toMatchObject({ username: 'nora-new', mail_status: 1 });

      const clash = await call(app(), 'PUT', `${ADM}/user/profile`, { token: admin, body: { user_id: id, display_name: 'Nora Renamed', email: 'admin@example.com', username: 'admin' } });
      expect(clash.body.data).toEqual([
        { error_field: 'email', error_msg: 'An account with this e-mail address already exists.' },
        { error_field: 'username', error_msg: 'Username is already in use.' },
      ]);
      const edit = await call(app(), 'PUT', `${ADM}/user/profile`, { token: admin, body: { user_id: id, display_name: 'Nora Renamed', email: 'nora2@example.com', username: 'nora' } });
      expect(edit.status).toBe(200);

      const detail = (await call(app(), 'GET', `${ADM}/user/info?user_id=${id}`, { token: admin })).body.data;
      expect(detail).toMatchObject({ user_id: id, username: 'nora', display_name: 'Nora Renamed', e_mail: 'nora2@example.com', status: 'normal', role_name: 'User', question_count: 0 });
      expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['user.profile', 'user.add']);
      expect(detail.history[0].changes).toEqual({ display_name: ['Nora New', 'Nora Renamed'], e_mail: ['nora@example.com', 'nora2@example.com'], username: ['nora-new', 'nora'] });
      expect((await call(app(), 'GET', `${ADM}/user/info?user_id=999999`, { token: admin })).status).toBe(404);
    });

    it('refuses to set its own password', async (t) => {
      if (!site) return t.skip();
      const self = await call(app(), 'PUT', `${ADM}/user/password`, { token: admin, body: { user_id: '1', password: 'another-pass-1' } });
      expect(self.status).toBe(400);
      expect(self.body.msg).toBe('Forbidden to operate on yourself');
    });

    it('suspends for a time or forever and records it', async (t) => {
      if (!site) return t.skip();
      const u = await registerUser(app(), 'sleeper');
      await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: u.id, status: 'suspended', suspend_duration: '24h' } });
      let detail = (await call(app(), 'GET', `${ADM}/user/info?user_id=${u.id}`, { token: admin })).body.data;
      expect(detail.status).toBe('suspended');
      expect(detail.suspended_until - Math.floor(Date.now() / 1000)).toBeGreaterThan(23 * 3600);
      await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: u.id, status: 'suspended', suspend_duration: 'forever' } });
      detail = (await call(app(), 'GET', `${ADM}/user/info?user_id=${u.id}`, { token: admin })).body.data;
      expect(detail).toMatchObject({ status: 'suspended', suspended_until: 0 });
      expect(detail.history[0]).toMatchObject({ action: 'user.status', changes: { status: ['suspended', 'suspended'], suspended_until: 0 } });
    });

    it('deletes a user with their content and recounts question, answer and tag counters', async (t) => {
      if (!site) return t.skip();
      const spammer = await registerUser(app(), 'spammer');
      const other = await registerUser(app(), 'honest');
      const ask = (token: string, title: string) => call(app(), 'POST', `${V1}/question`, { token, body: { title, content: 'Some body text here', tags: [{ slug_name: 'support' }] } });
      const before = Number((await db().selectFrom('tags').select('question_count').where('slug_name', '=', 'support').executeTakeFirstOrThrow()).question_count);
      const spamQ = (await ask(spammer.token, 'Spam question one')).body.data.id;
      const goodQ = (await ask(other.token, 'A real question')).body.data.id;
      const spamA = await call(app(), 'POST', `${V1}/answer`, { token: spammer.token, body: { question_id: goodQ, content: 'spam answer text' } });
      expect(spamA.status, JSON.stringify(spamA.body)).toBe(200);
      await call(app(), 'POST', `${V1}/answer`, { token: other.token, body: { question_id: spamQ, content: 'an honest answer' } });
      const tag = () => db().selectFrom('tags').select('question_count').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
      const question = (id: string) => db().selectFrom('questions').select(['answer_count', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(Number((await tag()).question_count)).toBe(before + 2);
      expect(Number((await question(goodQ)).answer_count)).toBe(1);

      const r = await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: spammer.id, status: 'deleted', remove_all_content: true } });
      expect(r.status).toBe(200);
      expect(Number((await tag()).question_count)).toBe(before + 1);
      expect(Number((await question(goodQ)).answer_count)).toBe(0);
      expect(Number((await question(spamQ)).status)).toBe(10);
      const counts = await db().selectFrom('users').select(['question_count', 'answer_count']).where('id', '=', spammer.id).executeTakeFirstOrThrow();
      expect([Number(counts.question_count), Number(counts.answer_count)]).toEqual([0, 0]);
    });
  });

  describe(`admin resend of the activation e-mail is rate limited on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect, { rateLimit: true });
    });
    afterAll(async () => site?.close());

    it('answers 429 after five sends to one user within the hour', async (t) => {
      if (!site) return t.skip();
      const admin = await adminToken(site.app);
      const u = await registerUser(site.app, 'waiting', { activate: false });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(site.app, 'POST', `${ADM}/user/activation`, { token: admin, body: { user_id: u.id } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await call(site.app, 'POST', `${ADM}/users/activation`, { token: admin, body: { user_id: u.id } });
      expect(last.body.reason).toBe('error.request.rate_limited');
    });
  });
}
