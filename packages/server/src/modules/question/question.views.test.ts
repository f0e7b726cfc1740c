import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { flushViews } from './index.js';
import { API, ask, member, type Member } from './question.testkit.js';

/**
 * View counts are kept in memory and flushed in steps of 100 questions (question.views.ts): every view lands, the
 * view badges of every step are checked, and on SQLite, whose driver never yields, requests are served between
 * steps.
 */
for (const dialect of DIALECTS) {
  describe(`view counts flushed in steps on ${dialect}`, () => {
    let site: TestSite | undefined;
    let alice: Member;
    const ids: string[] = [];
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      const admin = await adminToken(site.app);
      alice = await member(site, 'alice');
      // 250 questions: three steps. The last in id order is alice's, at 999 views before its last view.
      for (let i = 0; i < 249; i++) ids.push(await ask(site, admin, `Question number ${i} about the mash`));
      ids.push(await ask(site, alice.token, 'Is this mash question popular yet?'));
    }, 120_000);
    afterAll(async () => site?.close());

    const info = async (id: string) => {
      const r = await call(site!.app, 'GET', `${API}/question/info?id=${id}`);
      expect(r.status).toBe(200);
      return r.body.data as { view_count: number };
    };
    const awards = async () => (await call(site!.app, 'GET', `${API}/badge/user/awards?username=alice`)).body.data.list.map((b: { id: string }) => b.id) as string[];

    it('writes every view of a flush over several steps, checks the badges of each step, and lets requests through between steps', async (t) => {
      if (!site) return t.skip();
      await flushViews(site.app.quorum);
      const last = ids[ids.length - 1]!;
      await site.app.quorum.database!.kysely.updateTable('questions').set({ view_count: 999 }).where('id', '=', last).execute();
      const before = new Map<string, number>();
      for (const id of ids) before.set(id, (await info(id)).view_count);
      await info(ids[0]!);
      await info(ids[0]!);
      expect(await awards()).not.toContain('21');

      // Something else waiting for the event loop while the flush runs: it gets turns only if the flush yields.
      let turns = 0;
      let flushing = true;
      const other = () => {
        turns++;
        if (flushing) setImmediate(other);
      };
      setImmediate(other);
      await flushViews(site.app.quorum);
      flushing = false;

      for (const id of ids) expect((await info(id)).view_count, id).toBe(before.get(id)! + 1 + (id === ids[0] ? 2 : 0));
      expect(await awards()).toContain('21');
      // Two yields between three steps at least (PostgreSQL and MySQL also yield on every query).
      expect(turns).toBeGreaterThanOrEqual(2);
    });
  });
}
