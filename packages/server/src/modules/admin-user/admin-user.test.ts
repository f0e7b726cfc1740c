import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { codeFromMail, startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`admin user management on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let admin = '';
    let mod = { token: '', id: '' };
    let eve = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      admin = await adminToken(site.app);
      await useMailbox(site.app, box, admin);
      mod = await registerUser(site.app, 'moddy');
      eve = await registerUser(site.app, 'eve');
      await call(site.app, 'PUT', `${ADM}/user/role`, { token: admin, body: { user_id: mod.id, role_id: 3 } });
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const page = async (query: string) => (await call(app(), 'GET', `${ADM}/users/page?${query}`, { token: admin })).body.data;

    it('is for admins only: moderators and users get 403, anonymous 401', async (t) => {
      if (!site) return t.skip();
      expect((await call(app(), 'GET', `${ADM}/users/page`, { token: mod.token })).status).toBe(403);
      expect((await call(app(), 'GET', `${ADM}/roles`, { token: eve.token })).status).toBe(403);
      expect((await call(app(), 'GET', `${ADM}/roles`)).status).toBe(401);
      const roles = await call(app(), 'GET', `${ADM}/roles`, { token: admin });
      expect(roles.body.data.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([[1, 'User'], [2, 'Admin'], [3, 'Moderator']]);
    });

    it('lists users with query, staff and status filters', async (t) => {
      if (!site) return t.skip();
      const all = await page('page=1&page_size=10');
      expect(all.count).toBe(3);
      expect(all.list[0]).toMatchObject({ user_id: eve.id, username: 'eve', e_mail: 'eve@example.com', role_id: 1, role_name: 'User', status: 'normal', rank: 1 });
      expect(all.list[0]).not.toHaveProperty('pass');
      expect((await page('staff=true')).list.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'moddy']);
      expect((await page('query=EVE')).list.map((u: { username: string }) => u.username)).toEqual(['eve']);
      expect((await page('query=%25')).count).toBe(0);
      await registerUser(app(), 'sleepy', { activate: false });
      expect((await page('status=inactive')).list.map((u: { username: string }) => u.username)).toEqual(['sleepy']);
      expect((await page('status=normal')).count).toBe(3);
      expect((await call(app(), 'GET', `${ADM}/users/page?status=bogus`, { token: admin })).status).toBe(400);
    });

    it('changes status: suspend, back to normal, inactive, delete with content; never on oneself', async (t) => {
      if (!site) return t.skip();
      const self = await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: '1', status: 'suspended' } });
      expect(self.status).toBe(400);
      expect(self.body.msg).toBe('Forbidden to operate on yourself');
      const selfRole = await call(app(), 'PUT', `${ADM}/user/role`, { token: admin, body: { user_id: '1', role_id: 1 } });
      expect(selfRole.body.msg).toBe('Forbidden to operate on yourself');

      const victim = await registerUser(app(), 'victim');
      const q = await call(app(), 'POST', `${V1}/question`, { token: victim.token, body: { title: 'A question to remove', content: 'Some body text', tags: [{ slug_name: 'support' }] } });
      expect(q.status).toBe(200);
      await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: victim.id, status: 'suspended', suspend_duration: '7d' } });
      expect((await page('status=suspended')).list.map((u: { username: string }) => u.username)).toEqual(['victim']);
      const blocked = await call(app(), 'POST', `${V1}/question`, { token: victim.token, body: { title: 'Another question', content: 'Some body text', tags: [{ slug_name: 'support' }] } });
      expect(blocked.status).toBe(403);
      expect(blocked.body.data.type).toBe('suspended');
      await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: victim.id, status: 'normal' } });
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: victim.token })).body.data.status).toBe('normal');
      await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: victim.id, status: 'inactive' } });
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: victim.token })).body.data.mail_status).toBe(2);
      const del = await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: victim.id, status: 'deleted', remove_all_content: true } });
      expect(del.status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: victim.token })).body.data).toBeNull();
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'victim@example.com', pass: 'password-123' } })).status).toBe(400);
      const row = await app().quorum.database!.kysely.selectFrom('questions').select('status').where('id', '=', q.body.data.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(10);
      expect((await page('status=deleted')).list.map((u: { username: string }) => u.username)).toEqual(['victim']);
      expect((await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: '999999', status: 'normal' } })).status).toBe(404);
    });

    it('sets a password, which logs the user out', async (t) => {
      if (!site) return t.skip();
      const u = await registerUser(app(), 'resetme');
      const short = await call(app(), 'PUT', `${ADM}/user/password`, { token: admin, body: { user_id: u.id, password: 'short' } });
      expect(short.body.data).toEqual([{ error_field: 'password', error_msg: 'Password must be at 8-32 characters in length.' }]);
      expect((await call(app(), 'PUT', `${ADM}/user/password`, { token: admin, body: { user_id: u.id, password: 'admin-chosen-1' } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: u.token })).body.data).toBeNull();
      expect((await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'resetme@example.com', pass: 'admin-chosen-1' } })).status).toBe(200);
    });

    it('adds users in bulk, reporting every wrong line', async (t) => {
      if (!site) return t.skip();
      const bad = await call(app(), 'POST', `${ADM}/users`, { token: admin, body: { users: 'Abe, abe@example.com, password-1\nGood Name, not-an-email, password-1\nAnother One, eve@example.com, password-1\nNo commas here\nShort Pass, sp@example.com, 123' } });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([
        { error_field: 'users', error_msg: 'Line 1: the display name must be 4 to 30 characters.' },
        { error_field: 'users', error_msg: 'Line 2: the e-mail address is invalid.' },
        { error_field: 'users', error_msg: 'Line 3: an account with this e-mail address already exists.' },
        { error_field: 'users', error_msg: 'Line 4: write each user as: display name, email, password.' },
        { error_field: 'users', error_msg: 'Line 5: the password must be 8 to 32 characters.' },
      ]);
      const okAdd = await call(app(), 'POST', `${ADM}/users`, { token: admin, body: { users: 'Zoe Zed, zoe@example.com, pass,with,commas\n\nEve Twin, eve2@example.com, password-22' } });
      expect(okAdd.status).toBe(200);
      expect(okAdd.body.data).toEqual({ count: 2 });
      const login = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'zoe@example.com', pass: 'pass,with,commas' } });
      expect(login.body.data).toMatchObject({ username: 'zoe-zed', display_name: 'Zoe Zed', mail_status: 1, rank: 1 });
      expect((await call(app(), 'POST', `${ADM}/users`, { token: admin, body: { users: '' } })).status).toBe(400);
    });

    it('hands out activation links and resends the activation e-mail', async (t) => {
      if (!site) return t.skip();
      const u = await registerUser(app(), 'handout', { activate: false });
      const r = await call(app(), 'GET', `${ADM}/user/activation?user_id=${u.id}`, { token: admin });
      expect(r.body.data.activation_url).toMatch(/^http:\/\/localhost:9080\/users\/account-activation\?code=/);
      const after = box.messages.length;
      expect((await call(app(), 'POST', `${ADM}/users/activation`, { token: admin, body: { user_id: u.id } })).status).toBe(200);
      const code = codeFromMail(await box.waitFor('handout@example.com', { after }));
      expect((await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } })).body.data.mail_status).toBe(1);
      // The handed-out link was issued separately and still works once (it no longer changes anything).
      const linkCode = decodeURIComponent(r.body.data.activation_url.split('code=')[1]);
      expect((await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code: linkCode } })).body.data).toMatchObject({ mail_status: 1, rank: 2 });
      expect((await call(app(), 'POST', `${ADM}/user/activation`, { token: mod.token, body: { user_id: u.id } })).status).toBe(403);
      expect(ADMIN.email).toBeTruthy();
    });

    it('shows sign-ups awaiting approval as pending, and filters by it', async (t) => {
      if (!site) return t.skip();
      const login = (await call(app(), 'GET', `${ADM}/siteinfo/login`, { token: admin })).body.data;
      await call(app(), 'PUT', `${ADM}/siteinfo/login`, { token: admin, body: { ...login, require_user_approval: true } });
      try {
        const waiting = await registerUser(app(), 'waiting');
        const pending = await page('status=pending');
        expect(pending.list.map((u: { username: string; status: string }) => [u.username, u.status])).toEqual([['waiting', 'pending']]);
        expect((await page('status=normal')).list.map((u: { user_id: string }) => u.user_id)).not.toContain(waiting.id);
        expect((await page('query=waiting')).list[0]).toMatchObject({ status: 'pending' });
      } finally {
        await call(app(), 'PUT', `${ADM}/siteinfo/login`, { token: admin, body: { ...login, require_user_approval: false } });
      }
    });
  });
}
