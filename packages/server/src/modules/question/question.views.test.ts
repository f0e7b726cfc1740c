import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { countView, flushViews } from './index.js';
import { API, ask, member, type Member } from './question.testkit.js';

/**
 * View counts are kept in memory and flushed in steps of 50 questions (question.views.ts): every view lands, the
 * view badges of every step are checked, and on SQLite, whose driver never yields, requests are served between
 * steps. The periodic flush holds single views back for up to a minute; the full one (shutdown) writes them.
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

    /** view_count of every test question, read from the database. */
    const counts = async () => {
      const rows = await site!.app.quorum.database!.kysely.selectFrom('questions').select(['id', 'view_count']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, Number(r.view_count)]));
    };

    // Views are counted straight before each flush (no turn of the event loop in between), so the periodic flush
    // every 5 s cannot take some of them and change how many steps the flush makes.
    it('writes every view of a flush over several steps, checks the badges of each step, and lets requests through between steps', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      // Views through the route land too.
      await flushViews(ctx);
      const start = await counts();
      for (let i = 0; i < 3; i++) await info(ids[0]!);
      await flushViews(ctx);
      expect((await counts()).get(ids[0]!)).toBe(start.get(ids[0]!)! + 3);
      const last = ids[ids.length - 1]!;
      await ctx.database!.kysely.updateTable('questions').set({ view_count: 999 }).where('id', '=', last).execute();
      const before = await counts();
      expect(await awards()).not.toContain('21');

      // Something else waiting for the event loop while the flush runs: it gets turns only if the flush yields.
      let turns = 0;
      let flushing = true;
      const other = () => {
        turns++;
        if (flushing) setImmediate(other);
      };
      for (const id of ids) countView(ctx, id);
      countView(ctx, ids[0]!);
      setImmediate(other);
      await flushViews(ctx);
      flushing = false;

      const after = await counts();
      for (const id of ids) expect(after.get(id), id).toBe(before.get(id)! + (id === ids[0] ? 2 : 1));
      // The flush's writes dropped the question rows question/info keeps.
      expect((await info(ids[0]!)).view_count).toBe(after.get(ids[0]!));
      expect(await awards()).toContain('21');
      // Two yields between three steps at least (PostgreSQL and MySQL also yield on every query).
      expect(turns).toBeGreaterThanOrEqual(2);
    });

    it('resolves a flush asked for while another is under way only once the views counted before it are written', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      await flushViews(ctx);
      const before = await counts();
      for (const id of ids) countView(ctx, id);
      const first = flushViews(ctx); // three steps, yielding between them
      await flushViews(ctx);
      const after = await counts();
      for (const id of ids) expect(after.get(id), id).toBe(before.get(id)! + 1);
      await first;
    });
    it('holds a question viewed once back from the periodic flush for up to a minute, and writes it in full flushes', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      await flushViews(ctx);
      const [once, twice, old] = [ids[10]!, ids[11]!, ids[12]!];
      const before = await counts();
      await info(once);
      await info(twice);
      await info(twice);
      await flushViews(ctx, false);
      let now = await counts();
      expect(now.get(twice)).toBe(before.get(twice)! + 2);
      expect(now.get(once)).toBe(before.get(once));
      // The row question/info keeps of the held question is not dropped; the written one's is.
      expect((await info(twice)).view_count).toBe(now.get(twice));
      await flushViews(ctx, false);
      expect((await counts()).get(twice)).toBe(before.get(twice)! + 2); // its third view is single again: held
      // A minute later the periodic flush writes single views too.
      countView(ctx, old);
      const realNow = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(realNow + 61_000);
      try {
        await flushViews(ctx, false);
      } finally {
        clock.mockRestore();
      }
      now = await counts();
      expect(now.get(once)).toBe(before.get(once)! + 1);
      expect(now.get(old)).toBe(before.get(old)! + 1);
      expect(now.get(twice)).toBe(before.get(twice)! + 3);
      await flushViews(ctx);
    });
  });
}
