/**
 * When chat notices go out, over HTTP on every engine with a fake receiver on a local port: the "unanswered after
 * N hours" sweep sends a question once however often it runs (and never an answered or hidden one); a receiver
 * that fails is retried after the back-off with the same notice, its error shown as the plugin's last error on the
 * admin plugins list; the address guard refuses a receiver on a private address at send time too; a flagged post
 * is announced with the review link; a question waiting for review, a hidden (unlisted) question and one hidden
 * between queueing and sending are never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, DIALECTS, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, member, type Member } from '../question/question.testkit.js';
import { NOT_PUBLIC, runChatNotices, runUnansweredSweep } from './index.js';
import { configure, fakeReceiver, noticeRow, pluginItem, until } from './chat-notice.testkit.js';

process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';

const now = () => Math.floor(Date.now() / 1000);
/** Lets the worker finish what it was woken for. */
const settle = () => new Promise((r) => setTimeout(r, 400));

for (const dialect of DIALECTS) {
  describe(`chat notice delivery on ${dialect}`, () => {
    let site: TestSite | undefined;
    let rx: Awaited<ReturnType<typeof fakeReceiver>>;
    let admin = '';
    let flagger: Member;
    let newbie: Member;
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      rx = await fakeReceiver();
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      flagger = await member(site, 'flagger', 200);
      newbie = await member(site, 'newbie', 1);
    });
    afterAll(async () => {
      await site?.close();
      await rx?.stop();
    });

    const ask = async (token: string, title: string, tag = 'pumps') => {
      const r = await call(site!.app, 'POST', `${API}/question`, { token, body: { title: `${title} ${++n}`, content: `The body of question ${n}, long enough.`, tags: [{ slug_name: tag, display_name: tag }] } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id as string;
    };
    const createdAt = async (id: string) => Number((await site!.app.quorum.database!.kysely.selectFrom('questions').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at);
    const hide = async (id: string) => expect((await call(site!.app, 'PUT', `${API}/question/operation`, { token: admin, body: { id, operation: 'hide' } })).status).toBe(200);
    const at = (path: string) => rx.got.filter((g) => g.path === path);

    it('the unanswered sweep sends a question once after N hours, and not an answered or hidden one', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'slack', webhook_url: `${rx.url}/unanswered`, event_unanswered: 'true', unanswered_hours: '2' });
      const waiting = await ask(admin, 'A question nobody answers');
      const answered = await ask(admin, 'A question somebody answers');
      const hidden = await ask(admin, 'A question a moderator hides');
      const alsoWaiting = await ask(admin, 'Another question nobody answers');
      const a = await call(site.app, 'POST', `${API}/answer`, { token: flagger.token, body: { question_id: answered, content: 'An answer to it, long enough to pass.' } });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      await hide(hidden);
      const t0 = await createdAt(waiting);
      // Not yet: one second short of two hours.
      expect(await runUnansweredSweep(site.app.quorum, t0 + 2 * 3600 - 1)).toBe(0);
      // One question a page, so the sweep reads its window across pages.
      expect(await runUnansweredSweep(site.app.quorum, t0 + 2 * 3600 + 30, { pageSize: 1 })).toBe(2);
      expect(await runUnansweredSweep(site.app.quorum, t0 + 2 * 3600 + 30, { pageSize: 1 })).toBe(0);
      expect(await runUnansweredSweep(site.app.quorum, t0 + 3 * 3600)).toBe(0);
      await until(() => at('/unanswered').length === 2);
      const sent = at('/unanswered').map((g) => g.json as { text: string; blocks: { text?: { text: string } }[] });
      const got = sent.find((g) => g.text.includes('A question nobody answers'))!;
      expect(sent.filter((g) => g.text.includes('Another question nobody answers'))).toHaveLength(1);
      expect(got.blocks[0]!.text!.text).toMatch(/^\*Still unanswered after 2 h\*\n<http:\/\/localhost:9080\/questions\/\d+\/a-question-nobody-answers-\d+\|A question nobody answers \d+>/);
      await settle();
      expect(at('/unanswered')).toHaveLength(2);
      expect(await noticeRow(site, 'question.unanswered', answered)).toBeUndefined();
      expect(await noticeRow(site, 'question.unanswered', hidden)).toBeUndefined();
      expect(await noticeRow(site, 'question.unanswered', waiting)).toMatchObject({ status: 3, attempts: 1 });
      expect(await noticeRow(site, 'question.unanswered', alsoWaiting)).toMatchObject({ status: 3, attempts: 1 });
    });

    it('a failing receiver is retried after the back-off with the same notice; its error is the plugin’s last error', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'matrix', matrix_homeserver: rx.url, matrix_room_id: '!ops:example.org', matrix_access_token: 'syt_never_logged', event_new_question: 'true' });
      rx.setStatus((r) => (r.path.includes('/rooms/') ? 502 : 200));
      expect((await pluginItem(site, admin)).last_error).toBe('');
      const id = await ask(admin, 'A question the receiver fails on');
      await until(async () => (await noticeRow(site!, 'question.created', id))?.last_error !== '' && (await noticeRow(site!, 'question.created', id))?.status === 1);
      const row = await noticeRow(site, 'question.created', id);
      expect(row).toMatchObject({ status: 1, attempts: 1 });
      expect(row!.last_error).toContain('Matrix answered HTTP 502');
      const item = await pluginItem(site, admin);
      expect(item.last_error).toContain('Matrix answered HTTP 502');
      expect(item.last_error).toContain('receiver is down');
      expect(item.last_error).not.toContain('syt_never_logged');
      expect(item.last_error_at).toBeGreaterThan(0);
      // Not due again before the back-off (30 s) has passed.
      expect(await runChatNotices(site.app.quorum, now() + 5)).toBe(0);
      rx.setStatus(() => 200);
      expect(await runChatNotices(site.app.quorum, now() + 31)).toBe(1);
      const calls = rx.got.filter((g) => g.path.endsWith(`/send/m.room.message/question_created_${id}`));
      expect(calls).toHaveLength(2);
      // The same transaction id and body both times, so Matrix shows it once.
      expect(calls[1]!.json).toEqual(calls[0]!.json);
      expect(calls[1]!.headers.authorization).toBe('Bearer syt_never_logged');
      expect(await noticeRow(site, 'question.created', id)).toMatchObject({ status: 3, attempts: 2, last_error: '' });
    });

    it('the address guard applies at every send: a receiver that became private is refused, nothing reaches it', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'teams', webhook_url: `${rx.url}/guarded`, event_new_question: 'true' });
      process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = '';
      try {
        const id = await ask(admin, 'A question for a receiver on the loopback');
        await until(async () => (await noticeRow(site!, 'question.created', id))?.status === 1 && (await noticeRow(site!, 'question.created', id))?.attempts === 1);
        expect((await noticeRow(site, 'question.created', id))!.last_error).toContain('private or reserved address');
        expect((await pluginItem(site, admin)).last_error).toContain('private or reserved address');
        expect(at('/guarded')).toHaveLength(0);
      } finally {
        process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
      }
      // Allowed again (the operator's switch, read at each send): the retry goes through.
      expect(await runChatNotices(site.app.quorum, now() + 31)).toBe(1);
      expect(at('/guarded')).toHaveLength(1);
    });

    it('a flagged answer is announced with its link and the review queue; a flag on a hidden question is not', async (t) => {
      if (!site) return t.skip();
      await configure(site, admin, { service: 'slack', webhook_url: `${rx.url}/flags`, event_flagged: 'true' });
      const q = await ask(admin, 'A question whose answer gets flagged');
      expect(at('/flags')).toHaveLength(0);
      const a = await call(site.app, 'POST', `${API}/answer`, { token: admin, body: { question_id: q, content: 'An answer that somebody flags, long enough.' } });
      expect(a.status).toBe(200);
      const aid = a.body.data.info.id as string;
      const flagged = await call(site.app, 'POST', `${API}/report`, { token: flagger.token, body: { object_id: aid, report_type: 57 } });
      expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
      await until(() => at('/flags').length === 1);
      const got = at('/flags')[0]!.json as { blocks: { text?: { text: string }; elements?: { text: string }[] }[] };
      expect(got.blocks[0]!.text!.text).toMatch(new RegExp(`^\\*An answer was flagged\\*\\n<http://localhost:9080/questions/${q}/[^|]+/${aid}\\|A question whose answer gets flagged \\d+>$`));
      expect(got.blocks[1]!.elements!.map((e) => e.text)).toEqual(['Tags: pumps', '<http://localhost:9080/review|Review queue>']);
      const hiddenQ = await ask(admin, 'A hidden question that gets flagged');
      await hide(hiddenQ);
      expect((await call(site.app, 'POST', `${API}/report`, { token: flagger.token, body: { object_id: hiddenQ, report_type: 57 } })).status).toBe(200);
      await settle();
      expect(at('/flags')).toHaveLength(1);
      const flagIds = await site.app.quorum.database!.kysely.selectFrom('reports').select('id').where('object_id', '=', hiddenQ).execute();
      expect(flagIds).toHaveLength(1);
      expect(await noticeRow(site, 'flag.created', flagIds[0]!.id)).toBeUndefined();
    });

    it('a question waiting for review is not sent, nor one hidden after it was queued', async (t) => {
      if (!site) return t.skip();
      // Only questions tagged `quiet` (created here, on a question hidden at once), so the sweeps below see no other test's questions.
      await hide(await ask(admin, 'A question that creates the quiet tag', 'quiet'));
      await configure(site, admin, { service: 'discord', webhook_url: `${rx.url}/private`, event_new_question: 'true', event_unanswered: 'true', unanswered_hours: '1', tags: 'quiet' });
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/write', { token: admin, body: { review_reputation: 5 } })).status).toBe(200);
      try {
        const pending = await ask(newbie.token, 'A question waiting for a moderator', 'quiet');
        expect(Number((await site.app.quorum.database!.kysely.selectFrom('questions').select('status').where('id', '=', pending).executeTakeFirstOrThrow()).status)).toBe(11);
        expect(await noticeRow(site, 'question.created', pending)).toBeUndefined();
        await runUnansweredSweep(site.app.quorum, (await createdAt(pending)) + 3600 + 5);
        expect(await noticeRow(site, 'question.unanswered', pending)).toBeUndefined();
      } finally {
        await call(site.app, 'PUT', '/answer/admin/api/siteinfo/write', { token: admin, body: { review_reputation: 1 } });
      }
      // Queued while public, hidden before the retry: closed without being sent again.
      rx.setStatus(() => 500);
      const later = await ask(admin, 'A question hidden before its retry', 'quiet');
      await until(async () => (await noticeRow(site!, 'question.created', later))?.attempts === 1 && (await noticeRow(site!, 'question.created', later))?.status === 1);
      rx.setStatus(() => 200);
      await hide(later);
      const tries = at('/private').length;
      await runChatNotices(site.app.quorum, now() + 31);
      expect(at('/private')).toHaveLength(tries);
      expect(await noticeRow(site, 'question.created', later)).toMatchObject({ status: 4, last_error: NOT_PUBLIC });
      await runUnansweredSweep(site.app.quorum, (await createdAt(later)) + 3600 + 5);
      expect(await noticeRow(site, 'question.unanswered', later)).toBeUndefined();
      expect(rx.got.filter((g) => g.path === '/private').every((g) => !JSON.stringify(g.json).includes('waiting for a moderator'))).toBe(true);
    });
  });
}
