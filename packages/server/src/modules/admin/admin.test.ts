import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`admin dashboard and content lists on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice = { token: '', id: '' };
    const questions: string[] = [];
    let answerId = '';
    let pendingId = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await registerUser(site.app, 'alice');
      for (const title of ['How to brew a stout', 'Yeast for lagers', 'Cleaning copper kettles']) {
        const r = await call(site.app, 'POST', `${V1}/question`, { token: alice.token, body: { title, content: 'Some body text here', tags: [{ slug_name: 'support' }] } });
        questions.push(r.body.data.id);
      }
      const a = await call(site.app, 'POST', `${V1}/answer`, { token: admin, body: { question_id: questions[0], content: 'Use roasted barley.' } });
      answerId = a.body.data.info.id;
      // More links than the anti-spam rule allows: the question waits for review.
      const links = Array.from({ length: 6 }, (_, i) => `https://example.org/page${i}`).join(' and ');
      const held = await call(site.app, 'POST', `${V1}/question`, { token: alice.token, body: { title: 'Where to buy kegs', content: `Try ${links}`, tags: [{ slug_name: 'support' }] } });
      pendingId = held.body.data.id;
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const get = async (path: string) => (await call(app(), 'GET', `${ADM}/${path}`, { token: admin })).body.data;

    it('shows counts, site health, 30 days of activity, the checklist and recent actions', async (t) => {
      if (!site) return t.skip();
      const info = (await get('dashboard')).info;
      expect(info).toMatchObject({ question_count: 3, answer_count: 1, user_count: 2, report_count: 0, review_count: 1, smtp: 'not_configured', https: false, login_required: false, time_zone: 'UTC', uploading_files: true });
      // E-mails wait in the outbox (alice's activation at least): no SMTP is configured.
      const waiting = await app().quorum.database!.kysely.selectFrom('outbox').select('id').where('status', 'in', [1, 2]).execute();
      expect(waiting.length).toBeGreaterThanOrEqual(1);
      expect(info.outbox_pending).toBe(waiting.length);
      expect(info.database_type).toBe(dialect);
      expect(info.database_size_bytes).toBeGreaterThan(0);
      expect(info.version_info.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(info.days).toHaveLength(30);
      const today = new Date().toISOString().slice(0, 10);
      // Every question asked today counts, the one waiting for review too.
      expect(info.days[29]).toEqual({ date: today, questions: 4, answers: 1, users: 2 });
      expect(info.days.slice(0, 29).every((d: { questions: number }) => d.questions === 0)).toBe(true);
      expect(info.checklist).toEqual([
        { key: 'smtp', done: false, link: '/admin/smtp' },
        { key: 'legal', done: false, link: '/admin/legal' },
        { key: 'registration', done: false, link: '/admin/login' },
      ]);
      const login = await get('siteinfo/login');
      await call(app(), 'PUT', `${ADM}/siteinfo/login`, { token: admin, body: { ...login, allow_email_domains: ['example.com'] } });
      await call(app(), 'PUT', `${ADM}/siteinfo/legal`, { token: admin, body: { terms_of_service_original_text: 'Terms', privacy_policy_original_text: 'Privacy' } });
      const after = (await get('dashboard')).info;
      expect(after.checklist.map((c: { done: boolean }) => c.done)).toEqual([false, true, true]);
      expect(after.recent_actions[0]).toMatchObject({ action: 'settings.legal', operator: { username: 'admin' } });
    });

    it('counts the days in the site time zone', async (t) => {
      if (!site) return t.skip();
      const iface = await get('siteinfo/interface');
      await call(app(), 'PUT', `${ADM}/siteinfo/interface`, { token: admin, body: { ...iface, time_zone: 'Pacific/Kiritimati' } });
      const info = (await get('dashboard')).info;
      const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      expect(info.time_zone).toBe('Pacific/Kiritimati');
      expect(info.days[29].date).toBe(kiritimati);
      expect(info.days.reduce((n: number, d: { questions: number }) => n + d.questions, 0)).toBe(4);
      await call(app(), 'PUT', `${ADM}/siteinfo/interface`, { token: admin, body: iface });
    });

    it('lists questions by status and search, newest first, with authors and links', async (t) => {
      if (!site) return t.skip();
      const page = await get('question/page?page=1&page_size=2');
      expect(page.count).toBe(3);
      expect(page.list.map((q: { title: string }) => q.title)).toEqual(['Cleaning copper kettles', 'Yeast for lagers']);
      expect(page.list[0]).toMatchObject({ id: questions[2], url_title: 'cleaning-copper-kettles', status: 'normal', answer_count: 0, user_info: { username: 'alice' } });
      expect((await get('question/page?page=2&page_size=2')).list.map((q: { id: string }) => q.id)).toEqual([questions[0]]);
      expect((await get('question/page?query=YEAST')).list.map((q: { id: string }) => q.id)).toEqual([questions[1]]);
      expect((await get(`question/page?query=${questions[0]}`)).list.map((q: { id: string }) => q.id)).toEqual([questions[0]]);
      expect((await get('question/page?query=user:alice')).count).toBe(3);
      expect((await get('question/page?query=user:nobody')).count).toBe(0);
      expect((await get('question/page?query=%25')).count).toBe(0);
      expect((await call(app(), 'GET', `${ADM}/question/page?status=bogus`, { token: admin })).status).toBe(400);
      const answers = await get('answer/page');
      expect(answers.list[0]).toMatchObject({ id: answerId, question_id: questions[0], description: 'Use roasted barley.', status: 'normal', question_info: { title: 'How to brew a stout', url_title: 'how-to-brew-a-stout' } });
      expect((await get('answer/page?query=user:alice')).count).toBe(0);
    });

    it('changes status one by one and in bulk, with counters and an audit trail', async (t) => {
      if (!site) return t.skip();
      const tagCount = async () => Number((await app().quorum.database!.kysely.selectFrom('tags').select('question_count').where('slug_name', '=', 'support').executeTakeFirstOrThrow()).question_count);
      const before = await tagCount();
      const closed = await call(app(), 'PUT', `${ADM}/question/status`, { token: admin, body: { question_id: questions[1], status: 'closed' } });
      expect(closed.status).toBe(200);
      expect((await get('question/page?status=closed')).list.map((q: { id: string }) => q.id)).toEqual([questions[1]]);
      const info = (await call(app(), 'GET', `${V1}/question/info?id=${questions[1]}`, { token: admin })).body.data;
      expect(info.operation).toMatchObject({ type: 'closed', msg: 'Closed by a site administrator.' });

      const bulk = await call(app(), 'PUT', `${ADM}/question/status`, { token: admin, body: { question_ids: [questions[1], questions[2]], status: 'deleted' } });
      expect(bulk.body.data).toEqual({ count: 2 });
      expect((await get('question/page?status=deleted')).count).toBe(2);
      expect(await tagCount()).toBe(before - 2);
      expect((await get('question/page?status=available')).count).toBe(1);
      await call(app(), 'PUT', `${ADM}/question/status`, { token: admin, body: { question_id: questions[2], status: 'available' } });
      expect(await tagCount()).toBe(before - 1);
      const unknown = await call(app(), 'PUT', `${ADM}/question/status`, { token: admin, body: { question_ids: [questions[0], '10010000000999999'], status: 'deleted' } });
      expect(unknown.status).toBe(404);
      expect((await get('question/page')).count).toBe(2);

      await call(app(), 'PUT', `${ADM}/answer/status`, { token: admin, body: { answer_id: answerId, status: 'deleted' } });
      expect((await get('answer/page?status=deleted')).list.map((a: { id: string }) => a.id)).toEqual([answerId]);
      // The dashboard's counts are reused for a while, but an admin's own change shows at once.
      expect((await get('dashboard')).info).toMatchObject({ answer_count: 0, question_count: 2 });
      const q0 = (await call(app(), 'GET', `${V1}/question/info?id=${questions[0]}`)).body.data;
      expect(q0.answer_count).toBe(0);
      await call(app(), 'PUT', `${ADM}/answer/status`, { token: admin, body: { answer_ids: [answerId], status: 'available' } });
      expect((await get('answer/page')).count).toBe(1);
      const actions = (await get('dashboard')).info.recent_actions.map((a: { action: string; target_id: string }) => `${a.action} ${a.target_id}`);
      expect(actions.slice(0, 2)).toEqual([`answer.status ${answerId}`, `answer.status ${answerId}`]);
      expect(actions).toContain(`question.status ${questions[2]}`);
      expect((await call(app(), 'PUT', `${ADM}/answer/status`, { token: admin, body: { status: 'deleted' } })).body.data).toEqual([{ error_field: 'answer_id', error_msg: 'cannot be empty' }]);

      // A post waiting for review is approved through the review queue: it goes live, counted once.
      expect((await get('question/page?status=pending')).list.map((q: { id: string }) => q.id)).toEqual([pendingId]);
      const tagsBefore = await tagCount();
      await call(app(), 'PUT', `${ADM}/question/status`, { token: admin, body: { question_id: pendingId, status: 'available' } });
      expect((await get('question/page?status=pending')).count).toBe(0);
      expect((await get('dashboard')).info).toMatchObject({ review_count: 0, question_count: 3 });
      // Its tags counted it when it was asked; approving does not count it twice.
      expect(await tagCount()).toBe(tagsBefore);
    });

    it('records SMTP and privilege saves in the audit log, never the SMTP password', async (t) => {
      if (!site) return t.skip();
      const smtp = await get('setting/smtp');
      const saved = await call(app(), 'PUT', `${ADM}/setting/smtp`, { token: admin, body: { ...smtp, from_email: 'noreply@example.com', from_name: 'Audit', smtp_host: 'mail.example.com', smtp_port: 2525, smtp_authentication: true, smtp_username: 'mailer', smtp_password: 'hunter2-secret' } });
      expect(saved.status).toBe(200);
      const privileges = await get('setting/privileges');
      const level = privileges.selected_level === 1 ? 2 : 1;
      expect((await call(app(), 'PUT', `${ADM}/setting/privileges`, { token: admin, body: { level, custom_privileges: [] } })).status).toBe(200);
      const actions = (await get('dashboard')).info.recent_actions as { action: string; changes: unknown }[];
      expect(actions.slice(0, 2).map((a) => a.action)).toEqual(['settings.privileges', 'settings.smtp']);
      expect(actions[0]!.changes).toMatchObject({ level: [privileges.selected_level, level] });
      expect(actions[1]!.changes).toMatchObject({ smtp_host: [smtp.smtp_host, 'mail.example.com'], smtp_password: 'changed' });
      expect(JSON.stringify(actions)).not.toContain('hunter2');
      await call(app(), 'PUT', `${ADM}/setting/privileges`, { token: admin, body: { level: privileges.selected_level, custom_privileges: [] } });
    });
  });
}
