/**
 * Queued sign-ups over HTTP on every engine: with the login setting `require_user_approval` on, registration puts
 * the account in the review queue; the waiting account may log in but every member action answers 403
 * `pending_approval` (in the caller's language); approve makes it a member, reject deletes it and ends its
 * sessions, each with an e-mail to the person; a second moderator is told it was handled; an account activated
 * from the admin users page leaves the queue; with the setting off nobody waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, makeModerator, member, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`queued sign-ups on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let mod: Member;
    let mod2: Member;
    let login: Record<string, unknown> = {};
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      mod = await member(site, 'umod');
      mod2 = await member(site, 'umod2');
      await makeModerator(site, mod.id);
      await makeModerator(site, mod2.id);
      login = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/login', { token: admin })).body.data;
    });
    afterAll(async () => site?.close());

    const approval = (on: boolean) => call(site!.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...login, require_user_approval: on } });
    const ask = (token: string, title: string, lang?: string) =>
      call(site!.app, 'POST', `${API}/question`, { token, lang, body: { title, content: 'A question body from a new member.', tags: [{ slug_name: 'support' }] } });
    const queue = async () => (await call(site!.app, 'GET', `${API}/review/pending/user/page?page_size=10`, { token: mod.token })).body.data;
    const decide = (token: string, review_id: string, status: string) => call(site!.app, 'PUT', `${API}/review/pending/user`, { token, body: { review_id, status } });
    const mailsTo = async (address: string) =>
      (await site!.app.quorum.database!.kysely.selectFrom('outbox').select('payload').execute()).filter((r) => (JSON.parse(r.payload) as { to: string }).to === address).length;

    it('registration queues the account; it may log in but not act until approved; approve makes it a member, with an e-mail', async (t) => {
      if (!site) return t.skip();
      expect((await approval(true)).status).toBe(200);
      const a = await registerUser(site.app, 'waitinga');
      const me = (await call(site.app, 'GET', `${API}/user/info`, { token: a.token })).body.data;
      expect(me).toMatchObject({ status: 'pending', mail_status: 1 });
      const refused = await ask(a.token, 'A question asked while waiting');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ reason: 'error.user.pending_approval', msg: "Your account is waiting for a moderator's approval. You will get an e-mail when it has been reviewed.", data: { type: 'pending_approval' } });
      expect((await ask(a.token, 'A question asked while waiting', 'zh-CN')).body.msg).toBe('你的账号正在等待版主审核。审核完成后你会收到一封邮件。');
      const login2 = await call(site.app, 'POST', `${API}/user/login/email`, { body: { e_mail: 'waitinga@example.com', pass: 'password-123' } });
      expect(login2.status).toBe(200);

      const page = await queue();
      expect(page.count).toBe(1);
      expect(page.list[0]).toMatchObject({ review_id: a.id, e_mail: 'waitinga@example.com', mail_status: 1, reason: 'New accounts need approval.', user_info: { username: 'waitinga' } });
      const badge = (await call(site.app, 'GET', `${API}/reviewing/type`, { token: mod.token })).body.data as { name: string; todo_amount: number }[];
      expect(badge.find((b) => b.name === 'queued_user')?.todo_amount).toBe(1);
      expect((await call(site.app, 'GET', `${API}/review/pending/user/page`, { token: a.token })).status).toBe(403);

      const mailsBefore = await mailsTo('waitinga@example.com');
      const [r1, r2] = await Promise.all([decide(mod.token, a.id, 'approve'), decide(mod2.token, a.id, 'approve')]);
      expect([r1.status, r2.status].sort()).toEqual([200, 400]);
      expect([r1, r2].find((r) => r.status === 400)!.body.reason).toBe('error.review.already_handled');
      expect(await mailsTo('waitinga@example.com')).toBe(mailsBefore + 1);
      expect((await call(site.app, 'GET', `${API}/user/info`, { token: a.token })).body.data.status).toBe('normal');
      expect((await ask(a.token, 'A question asked after approval')).status).toBe(200);
      expect((await queue()).count).toBe(0);
    });

    it('reject deletes the account and ends its sessions, with an e-mail', async (t) => {
      if (!site) return t.skip();
      expect((await approval(true)).status).toBe(200);
      const b = await registerUser(site.app, 'waitingb', { activate: false });
      expect((await ask(b.token, 'Not activated and waiting')).body.data).toEqual({ type: 'inactive' });
      const mailsBefore = await mailsTo('waitingb@example.com');
      expect((await decide(mod.token, b.id, 'reject')).status).toBe(200);
      expect(await mailsTo('waitingb@example.com')).toBe(mailsBefore + 1);
      expect((await ask(b.token, 'Asked after the rejection')).status).toBe(401);
      const row = await site.app.quorum.database!.kysely.selectFrom('users').select('status').where('id', '=', b.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(10);
      expect((await decide(mod2.token, b.id, 'approve')).body.reason).toBe('error.review.already_handled');
    });

    it('an account activated from the admin users page leaves the queue; with the setting off nobody waits', async (t) => {
      if (!site) return t.skip();
      expect((await approval(true)).status).toBe(200);
      const c = await registerUser(site.app, 'waitingc');
      expect((await queue()).count).toBe(1);
      expect((await call(site.app, 'PUT', '/answer/admin/api/user/status', { token: admin, body: { user_id: c.id, status: 'normal' } })).status).toBe(200);
      expect((await queue()).count).toBe(0);
      expect((await decide(mod.token, c.id, 'approve')).body.reason).toBe('error.review.already_handled');
      expect((await ask(c.token, 'Activated by the administrator')).status).toBe(200);

      expect((await approval(false)).status).toBe(200);
      const d = await registerUser(site.app, 'notwaiting');
      expect((await ask(d.token, 'Asked without any approval')).status).toBe(200);
      expect((await queue()).count).toBe(0);
    });
  });
}
