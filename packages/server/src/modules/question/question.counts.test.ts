import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, type Member } from './question.testkit.js';

/** `count` of the question list: kept between requests (question.counts.ts), exact after every write. */
for (const dialect of DIALECTS) {
  describe(`question list counts and the hot order on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await member(site, 'alice');
      await ask(site, alice.token, 'An older question');
    });
    afterAll(async () => site?.close());
    const count = async (query: string) => {
      const r = await call(site!.app, 'GET', `${API}/question/page?${query}`);
      expect(r.status).toBe(200);
      return r.body.data.count as number;
    };
    const counts = async () => ({ all: await count('order=newest'), hot: await count('order=hot&page=2'), unanswered: await count('order=unanswered'), tag: await count('tag=support') });

    it('follows asking, answering, hiding, deleting and undeleting at once', async (t) => {
      if (!site) return t.skip();
      const before = await counts();
      expect(before.all).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);

      const id = await ask(site, alice.token, 'A question to count');
      expect(await counts()).toEqual({ all: before.all + 1, hot: before.all + 1, unanswered: before.unanswered + 1, tag: before.tag + 1 });

      await answer(site, admin, id, 'An answer to this question');
      expect(await counts()).toEqual({ all: before.all + 1, hot: before.all + 1, unanswered: before.unanswered, tag: before.tag + 1 });

      const operate = (operation: string) => call(site!.app, 'PUT', `${API}/question/operation`, { token: admin, body: { id, operation } });
      expect((await operate('hide')).status).toBe(200);
      expect(await counts()).toEqual(before);
      expect((await operate('show')).status).toBe(200);
      expect((await count('order=newest'))).toBe(before.all + 1);

      expect((await call(site.app, 'DELETE', `${API}/question`, { token: admin, body: { id } })).status).toBe(200);
      expect(await counts()).toEqual(before);
      expect((await call(site.app, 'POST', `${API}/question/recover`, { token: admin, body: { question_id: id } })).status).toBe(200);
      expect(await count('tag=support')).toBe(before.tag + 1);
    });

    it('hot: most answers first, then votes, then views, then the newest id', async (t) => {
      if (!site) return t.skip();
      const busy = await ask(site, alice.token, 'A question with two answers');
      await answer(site, admin, busy, 'The first answer here');
      const bob = await member(site, 'bob');
      await answer(site, bob.token, busy, 'The second answer here');
      const r = await call(site.app, 'GET', `${API}/question/page?order=hot&page_size=50`);
      const list = r.body.data.list as Array<{ id: string; answer_count: number; vote_count: number; view_count: number }>;
      expect(list[0]!.id).toBe(busy);
      expect(list.length).toBe(r.body.data.count);
      const key = (q: (typeof list)[number]) => [q.answer_count, q.vote_count, q.view_count, BigInt(q.id)] as const;
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [key(list[i - 1]!), key(list[i]!)];
        const cmp = a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (a[3] > b[3] ? 1 : a[3] < b[3] ? -1 : 0);
        expect(cmp, `${list[i - 1]!.id} before ${list[i]!.id}`).toBeGreaterThan(0);
      }
    });
  });
}
