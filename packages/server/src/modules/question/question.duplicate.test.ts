/**
 * A question closed as a duplicate names the original by id and title in `operation.duplicate` (the page links
 * it by title); a duplicate flag in the review queue does the same. Texts naming no question of the site, or a
 * deleted one, carry nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, makeModerator, member, type Member } from './question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`duplicates named by title on ${dialect}`, () => {
    let site: TestSite | undefined;
    let alice: Member, mod: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      [alice, mod] = [await member(site, 'alice'), await member(site, 'mod')];
      await makeModerator(site, mod.id);
    });
    afterAll(async () => site?.close());
    const close = (id: string, msg: string) => call(site!.app, 'PUT', `${API}/question/status`, { token: mod.token, body: { id, close_type: 1, close_msg: msg } });
    const operation = async (id: string) => (await call(site!.app, 'GET', `${API}/question/info?id=${id}`, { token: alice.token })).body.data.operation;

    it('a question closed as a duplicate of an address or an id carries the original', async (t) => {
      if (!site) return t.skip();
      const original = await ask(site, alice.token, 'How long should a sourdough starter rest?');
      const copy = await ask(site, alice.token, 'How long does a sourdough starter need to rest?');
      expect((await close(copy, `http://localhost:9080/questions/${original}/how-long-should-a-sourdough-starter-rest`)).status).toBe(200);
      expect(await operation(copy)).toMatchObject({
        type: 'closed',
        msg: `http://localhost:9080/questions/${original}/how-long-should-a-sourdough-starter-rest`,
        duplicate: { id: original, title: 'How long should a sourdough starter rest?', url_title: 'how-long-should-a-sourdough-starter-rest' },
      });
      const second = await ask(site, alice.token, 'Sourdough starter resting time, again');
      expect((await close(second, `/questions/${original}`)).status).toBe(200);
      expect((await operation(second)).duplicate.id).toBe(original);
      const third = await ask(site, alice.token, 'Sourdough starter resting time, once more');
      expect((await close(third, 'see the other question about starters')).status).toBe(200);
      expect((await operation(third)).duplicate).toBeUndefined();
      const elsewhere = await ask(site, alice.token, 'Sourdough starter resting time, from elsewhere');
      expect((await close(elsewhere, `https://other.example/questions/${original}`)).status).toBe(200);
      expect((await operation(elsewhere)).duplicate).toBeUndefined();
    });

    it('a duplicate flag in the review queue carries the original', async (t) => {
      if (!site) return t.skip();
      const original = await ask(site, alice.token, 'Which flour keeps a starter most active?');
      const copy = await ask(site, mod.token, 'What flour is best to feed a starter?');
      const flagged = await call(site.app, 'POST', `${API}/report`, { token: alice.token, body: { object_id: copy, report_type: 60, content: `http://localhost:9080/questions/${original}` } });
      expect(flagged.status).toBe(200);
      const list = (await call(site.app, 'GET', `${API}/report/unreviewed/post?page=1&page_size=50`, { token: mod.token })).body.data.list as { object_id: string; duplicate?: unknown }[];
      expect(list.find((f) => f.object_id === copy)?.duplicate).toEqual({ id: original, title: 'Which flour keeps a starter most active?', url_title: 'which-flour-keeps-a-starter-most-active' });
    });
  });
}
