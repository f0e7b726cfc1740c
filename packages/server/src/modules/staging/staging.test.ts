/**
 * The staging ground through HTTP (modules/staging) on every engine: off by default (a new member's question posts
 * at once); on, a first question of a member below the reputation waits, hidden from lists, search, feeds, the
 * sitemap, the question page (API and server-rendered) and other members, seen by its asker, the reviewers and
 * moderators; a reviewer's comment, a request for changes, the asker's edit and the approval (published with the
 * time it was asked and the time it was published, in the lists, counted once); sending it to the normal review
 * queue, where a moderator approves it; refusals (a member below the reviewer reputation: 403 with the reputation
 * in the text; blank and long comments: field errors; decisions after the question left: 409); two approvals at
 * once publishing it once; the notices to the asker; the review page's count and queue; the settings section; the
 * dashboard's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, makeModerator, member, type Member } from '../question/question.testkit.js';
import { hasWebBuild } from '../ssr/ssr.renderer.js';

const ADM = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`staging ground on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let n = 0;
    let reviewer: Member;
    let reviewer2: Member;
    let moderator: Member;
    let bystander: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      reviewer = await member(site, 'sgreviewer', 600);
      reviewer2 = await member(site, 'sgreviewer2', 900);
      moderator = await member(site, 'sgmoderator', 1);
      await makeModerator(site, moderator.id);
      bystander = await member(site, 'sgbystander', 120);
    });
    afterAll(async () => {
      await site?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;
    const settings = (body: Record<string, unknown>) => call(app(), 'PUT', `${ADM}/siteinfo/staging`, { token: admin, body });
    const newAsk = async (who: Member) => {
      n++;
      return ask(site!, who.token, `Why does my sourdough starter smell of acetone, case ${n}?`, `It was fed twice a day with rye flour and water for ${n + 4} days, then the smell came, variant ${n}.`);
    };
    const view = (qid: string, token?: string) => call(app(), 'GET', `${API}/staging/question?question_id=${qid}`, { token });
    const act = (what: 'comment' | 'changes' | 'approve' | 'queue', token: string, body: Record<string, unknown>) => call(app(), 'POST', `${API}/staging/${what}`, { token, body });
    const info = (qid: string, token?: string) => call(app(), 'GET', `${API}/question/info?id=${qid}`, { token });
    const newest = async () => ((await call(app(), 'GET', `${API}/question/page?order=newest&page=1&page_size=100`)).body.data.list as Array<{ id: string }>).map((q) => q.id);
    const inbox = async (token: string) => ((await call(app(), 'GET', `${API}/notification/page?type=inbox&page=1&page_size=50`, { token })).body.data.list as Array<{ notification_action: string; object_info: { object_id: string } }>);
    const questionRow = (qid: string) => db().selectFrom('questions').select(['status', 'created_at']).where('id', '=', qid).executeTakeFirstOrThrow();
    const questionCount = async (userId: string) => Number((await db().selectFrom('users').select('question_count').where('id', '=', userId).executeTakeFirstOrThrow()).question_count);

    it('is off by default: a new member\'s first question posts at once; the settings section keeps its defaults and refuses bad values on their field', async (t) => {
      if (!site) return t.skip();
      const got = await call(app(), 'GET', `${ADM}/siteinfo/staging`, { token: admin });
      expect(got.body.data).toEqual({ enabled: false, asker_reputation: 15, first_questions: 1, reviewer_reputation: 500 });
      const asker = await member(site, 'sgoff1', 1);
      const qid = await newAsk(asker);
      expect(Number((await questionRow(qid)).status)).toBe(1);
      expect(await newest()).toContain(qid);
      expect((await view(qid, admin)).status).toBe(404);

      const bad = await settings({ first_questions: 0 });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toEqual([expect.objectContaining({ error_field: 'first_questions' })]);
      expect((await settings({ reviewer_reputation: 'lots' })).body.data).toEqual([expect.objectContaining({ error_field: 'reviewer_reputation' })]);
      expect((await call(app(), 'PUT', `${ADM}/siteinfo/staging`, { token: reviewer.token, body: { enabled: true } })).status).toBe(403);
      expect((await call(app(), 'GET', `${ADM}/siteinfo/staging`, { token: admin })).body.data.enabled).toBe(false);
      // Nothing waits: reviewers get no Staging Ground tab while it is off.
      const types = (await call(app(), 'GET', `${API}/reviewing/type`, { token: reviewer.token })).body.data as Array<{ name: string }>;
      expect(types.map((x) => x.name)).not.toContain('staging');
    });

    it('on, stages a new asker\'s first question: hidden from lists, search, feeds, the sitemap and other members; seen by the asker, reviewers and moderators', async (t) => {
      if (!site) return t.skip();
      expect((await settings({ enabled: true })).status).toBe(200);
      const asker = await member(site, 'sgasker1', 1);
      const qid = await newAsk(asker);
      const words = `case ${n}`;
      expect(Number((await questionRow(qid)).status)).toBe(11);
      expect(await questionCount(asker.id)).toBe(0);

      // Out of every list, search, feed and sitemap.
      expect(await newest()).not.toContain(qid);
      expect(JSON.stringify((await call(app(), 'GET', `${API}/question/page?order=newest&username=sgasker1&page=1&page_size=20`)).body.data.list)).not.toContain(qid);
      const found = (await call(app(), 'GET', `${API}/search?q=${encodeURIComponent(words)}&page=1&size=20`)).body.data;
      expect(JSON.stringify(found.list)).not.toContain(qid);
      const feed = await app().inject({ method: 'GET', url: '/feeds' });
      expect(feed.body).not.toContain(qid);
      const sitemap = await app().inject({ method: 'GET', url: '/sitemap/questions-1.xml' });
      expect(sitemap.body).not.toContain(qid);

      // Other members and anonymous readers: 404 everywhere, the server-rendered page too.
      expect((await info(qid)).status).toBe(404);
      expect((await info(qid, bystander.token)).status).toBe(404);
      expect((await view(qid)).status).toBe(404);
      const refused = await view(qid, bystander.token);
      expect(refused.status).toBe(404);
      expect(refused.body.reason).toBe('error.question.not_found');
      if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
      const page = await app().inject({ method: 'GET', url: `/questions/${qid}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('acetone, ' + words);

      // The asker, a reviewer and a moderator see it.
      expect((await info(qid, asker.token)).status).toBe(200);
      const mine = (await view(qid, asker.token)).body.data;
      expect(mine).toMatchObject({ state: 'waiting', is_asker: true, can_edit: true, can_comment: true, can_review: false, published_at: 0, feedback: [] });
      expect(mine.question).toMatchObject({ id: qid, status: 11, author: expect.objectContaining({ username: 'sgasker1' }) });
      expect(mine.question.tags).toEqual([expect.objectContaining({ slug_name: 'support' })]);
      expect((await view(qid, reviewer.token)).body.data).toMatchObject({ state: 'waiting', is_asker: false, can_review: true, can_comment: true, can_edit: false });
      expect((await view(qid, moderator.token)).body.data).toMatchObject({ can_review: true });

      // The reviewers' queue and the review page's tab count.
      const queue = (await call(app(), 'GET', `${API}/staging/page?page=1&page_size=50`, { token: reviewer.token })).body.data;
      expect(queue.list.map((x: { question: { id: string } }) => x.question.id)).toContain(qid);
      expect(queue.list.find((x: { question: { id: string } }) => x.question.id === qid)).toMatchObject({ state: 'waiting', feedback_count: 0, question: expect.objectContaining({ excerpt: expect.stringContaining('rye flour') }) });
      const types = (await call(app(), 'GET', `${API}/reviewing/type`, { token: reviewer.token })).body.data as Array<{ name: string; label: string; todo_amount: number }>;
      expect(types.find((x) => x.name === 'staging')).toMatchObject({ label: 'Staging Ground', todo_amount: queue.count });
      expect((await call(app(), 'GET', `${API}/staging/page?page=1&page_size=50`, { token: bystander.token })).status).toBe(403);
      expect(((await call(app(), 'GET', `${API}/reviewing/type`, { token: bystander.token })).body.data as Array<{ name: string }>).map((x) => x.name)).not.toContain('staging');

      // Members at the reputation, and members with a published question, post at once.
      const known = await member(site, 'sgknown1', 15);
      expect(Number((await questionRow(await newAsk(known))).status)).toBe(1);
      const veteran = await member(site, 'sgveteran1', 1);
      await db().updateTable('users').set({ question_count: 1 }).where('id', '=', veteran.id).execute();
      expect(Number((await questionRow(await newAsk(veteran))).status)).toBe(1);
    });

    it('reviewer comment, request for changes, the asker\'s edit and approval: published with its asked and published times, in the lists, the asker told at each step', async (t) => {
      if (!site) return t.skip();
      await settings({ enabled: true });
      const asker = await member(site, 'sgasker2', 1);
      const qid = await newAsk(asker);
      const asked = Number((await questionRow(qid)).created_at);

      // Refusals: a member below the reviewer reputation (403, the text says how much), a blank and a long comment.
      const low = await act('comment', bystander.token, { question_id: qid, content: 'Looks fine to me.' });
      expect(low.status).toBe(403);
      expect(low.body).toMatchObject({ reason: 'error.staging.not_reviewer' });
      expect(low.body.msg).toContain('500');
      expect((await act('approve', bystander.token, { question_id: qid })).status).toBe(403);
      expect((await act('changes', bystander.token, { question_id: qid, content: 'More detail' })).status).toBe(403);
      expect((await act('queue', bystander.token, { question_id: qid })).status).toBe(403);
      expect((await act('approve', asker.token, { question_id: qid })).status).toBe(403);
      expect((await act('approve', '', { question_id: qid })).status).toBe(401);
      const blank = await act('comment', reviewer.token, { question_id: qid, content: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.data).toEqual([expect.objectContaining({ error_field: 'content' })]);
      const long = await act('changes', reviewer.token, { question_id: qid, content: 'x'.repeat(1001) });
      expect(long.body.data).toEqual([expect.objectContaining({ error_field: 'content', error_msg: 'Keep your comment to 1000 characters or fewer.' })]);
      expect((await act('comment', reviewer.token, { question_id: '' })).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ error_field: 'question_id' })]));
      expect((await act('approve', reviewer.token, { question_id: 'nope' })).status).toBe(404);

      const c = await act('comment', reviewer.token, { question_id: qid, content: 'Which flour brand, and what temperature is your kitchen?' });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(c.body.data.state).toBe('waiting');
      const reply = await act('comment', asker.token, { question_id: qid, content: 'Organic rye, about 24 °C.' });
      expect(reply.status).toBe(200);
      const ch = await act('changes', reviewer.token, { question_id: qid, content: 'Please add what you feed it and a photo of the starter.' });
      expect(ch.body.data).toMatchObject({ state: 'changes' });
      expect(ch.body.data.feedback.map((f: { kind: string; by_asker: boolean }) => [f.kind, f.by_asker])).toEqual([['comment', false], ['comment', true], ['changes', false]]);
      const told = (await inbox(asker.token)).filter((x) => x.object_info.object_id === qid).map((x) => x.notification_action);
      expect(told.sort()).toEqual(['asked for changes to your question in the Staging Ground', 'commented on your question in the Staging Ground'].sort());
      // Waiting on the asker: out of the reviewers' queue.
      const ids = async () => ((await call(app(), 'GET', `${API}/staging/page?page=1&page_size=50`, { token: reviewer.token })).body.data.list as Array<{ question: { id: string } }>).map((x) => x.question.id);
      expect(await ids()).not.toContain(qid);

      // The asker edits with the ordinary edit call: it waits for a reviewer again.
      const edit = await call(app(), 'PUT', `${API}/question`, { token: asker.token, body: { id: qid, title: `Why does my rye sourdough starter smell of acetone, case ${n}?`, content: 'Fed 1:1:1 rye flour and water at 24 °C twice a day for a week; photo attached. It smells of nail polish.', tags: [{ slug_name: 'support' }], edit_summary: 'more detail' } });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const edited = (await view(qid, reviewer.token)).body.data;
      expect(edited).toMatchObject({ state: 'waiting' });
      expect(edited.question.content).toContain('nail polish');
      expect(edited.feedback.at(-1)).toMatchObject({ kind: 'edited', by_asker: true });
      expect(await ids()).toContain(qid);

      const ok = await act('approve', reviewer.token, { question_id: qid, content: 'Thanks, this is clear now.' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      expect(ok.body.data).toMatchObject({ state: 'published', asked_at: asked, can_review: false, can_comment: false });
      expect(Math.abs(ok.body.data.published_at - now)).toBeLessThanOrEqual(3);
      const q = await questionRow(qid);
      expect(Number(q.status)).toBe(1);
      expect(Number(q.created_at)).toBe(asked);
      expect(await questionCount(asker.id)).toBe(1);
      expect(await newest()).toContain(qid);
      expect((await info(qid)).status).toBe(200);
      expect((await inbox(asker.token)).filter((x) => x.object_info.object_id === qid).map((x) => x.notification_action)).toContain('approved your question: it is published');
      // The question's timeline has the publication, by the reviewer.
      const timeline = (await call(app(), 'GET', `${API}/activity/timeline?object_id=${qid}`, { token: admin })).body.data.timeline as Array<{ activity_type: string; reason?: string; username?: string }>;
      expect(timeline.find((x) => x.activity_type === 'show')).toMatchObject({ reason: 'Published from the Staging Ground.' });
      // Decided: a second decision and further feedback are refused; the feedback stays with its asker and reviewers.
      const again = await act('approve', reviewer2.token, { question_id: qid });
      expect(again.status).toBe(409);
      expect(again.body.reason).toBe('error.staging.already_decided');
      expect((await act('comment', reviewer.token, { question_id: qid, content: 'One more thing' })).status).toBe(409);
      expect((await view(qid, asker.token)).body.data.feedback.at(-1)).toMatchObject({ kind: 'approved', content: 'Thanks, this is clear now.' });
      expect((await view(qid, bystander.token)).status).toBe(404);
      // The asker's next question posts at once: they have a published question now.
      expect(Number((await questionRow(await newAsk(asker))).status)).toBe(1);
    });

    it('sends a question to the normal review queue, where a moderator approves it', async (t) => {
      if (!site) return t.skip();
      await settings({ enabled: true });
      const asker = await member(site, 'sgasker3', 1);
      const qid = await newAsk(asker);
      const sent = await act('queue', reviewer.token, { question_id: qid, content: 'Not sure about this one.' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ state: 'queued', published_at: 0 });
      expect(Number((await questionRow(qid)).status)).toBe(11);
      expect((await inbox(asker.token)).map((x) => x.notification_action)).toContain('sent your question from the Staging Ground to the review queue');
      expect((await act('approve', reviewer2.token, { question_id: qid })).status).toBe(409);
      const pending = (await call(app(), 'GET', `${API}/review/pending/post/page?page=1&page_size=50`, { token: moderator.token })).body.data.list as Array<{ review_id: string; object_id?: string }>;
      const row = pending.find((x) => JSON.stringify(x).includes(qid));
      expect(row).toBeDefined();
      expect((await call(app(), 'PUT', `${API}/review/pending/post`, { token: moderator.token, body: { review_id: row!.review_id, status: 'approve' } })).status).toBe(200);
      expect(Number((await questionRow(qid)).status)).toBe(1);
      expect(await newest()).toContain(qid);
      expect(await questionCount(asker.id)).toBe(1);
    });

    it('two approvals at once publish the question once', async (t) => {
      if (!site) return t.skip();
      await settings({ enabled: true });
      const asker = await member(site, 'sgasker4', 1);
      const qid = await newAsk(asker);
      const [a, b] = await Promise.all([act('approve', reviewer.token, { question_id: qid }), act('approve', reviewer2.token, { question_id: qid })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await questionCount(asker.id)).toBe(1);
      const fb = (await view(qid, asker.token)).body.data.feedback as Array<{ kind: string }>;
      expect(fb.filter((f) => f.kind === 'approved')).toHaveLength(1);
      const approved = (await inbox(asker.token)).filter((x) => x.notification_action === 'approved your question: it is published');
      expect(approved).toHaveLength(1);

      // An approval and a send to the queue at once: one decides; the question is either published or queued, not both.
      const other = await member(site, 'sgasker4b', 1);
      const qid2 = await newAsk(other);
      const [p, s] = await Promise.all([act('approve', reviewer.token, { question_id: qid2 }), act('queue', reviewer2.token, { question_id: qid2 })]);
      expect([p.status, s.status].sort()).toEqual([200, 409]);
      const queued = await db().selectFrom('review_queue').select('id').where('id', '=', qid2).execute();
      const status = Number((await questionRow(qid2)).status);
      if (p.status === 200) {
        expect([status, queued.length, await questionCount(other.id)]).toEqual([1, 0, 1]);
      } else {
        expect([status, queued.length, await questionCount(other.id)]).toEqual([11, 1, 0]);
      }
    });

    it('the dashboard figures: counts by state, the share published and the time to publish, for administrators only', async (t) => {
      if (!site) return t.skip();
      await settings({ enabled: true });
      const stats = async () => (await call(app(), 'GET', `${ADM}/staging/stats`, { token: admin })).body.data;
      const before = await stats();
      // A question deleted by its asker while staged counts as removed.
      const asker = await member(site, 'sgasker5', 1);
      const gone = await newAsk(asker);
      expect((await call(app(), 'DELETE', `${API}/question`, { token: asker.token, body: { id: gone } })).status).toBe(200);
      expect((await view(gone, asker.token)).status).toBe(404);
      expect((await view(gone, moderator.token)).body.data.state).toBe('removed');
      // One published a known time after it was asked.
      const late = await newAsk(await member(site, 'sgasker6', 1));
      await db().updateTable('staging_questions').set({ asked_at: Math.floor(Date.now() / 1000) - 7200 }).where('question_id', '=', late).execute();
      expect((await act('approve', reviewer.token, { question_id: late })).status).toBe(200);

      const res = await call(app(), 'GET', `${ADM}/staging/stats`, { token: admin });
      expect(res.status).toBe(200);
      const s = res.body.data;
      // Published before (sgasker2's, sgasker4's, perhaps sgasker4b's) and this one; queued: sgasker3's (approved by a
      // moderator later) and perhaps sgasker4b's; removed: the deleted one.
      expect(before.published).toBeGreaterThanOrEqual(2);
      expect(before.queued).toBeGreaterThanOrEqual(1);
      expect(s).toMatchObject({ enabled: true, published: before.published + 1, queued: before.queued, removed: before.removed + 1, waiting: before.waiting });
      expect(s.published_share).toBe(((s.published / (s.published + s.queued + s.removed)) * 100).toFixed(2));
      expect(s.median_publish_seconds).toBeGreaterThanOrEqual(0);
      expect(s.median_publish_seconds).toBeLessThan(7200);
      expect(s.average_publish_seconds).toBeGreaterThanOrEqual(Math.floor(7200 / s.published) - 5);
      expect((await call(app(), 'GET', `${ADM}/staging/stats`, { token: reviewer.token })).status).toBe(403);
      expect((await call(app(), 'GET', `${ADM}/staging/stats`)).status).toBe(401);
      await settings({ enabled: false });
      expect((await call(app(), 'GET', `${ADM}/staging/stats`, { token: admin })).body.data.enabled).toBe(false);
    });
  });
}
