/**
 * answer/page reads a page's answers through the page cache (answer.pagecache.ts): writes made here show at once
 * (a new answer, a vote, an edit, an acceptance, an author's new name), another process's writes within the stated
 * window, and the viewer's own votes are never another viewer's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { openDb, type Db } from '../../core/db/index.js';
import { API, answer, ask, member, type Member } from '../question/question.testkit.js';
import { MAX_AGE_MS } from './answer.pagecache.js';

for (const dialect of DIALECTS) {
  describe(`answer pages kept between readers on ${dialect}`, () => {
    let site: TestSite | undefined;
    let other: Db | undefined;
    let admin = '';
    let asker: Member;
    let helper: Member;
    let voter: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [asker, helper, voter] = [await member(site, 'pcasker'), await member(site, 'pchelper', 200), await member(site, 'pcvoter', 200)];
      other = await openDb(site.db, site.dataDir);
    });
    afterAll(async () => {
      await other?.close();
      await site?.close();
    });
    type Page = { count: number; list: { id: string; vote_count: number; vote_status: string; accepted: number; content: string; user_info: { display_name: string } }[] };
    const page = async (qid: string, token?: string) => (await call(site!.app, 'GET', `${API}/answer/page?question_id=${qid}&order=default&page=1&page_size=20`, { token })).body.data as Page;

    it('shows new answers, votes, edits, acceptance and renamed authors at once, each viewer with their own votes', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'How long should a page of answers be kept?');
      const a1 = await answer(site, helper.token, qid, 'The first answer to this question.');
      expect((await page(qid, voter.token)).list.map((a) => a.id)).toEqual([a1]);
      expect((await page(qid)).count).toBe(1);

      const a2 = await answer(site, admin, qid, 'The second answer to this question.');
      expect((await page(qid, voter.token)).list.map((a) => a.id)).toEqual([a1, a2]);

      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: voter.token, body: { object_id: a2, is_cancel: false } })).status).toBe(200);
      const afterVote = await page(qid, voter.token);
      expect(afterVote.list.map((a) => [a.id, a.vote_count, a.vote_status])).toEqual([[a2, 1, 'vote_up'], [a1, 0, '']]);
      // Another member of the same scope reads the same rows with none of the voter's state.
      expect((await page(qid, helper.token)).list.map((a) => [a.id, a.vote_status])).toEqual([[a2, ''], [a1, '']]);

      const edited = await call(site.app, 'PUT', `${API}/answer`, { token: helper.token, body: { id: a1, question_id: qid, content: 'The first answer, edited by its author.' } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await page(qid)).list.find((a) => a.id === a1)?.content).toBe('The first answer, edited by its author.');

      const accepted = await call(site.app, 'POST', `${API}/answer/acceptance`, { token: asker.token, body: { question_id: qid, answer_id: a1 } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect((await page(qid)).list.map((a) => [a.id, a.accepted])).toEqual([[a1, 2], [a2, 1]]);

      expect((await call(site.app, 'PUT', `${API}/user/info`, { token: helper.token, body: { display_name: 'Helper Renamed' } })).status).toBe(200);
      expect((await page(qid)).list[0]!.user_info.display_name).toBe('Helper Renamed');
    });

    it("shares the page between members, except a member's own answer waiting for review", async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'Which readers share a page of answers?');
      const a1 = await answer(site, helper.token, qid, 'A public answer every reader sees.');
      const linker = await member(site, 'pclinker', 1);
      const ids = async (token?: string) => {
        const p = await page(qid, token);
        return [p.count, p.list.map((a) => a.id)];
      };
      // The member's page is read (and kept) before their answer exists.
      expect(await ids(linker.token)).toEqual([1, [a1]]);
      expect(await ids(voter.token)).toEqual([1, [a1]]);
      const links = Array.from({ length: 6 }, (_, i) => `https://pc-links${i}.example/`).join(' ');
      const pending = await answer(site, linker.token, qid, `Some places to read: ${links}`);
      expect((await site.app.quorum.database!.kysely.selectFrom('answers').select('status').where('id', '=', pending).executeTakeFirstOrThrow()).status).toBe(11);
      expect(await ids(linker.token)).toEqual([2, [a1, pending]]);
      expect(await ids(voter.token)).toEqual([1, [a1]]);
      expect(await ids()).toEqual([1, [a1]]);
      expect(await ids(admin)).toEqual([2, [a1, pending]]);
      const rejected = await call(site.app, 'PUT', `${API}/review/pending/post`, { token: admin, body: { review_id: pending, status: 'reject' } });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
      expect(await ids(linker.token)).toEqual([1, [a1]]);
    });

    it("shows another process's change of an answer within the window", async (t) => {
      if (!site || !other) return t.skip();
      const qid = await ask(site, asker.token, 'Does another node see the same answers?');
      const aid = await answer(site, helper.token, qid, 'An answer another node will change.');
      expect((await page(qid)).list[0]!.vote_count).toBe(0);
      const readBy = Date.now();
      await other.kysely.updateTable('answers').set({ vote_count: 7 }).where('id', '=', aid).execute();
      // Every request that starts once the window from the last read is over shows the change, however slow each is.
      const stale: number[] = [];
      for (;;) {
        const startedAfter = Date.now() - readBy;
        if ((await page(qid)).list[0]!.vote_count === 7) break;
        stale.push(startedAfter);
        if (startedAfter > MAX_AGE_MS) break;
        await sleep(100);
      }
      expect(stale.filter((after) => after > MAX_AGE_MS)).toEqual([]);
      expect((await page(qid)).list[0]!.vote_count).toBe(7);
    }, 30_000);
  });
}
