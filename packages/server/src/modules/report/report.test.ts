/**
 * Flags over HTTP on every engine: each flag reason, the duplicate refused, the flag privilege, the post-flag and
 * user-flag decisions with their effects (an edit with the moderator's changes included), the admin call on the same tasks, the review badge counts and a race
 * of two moderators on one flag; POST /report is limited to 20 a minute per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`flags on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let author: Member;
    let flagger: Member;
    let mod: Member;
    let mod2: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      author = await member(site, 'author');
      flagger = await member(site, 'flagger');
      mod = await member(site, 'moder');
      mod2 = await member(site, 'moder2');
      await makeModerator(site, mod.id);
      await makeModerator(site, mod2.id);
    });
    afterAll(async () => site?.close());

    const flag = (token: string, body: Record<string, unknown>) => call(site!.app, 'POST', `${API}/report`, { token, body });
    const firstFlag = async (tab: 'post' | 'user') => (await call(site!.app, 'GET', `${API}/report/unreviewed/${tab}`, { token: mod.token })).body.data;
    const badge = async (token: string) => Object.fromEntries(((await call(site!.app, 'GET', `${API}/reviewing/type`, { token })).body.data as { name: string; todo_amount: number }[]).map((t) => [t.name, t.todo_amount]));

    it('lists the flag reasons of each object type', async (t) => {
      if (!site) return t.skip();
      const types = async (o: string) => ((await call(site!.app, 'GET', `${API}/reasons?object_type=${o}&action=flag`, { token: flagger.token })).body.data as { reason_type: number }[]).map((r) => r.reason_type);
      expect(await types('question')).toEqual([57, 58, 60, 101, 59]);
      expect(await types('answer')).toEqual([57, 58, 61, 101, 59]);
      expect(await types('comment')).toEqual([57, 58, 62, 59]);
      expect(await types('user')).toEqual([57, 58, 59]);
    });

    it('accepts each reason of a question, checks texts, and refuses a second open flag by the same member', async (t) => {
      if (!site) return t.skip();
      for (const [i, rt] of [57, 58, 60, 101, 59].entries()) {
        const q = await ask(site, author.token, `Question number ${i} about flags`);
        const content = rt === 60 ? 'http://localhost:9080/questions/1' : rt === 59 ? 'Please look at this' : '';
        const r = await flag(flagger.token, { object_id: q, report_type: rt, content });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const again = await flag(flagger.token, { object_id: q, report_type: 57 });
        expect(again.body).toMatchObject({ code: 400, reason: 'error.report.duplicate' });
      }
      const q = await ask(site, author.token, 'Question for text checks here');
      expect((await flag(flagger.token, { object_id: q })).body.data[0].error_field).toBe('report_type');
      expect((await flag(flagger.token, { object_id: q, report_type: 61 })).body.data[0].error_field).toBe('report_type');
      expect((await flag(flagger.token, { object_id: q, report_type: 59 })).body.data[0]).toMatchObject({ error_field: 'content', error_msg: 'Cannot be empty.' });
      expect((await flag(flagger.token, { object_id: q, report_type: 60, content: 'not a url' })).body.data[0].error_msg).toBe('URL format is incorrect.');
      expect((await flag(flagger.token, { object_id: q, report_type: 60, content: 'https://elsewhere.example/q/1' })).body.data[0].error_msg).toBe('URL origin does not match the current website.');
    });

    it('needs the flag privilege', async (t) => {
      if (!site) return t.skip();
      const low = await member(site, 'lowrep', 0);
      const q = await ask(site, author.token, 'Question flagged by a low member');
      const r = await flag(low.token, { object_id: q, report_type: 57 });
      expect(r.body).toMatchObject({ code: 403, reason: 'error.rank.fail_to_meet_the_condition' });
      expect((await call(site.app, 'POST', `${API}/report`, { body: { object_id: q, report_type: 57 } })).status).toBe(401);
    });

    it('deletes a flagged answer from the post-flags tab; counts and flagger notice follow; the second moderator is told it was handled', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      await db.updateTable('reports').set({ status: 2 }).execute();
      const q = await ask(site, author.token, 'Question with a spam answer');
      const a = await answer(site, author.token, q, 'Cheap watches at the best price in my shop today');
      expect((await flag(flagger.token, { object_id: a, report_type: 57 })).status).toBe(200);
      const other = await member(site, 'flagger2');
      expect((await flag(other.token, { object_id: a, report_type: 61 })).status).toBe(200);
      expect((await call(site.app, 'GET', `${API}/report/flags?object_ids=${a}`, { token: flagger.token })).body.data).toEqual({ flagged: [a], counts: {} });
      expect((await call(site.app, 'GET', `${API}/report/flags?object_ids=${a}`, { token: mod.token })).body.data.counts).toEqual({ [a]: 2 });
      expect(await badge(mod.token)).toMatchObject({ flagged_post: 2, flagged_user: 0, queued_post: 0 });
      expect(await badge(flagger.token)).toEqual({});
      const page = await firstFlag('post');
      expect(page.count).toBe(2);
      expect(page.list[0]).toMatchObject({ object_id: a, object_type: 'answer', question_id: q, flag_count: 2, reason: { reason_type: 57 } });
      const body = { flag_id: page.list[0].flag_id, operation_type: 'delete_post' };
      const [r1, r2] = await Promise.all([
        call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body }),
        call(site.app, 'PUT', `${API}/report/review`, { token: mod2.token, body }),
      ]);
      expect([r1.status, r2.status].sort()).toEqual([200, 400]);
      expect([r1, r2].find((r) => r.status === 400)!.body.reason).toBe('error.review.already_handled');
      expect((await db.selectFrom('answers').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status).toBe(10);
      expect(await badge(mod.token)).toMatchObject({ flagged_post: 0 });
      const rows = await db.selectFrom('activity').select(['activity_type', 'reason']).where('object_id', '=', a).where('activity_type', '=', 'flag_handled').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.reason).toContain('Deleted after a flag');
      const notes = (await call(site.app, 'GET', `${API}/notification/page?type=inbox`, { token: flagger.token })).body.data.list as { notification_action: string }[];
      expect(notes.map((n) => n.notification_action)).toContain('acted on your flag');
    });

    it('closes with a reason, unlists, and ignores flagged questions; the admin call settles the same task', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      await db.updateTable('reports').set({ status: 2 }).execute();
      const q1 = await ask(site, author.token, 'Question to be closed after flag');
      await flag(flagger.token, { object_id: q1, report_type: 58 });
      const f1 = (await firstFlag('post')).list[0].flag_id;
      const bad = await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f1, operation_type: 'close_post' } });
      expect(bad.body.data[0].error_field).toBe('close_type');
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f1, operation_type: 'close_post', close_type: 5, close_msg: 'Abusive thread' } })).status).toBe(200);
      expect((await db.selectFrom('questions').select('status').where('id', '=', q1).executeTakeFirstOrThrow()).status).toBe(2);
      const closed = await db.selectFrom('activity').select('reason').where('object_id', '=', q1).where('activity_type', '=', 'flag_handled').executeTakeFirstOrThrow();
      expect(closed.reason).toContain('Abusive thread');

      const q2 = await ask(site, author.token, 'Question to be unlisted after flag');
      await flag(flagger.token, { object_id: q2, report_type: 57 });
      const f2 = (await firstFlag('post')).list[0].flag_id;
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f2, operation_type: 'unlist_post' } })).status).toBe(200);
      expect((await db.selectFrom('questions').select('show').where('id', '=', q2).executeTakeFirstOrThrow()).show).toBe(2);

      const q3 = await ask(site, author.token, 'Question flagged without reason');
      await flag(flagger.token, { object_id: q3, report_type: 57 });
      const f3 = (await firstFlag('post')).list[0].flag_id;
      expect((await call(site.app, 'PUT', `${API}/admin/api/report`.replace('/api/v1', ''), { token: mod.token, body: { id: f3, action: 'ignore' } })).status).toBe(403);
      expect((await call(site.app, 'PUT', '/answer/admin/api/report', { token: admin, body: { id: f3, action: 'ignore' } })).status).toBe(200);
      expect((await db.selectFrom('questions').select('status').where('id', '=', q3).executeTakeFirstOrThrow()).status).toBe(1);
      expect((await firstFlag('post')).count).toBe(0);
      const again = await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f3, operation_type: 'delete_post' } });
      expect(again.body.reason).toBe('error.review.already_handled');
    });

    it('edits a flagged question and answer with the changes sent by the moderator, checked before the flag is settled', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      await db.updateTable('reports').set({ status: 2 }).execute();
      const review = (body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { operation_type: 'edit_post', ...body } });
      const q = await ask(site, author.token, 'Flagged question needing a better title', 'Sloppy body text.');
      await flag(flagger.token, { object_id: q, report_type: 101 });
      const f1 = (await firstFlag('post')).list[0].flag_id;
      const bad = await review({ flag_id: f1, title: '', content: 'Clean body.' });
      expect(bad.body.data).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
      expect((await firstFlag('post')).count).toBe(1);
      expect((await review({ flag_id: f1, title: 'A clear title for the flagged question', content: 'A **clean** body.' })).status).toBe(200);
      const info = (await call(site.app, 'GET', `${API}/question/info?id=${q}`)).body.data;
      expect(info).toMatchObject({ title: 'A clear title for the flagged question', content: 'A **clean** body.', tags: [expect.objectContaining({ slug_name: 'support' })] });
      const history = (await call(site.app, 'GET', `${API}/revisions?object_id=${q}`)).body.data;
      expect(history[0]).toMatchObject({ reason: 'Edited from the review queue.', user_info: { username: 'moder' } });
      expect((await firstFlag('post')).count).toBe(0);

      const a = await answer(site, author.token, q, 'An answer with a typo in it');
      await flag(flagger.token, { object_id: a, report_type: 101 });
      const f2 = (await firstFlag('post')).list[0].flag_id;
      expect((await review({ flag_id: f2, content: 'An answer without the typo' })).status).toBe(200);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a}`)).body.data.info.content).toBe('An answer without the typo');
      const edited = await db.selectFrom('activity').select('user_id').where('object_id', '=', a).where('activity_type', '=', 'edited').execute();
      expect(edited.map((r) => r.user_id)).toEqual([mod.id]);
    });

    it('suspends, deletes or ignores a flagged user from the user-flags tab', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      const spammer = await member(site, 'spammer');
      const troll = await member(site, 'trolluser');
      expect((await flag(flagger.token, { object_id: spammer.id, report_type: 57 })).status).toBe(200);
      expect((await flag(flagger.token, { object_id: flagger.id, report_type: 57 })).status).toBe(400);
      expect(await badge(mod.token)).toMatchObject({ flagged_user: 1 });
      const f = (await firstFlag('user')).list[0];
      expect(f).toMatchObject({ object_id: spammer.id, object_type: 'user', reason: { reason_type: 57 } });
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f.flag_id, operation_type: 'delete_post' } })).status).toBe(400);
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f.flag_id, operation_type: 'suspend_user', suspend_duration: '24h' } })).status).toBe(200);
      const s = await db.selectFrom('users').select(['status', 'suspended_until']).where('id', '=', spammer.id).executeTakeFirstOrThrow();
      expect(s.status).toBe(9);
      expect(Number(s.suspended_until)).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
      await flag(flagger.token, { object_id: troll.id, report_type: 58 });
      const f2 = (await firstFlag('user')).list[0];
      expect((await call(site.app, 'PUT', `${API}/report/review`, { token: mod.token, body: { flag_id: f2.flag_id, operation_type: 'delete_user' } })).status).toBe(200);
      expect((await db.selectFrom('users').select('status').where('id', '=', troll.id).executeTakeFirstOrThrow()).status).toBe(10);
      expect(await badge(mod.token)).toMatchObject({ flagged_user: 0 });
      expect((await call(site.app, 'GET', `${API}/report/unreviewed/user`, { token: flagger.token })).status).toBe(403);
    });
  });
}

describe('flags are rate-limited per address', () => {
  it('answers 429 to the 21st flag of a minute from one address; another address still flags', async () => {
    const site = await installedSite('sqlite3', { rateLimit: true });
    try {
      const flagger = await member(site, 'rlflagger');
      const q = await ask(site, (await member(site, 'rlauthor')).token, 'Question flagged over and over');
      const flag = (remoteAddress: string) => call(site.app, 'POST', `${API}/report`, { token: flagger.token, body: { object_id: q, report_type: 57 }, remoteAddress });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await flag('203.0.113.7')).status);
      // The first flag is taken, the next ones are duplicates: none is limited until the 21st.
      expect(statuses).toEqual([200, ...Array(19).fill(400)]);
      const limited = await flag('203.0.113.7');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 429, reason: 'error.request.rate_limited' });
      expect((await flag('203.0.113.8')).status).toBe(400);
    } finally {
      await site.close();
    }
  });
});
