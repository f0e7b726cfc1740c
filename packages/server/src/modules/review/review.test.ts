/**
 * Queued posts and sign-ups over HTTP on every engine: the anti-spam rules hold posts (reputation threshold,
 * first posts, links), queued posts stay out of anonymous reads, lists and search until approved, approval counts
 * them, rejection deletes them, two moderators race on one task, and members over the hourly limit get 429
 * (queued sign-ups: review.signup.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`review queue on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let mod: Member;
    let mod2: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect, { rateLimit: true });
      admin = await adminToken(site.app);
      mod = await member(site, 'qmod');
      mod2 = await member(site, 'qmod2');
      await makeModerator(site, mod.id);
      await makeModerator(site, mod2.id);
    });
    afterAll(async () => site?.close());

    const write = (body: Record<string, unknown>) => call(site!.app, 'PUT', '/answer/admin/api/siteinfo/write', { token: admin, body });
    const queue = async (token = mod.token) => (await call(site!.app, 'GET', `${API}/review/pending/post/page?page_size=10`, { token })).body.data;
    const decide = (token: string, review_id: string, status: string) => call(site!.app, 'PUT', `${API}/review/pending/post`, { token, body: { review_id, status } });

    it('holds a question of a member below the reputation threshold; hidden from anonymous readers, lists and search until approved', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      expect((await write({ review_reputation: 5 })).status).toBe(200);
      const newbie = await member(site, 'newbie', 1);
      const q = await ask(site, newbie.token, 'Zanzibarian hydrometer calibration question');
      expect((await db.selectFrom('questions').select('status').where('id', '=', q).executeTakeFirstOrThrow()).status).toBe(11);
      expect((await call(site.app, 'GET', `${API}/question/info?id=${q}`)).status).toBe(404);
      const own = await call(site.app, 'GET', `${API}/question/info?id=${q}`, { token: newbie.token });
      expect(own.body.data.operation).toMatchObject({ type: 'pending' });
      const listed = async () => ((await call(site!.app, 'GET', `${API}/question/page?page_size=50`)).body.data.list as { id: string }[]).some((x) => x.id === q);
      const found = async () => ((await call(site!.app, 'GET', `${API}/search?q=zanzibarian`)).body.data.list as unknown[]).length;
      expect(await listed()).toBe(false);
      expect(await found()).toBe(0);
      const counts = async () => Number((await db.selectFrom('users').select('question_count').where('id', '=', newbie.id).executeTakeFirstOrThrow()).question_count);
      expect(await counts()).toBe(0);
      const page = await queue();
      expect(page.list.find((x: { object_id: string }) => x.object_id === q)).toMatchObject({ object_type: 'question', reason: "The author's reputation is below the review threshold." });
      expect((await call(site.app, 'GET', `${API}/reviewing/type`, { token: mod.token })).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'queued_post', todo_amount: 1 })]));
      expect((await call(site.app, 'GET', `${API}/review/pending/post/page`, { token: newbie.token })).status).toBe(403);
      const [r1, r2] = await Promise.all([decide(mod.token, q, 'approve'), decide(mod2.token, q, 'approve')]);
      expect([r1.status, r2.status].sort()).toEqual([200, 400]);
      expect([r1, r2].find((r) => r.status === 400)!.body.reason).toBe('error.review.already_handled');
      expect((await call(site.app, 'GET', `${API}/question/info?id=${q}`)).status).toBe(200);
      expect(await listed()).toBe(true);
      expect(await found()).toBe(1);
      expect(await counts()).toBe(1);
      expect((await db.selectFrom('activity').select('reason').where('object_id', '=', q).where('activity_type', '=', 'show').executeTakeFirstOrThrow()).reason).toBe('Approved from the review queue.');
      await write({ review_reputation: 1 });
    });

    it('holds answers with many links and first posts; reject deletes, approve counts the answer on its question and tells the asker', async (t) => {
      if (!site) return t.skip();
      const db = site.app.quorum.database!.kysely;
      const asker = await member(site, 'asker', 50);
      const q = await ask(site, asker.token, 'Question that receives link answers');
      const linker = await member(site, 'linker', 1);
      const links = Array.from({ length: 6 }, (_, i) => `https://spam${i}.example/`).join(' ');
      // A new member's post may hold 2 links by default (modules/spam): refused outright, with the limit.
      const refused = await call(site.app, 'POST', `${API}/answer`, { token: linker.token, body: { question_id: q, content: `Try these: ${links}` } });
      expect(refused.body.data).toEqual([{ error_field: 'content', error_msg: 'Too many links for a new member: at most 2 in a post.' }]);
      // With that limit off, the queue rule is what holds the post.
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/spam', { token: admin, body: { max_links: 0 } })).status).toBe(200);
      const a1 = await answer(site, linker.token, q, `Try these: ${links}`);
      await call(site.app, 'PUT', '/answer/admin/api/siteinfo/spam', { token: admin, body: { max_links: 2 } });
      expect((await db.selectFrom('answers').select('status').where('id', '=', a1).executeTakeFirstOrThrow()).status).toBe(11);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a1}`)).status).toBe(404);
      expect((await decide(mod.token, a1, 'reject')).status).toBe(200);
      expect((await db.selectFrom('answers').select('status').where('id', '=', a1).executeTakeFirstOrThrow()).status).toBe(10);
      expect((await decide(mod.token, a1, 'approve')).body.reason).toBe('error.review.already_handled');

      expect((await write({ review_first_posts: 1 })).status).toBe(200);
      const first = await member(site, 'firstpost', 20);
      const a2 = await answer(site, first.token, q, 'A first answer from a new member');
      const info = async () => Number((await db.selectFrom('questions').select('answer_count').where('id', '=', q).executeTakeFirstOrThrow()).answer_count);
      expect(await info()).toBe(0);
      expect((await queue()).list.find((x: { object_id: string }) => x.object_id === a2)).toMatchObject({ object_type: 'answer', question_id: q, reason: "One of the author's first posts." });
      const answeredNotes = async () =>
        ((await call(site!.app, 'GET', `${API}/notification/page?type=inbox`, { token: asker.token })).body.data.list as { notification_action: string }[]).filter((n) => n.notification_action === 'answered your question').length;
      expect(await answeredNotes()).toBe(0);
      expect((await decide(mod.token, a2, 'approve')).status).toBe(200);
      expect(await info()).toBe(1);
      expect(await answeredNotes()).toBe(1);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a2}`)).status).toBe(200);
      const second = await answer(site, first.token, await ask(site, asker.token, 'Another question for the second post'), 'A second answer goes public');
      expect((await db.selectFrom('answers').select('status').where('id', '=', second).executeTakeFirstOrThrow()).status).toBe(1);
      await write({ review_first_posts: 0 });
      expect((await queue()).count).toBe(0);
    });

    it('refuses the fourth question in an hour of a member with reputation 1 with 429, saying the limit and when it resets', async (t) => {
      if (!site) return t.skip();
      const busy = await member(site, 'busyasker', 1);
      for (let i = 0; i < 3; i++) await ask(site, busy.token, `Busy question number ${i} asked now`);
      const r = await call(site.app, 'POST', `${API}/question`, { token: busy.token, body: { title: 'Busy question number four', content: 'Body', tags: [{ slug_name: 'support' }] } });
      expect(r.body).toMatchObject({ code: 429, reason: 'error.post.rate_limited', msg: expect.stringMatching(/^You have reached the question limit \(3 per hour\)\. You can ask again in (60|59) min\.$/) });
      expect(r.body.data.retry_after).toBeGreaterThan(3500);
      expect((await call(site.app, 'POST', `${API}/question`, { token: mod.token, body: { title: 'Moderators are not limited here', content: 'Body', tags: [{ slug_name: 'support' }] } })).status).toBe(200);
    });
  });
}
