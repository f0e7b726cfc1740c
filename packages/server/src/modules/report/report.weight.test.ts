/**
 * Weighted flags over HTTP on every engine (report.weight.ts, report.hide.ts): a flag weighs its flagger's record
 * (helpful history more, declined history less than a new member) and reputation; a moderator's flag hides at
 * once; a post whose flag score reaches the spam section's `flag_hide_weight` is hidden pending review (readers,
 * anonymous or members, no longer see it, even from a page kept in a cache; its author and moderators do) and comes back exactly as it was when the
 * flags are ignored; the other decisions act on a hidden post; the flag tab is ordered by score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

const SPAM = '/answer/admin/api/siteinfo/spam';

for (const dialect of DIALECTS) {
  describe(`weighted flags on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let author: Member;
    let mod: Member;
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      author = await member(site, 'wauthor', 1000);
      mod = await member(site, 'wmoder');
      await makeModerator(site, mod.id);
    });
    afterAll(async () => site?.close());

    const fresh = (rank = 1) => member(site!, `wflag${++n}`, rank);
    /** Asks as the author, each question with a body of its own (repeated text is a spam signal). */
    const askAs = (title: string) => ask(site!, author.token, title, `${title}: what I tried so far, in detail (${++n}).`);
    const flag = (token: string, objectId: string, reportType = 57) => call(site!.app, 'POST', `${API}/report`, { token, body: { object_id: objectId, report_type: reportType } });
    const review = (body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/report/review`, { token: mod.token, body });
    type Item = { flag_id: string; object_id: string; flag_score: number; flag_weight: number; hidden_by_flags: boolean; submitter_user: { username: string }; object_status: number };
    const queue = async () => (await call(site!.app, 'GET', `${API}/report/unreviewed/post?page=1&page_size=100`, { token: mod.token })).body.data as { count: number; list: Item[] };
    const flagsOn = async (objectId: string) => (await queue()).list.filter((i) => i.object_id === objectId);
    /** Settles every waiting flag, so that each test reads a queue of its own. */
    const settleAll = () => site!.app.quorum.database!.kysely.updateTable('reports').set({ status: 2 }).where('status', '=', 1).execute();
    const questionInfo = (id: string, token?: string) => call(site!.app, 'GET', `${API}/question/info?id=${id}`, { token });
    const answerIds = async (qid: string, token?: string) =>
      ((await call(site!.app, 'GET', `${API}/answer/page?question_id=${qid}&order=default&page=1&page_size=20`, { token })).body.data.list as { id: string }[]).map((a) => a.id);
    const commentIds = async (objectId: string, token?: string) =>
      ((await call(site!.app, 'GET', `${API}/comment/page?object_id=${objectId}&page=1&page_size=20`, { token })).body.data.list as { comment_id: string }[]).map((c) => c.comment_id);
    const listed = async (qid: string) => ((await call(site!.app, 'GET', `${API}/question/page?order=newest&page=1&page_size=50`)).body.data.list as { id: string }[]).some((q) => q.id === qid);
    /** Files and decides one flag by `flagger` on a new question: helpful (acted on) or declined (ignored). */
    const decided = async (flagger: Member, helpful: boolean) => {
      const q = await askAs(`A question for a flagger's record ${++n}`);
      expect((await flag(flagger.token, q)).status).toBe(200);
      const [item] = await flagsOn(q);
      const r = await review({ flag_id: item!.flag_id, operation_type: helpful ? 'unlist_post' : 'ignore_report' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    it('weighs a flag by the flagger record and reputation: helpful history more, declined history less, a moderator the threshold', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const newcomer = await fresh();
      const trusted = await fresh();
      const declined = await fresh();
      const reputed = await fresh(10_000);
      for (let i = 0; i < 4; i++) await decided(trusted, true);
      for (let i = 0; i < 4; i++) await decided(declined, false);
      const weights: Record<string, number> = {};
      for (const m of [newcomer, trusted, declined, reputed]) {
        const q = await askAs(`A question weighed by ${m.id}`);
        expect((await flag(m.token, q)).status).toBe(200);
        weights[m.id] = (await flagsOn(q))[0]!.flag_weight;
      }
      // (h + 1) / (d + 2) × 2 × (1 + min(1, log10(rep) / 4)): 0.5 → 1.0, 5/6 → 1.67, 1/6 → 0.33; 10 000 doubles.
      expect(weights[newcomer.id]).toBe(1);
      expect(weights[trusted.id]).toBe(1.67);
      expect(weights[declined.id]).toBe(0.33);
      expect(weights[reputed.id]).toBe(2);

      const q = await askAs('A question a moderator flags');
      expect((await flag(mod.token, q)).status).toBe(200);
      const [item] = await flagsOn(q);
      expect(item).toMatchObject({ flag_weight: 3, flag_score: 3, hidden_by_flags: true, object_status: 11 });
      expect((await questionInfo(q)).status).toBe(404);
    });

    it('hides a question at the threshold from readers, not from its author and moderators, and ignoring the flags restores it as it was', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const q = await askAs('A question that three members flag');
      // Closed first: it must come back closed.
      expect((await call(site.app, 'PUT', `${API}/question/status`, { token: mod.token, body: { id: q, close_type: 5, close_msg: 'Closed before the flags' } })).status).toBe(200);
      const reader = await fresh();
      expect((await questionInfo(q)).status).toBe(200);
      expect(await listed(q)).toBe(true);
      const [f1, f2, f3] = [await fresh(), await fresh(), await fresh()];
      expect((await flag(f1.token, q)).status).toBe(200);
      expect((await flag(f2.token, q)).status).toBe(200);
      expect((await questionInfo(q)).status).toBe(200);
      expect((await flag(f3.token, q)).status).toBe(200);

      expect((await questionInfo(q)).status).toBe(404);
      expect((await questionInfo(q, reader.token)).status).toBe(404);
      expect(await listed(q)).toBe(false);
      const own = await questionInfo(q, author.token);
      expect(own.status).toBe(200);
      expect(own.body.data.operation).toMatchObject({ type: 'pending', level: 'secondary' });
      expect((await questionInfo(q, mod.token)).status).toBe(200);
      const items = await flagsOn(q);
      expect(items.map((i) => i.flag_score)).toEqual([3, 3, 3]);
      expect(items.every((i) => i.hidden_by_flags)).toBe(true);

      expect((await review({ flag_id: items[0]!.flag_id, operation_type: 'ignore_report' })).status).toBe(200);
      const back = await questionInfo(q);
      expect(back.status).toBe(200);
      expect(back.body.data.operation).toMatchObject({ type: 'closed' });
      expect(await listed(q)).toBe(true);
      expect(await flagsOn(q)).toEqual([]);
    });

    it('hides an answer and a comment from readers at once, even from a page read just before, and keeps the answer count right', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const q = await askAs('A question with a flagged answer and comment');
      const a = await answer(site, author.token, q, 'An answer with a link to a spam shop.');
      const c = (await call(site.app, 'POST', `${API}/comment`, { token: author.token, body: { object_id: q, original_text: 'A comment that members flag as rude.' } })).body.data.comment_id as string;
      const reader = await fresh();
      // Read by everyone first, so the pages are kept in the caches.
      expect(await answerIds(q)).toEqual([a]);
      expect(await answerIds(q, reader.token)).toEqual([a]);
      expect(await commentIds(q)).toEqual([c]);
      expect((await questionInfo(q)).body.data.answer_count).toBe(1);

      const heavy = await fresh(10_000);
      const other = await fresh();
      expect((await flag(heavy.token, a, 61)).status).toBe(200);
      expect(await answerIds(q)).toEqual([a]);
      expect((await flag(other.token, a, 61)).status).toBe(200);
      expect(await answerIds(q)).toEqual([]);
      expect(await answerIds(q, reader.token)).toEqual([]);
      expect(await answerIds(q, author.token)).toEqual([a]);
      expect(await answerIds(q, mod.token)).toEqual([a]);
      expect((await questionInfo(q)).body.data.answer_count).toBe(0);

      expect((await flag(heavy.token, c, 62)).status).toBe(200);
      expect((await flag(other.token, c, 62)).status).toBe(200);
      expect(await commentIds(q)).toEqual([]);
      expect(await commentIds(q, reader.token)).toEqual([]);
      expect(await commentIds(q, author.token)).toEqual([c]);
      expect(await commentIds(q, mod.token)).toEqual([c]);
      const batch = async (token?: string) => (await call(site!.app, 'GET', `${API}/comment/batch?object_ids=${q}&page_size=5`, { token })).body.data[q] as { count: number; list: { comment_id: string; status: number }[] };
      expect(await batch()).toEqual({ count: 0, list: [] });
      expect(await batch(reader.token)).toEqual({ count: 0, list: [] });
      expect((await batch(author.token)).list.map((x) => [x.comment_id, x.status])).toEqual([[c, 11]]);
      expect((await batch(mod.token)).count).toBe(1);

      const [onAnswer] = await flagsOn(a);
      expect((await review({ flag_id: onAnswer!.flag_id, operation_type: 'ignore_report' })).status).toBe(200);
      expect(await answerIds(q)).toEqual([a]);
      expect((await questionInfo(q)).body.data.answer_count).toBe(1);
      const [onComment] = await flagsOn(c);
      expect((await review({ flag_id: onComment!.flag_id, operation_type: 'ignore_report' })).status).toBe(200);
      expect(await commentIds(q)).toEqual([c]);
    });

    it('hides a post once when several flags cross the threshold at the same moment', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const q = await askAs('A question whose answer is flagged by many at once');
      const a = await answer(site, author.token, q, 'An answer that five members flag at the same moment.');
      const flaggers = await Promise.all([1, 2, 3, 4, 5].map(() => fresh()));
      const results = await Promise.all(flaggers.map((f) => flag(f.token, a, 61)));
      // A flag that arrives once the answer is hidden finds nothing to flag (the flagger no longer sees it).
      const accepted = results.filter((r) => r.status === 200).length;
      expect(accepted).toBeGreaterThanOrEqual(3);
      expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(5 - accepted).fill(404));
      expect((await questionInfo(q)).body.data.answer_count).toBe(0);
      const hiding = await site.app.quorum.database!.kysely.selectFrom('reports').select('hid_status').where('object_id', '=', a).where('hid_status', '>', 0).execute();
      expect(hiding).toEqual([{ hid_status: 1 }]);
      const [item] = await flagsOn(a);
      expect(item!.flag_score).toBe(accepted);
      expect((await review({ flag_id: item!.flag_id, operation_type: 'ignore_report' })).status).toBe(200);
      expect((await questionInfo(q)).body.data.answer_count).toBe(1);
      expect(await answerIds(q)).toEqual([a]);
    });

    it('carries out the other decisions on a hidden post: delete, close, unlist, edit', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const hide = async (objectId: string, reportType = 57) => {
        expect((await flag(mod.token, objectId, reportType)).status).toBe(200);
        const [item] = await flagsOn(objectId);
        expect(item?.hidden_by_flags).toBe(true);
        return item!.flag_id;
      };
      const q = await askAs('A question whose answer is deleted from the flags');
      const a = await answer(site, author.token, q, 'An answer the moderator deletes.');
      const deleted = await review({ flag_id: await hide(a, 61), operation_type: 'delete_post' });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await answerIds(q)).toEqual([]);
      expect((await call(site.app, 'GET', `${API}/answer/info?id=${a}`, { token: mod.token })).body.data.info.status).toBe(10);
      expect((await questionInfo(q)).body.data.answer_count).toBe(0);

      const closed = await review({ flag_id: await hide(q), operation_type: 'close_post', close_type: 5, close_msg: 'Closed from the flags' });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect((await questionInfo(q)).body.data.operation).toMatchObject({ type: 'closed' });

      const q2 = await askAs('A question the moderator unlists');
      expect((await review({ flag_id: await hide(q2), operation_type: 'unlist_post' })).status).toBe(200);
      expect((await questionInfo(q2)).status).toBe(200);
      expect(await listed(q2)).toBe(false);

      const q3 = await askAs('A question the moderator edits');
      const edited = await review({ flag_id: await hide(q3), operation_type: 'edit_post', title: 'A question the moderator has edited', content: 'Its body, edited by the moderator.', tags: [{ slug_name: 'support' }] });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const info = await questionInfo(q3);
      expect(info.status).toBe(200);
      expect(info.body.data.title).toBe('A question the moderator has edited');
      expect(await listed(q3)).toBe(true);
    });

    it('orders the flag tab by score, highest first, then oldest', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      // Hiding off, so that the heaviest post stays in the tab as it is.
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: 0 } })).status).toBe(200);
      const [low, mid, top, low2] = [
        await askAs('A question with one new flag'),
        await askAs('A question with two new flags'),
        await askAs('A question with a reputed and a new flag'),
        await askAs('Another question with one new flag'),
      ];
      for (const [q, rank] of [[low, 1], [mid, 1], [top, 10_000], [mid, 1], [low2, 1], [top, 1]] as const) expect((await flag((await fresh(rank)).token, q)).status).toBe(200);
      const list = (await queue()).list;
      expect(list.map((i) => [i.object_id, i.flag_score])).toEqual([[top, 3], [top, 3], [mid, 2], [mid, 2], [low, 1], [low2, 1]]);
      expect(list.map((i) => i.flag_weight)).toEqual([2, 1, 1, 1, 1, 1]);
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: 3 } })).status).toBe(200);
    });

    it('takes the threshold from the spam settings: 0 never hides, a bad value is a field error', async (t) => {
      if (!site) return t.skip();
      await settleAll();
      const bad = await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: -1 } });
      expect(bad.status).toBe(400);
      expect(bad.body.data[0]).toMatchObject({ error_field: 'flag_hide_weight' });
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: 0 } })).status).toBe(200);
      expect((await call(site.app, 'GET', SPAM, { token: admin })).body.data.flag_hide_weight).toBe(0);
      const q = await askAs('A question flagged while hiding is off');
      expect((await flag(mod.token, q)).status).toBe(200);
      expect((await questionInfo(q)).status).toBe(200);
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: 1.5 } })).status).toBe(200);
      const q2 = await askAs('A question two new flags hide');
      expect((await flag((await fresh()).token, q2)).status).toBe(200);
      expect((await questionInfo(q2)).status).toBe(200);
      expect((await flag((await fresh()).token, q2)).status).toBe(200);
      expect((await questionInfo(q2)).status).toBe(404);
      expect((await call(site.app, 'PUT', SPAM, { token: admin, body: { flag_hide_weight: 3 } })).status).toBe(200);
    });
  });
}
