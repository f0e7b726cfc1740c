import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, type Member } from './question.testkit.js';

/** The viewer's own state in GET /question/info: answered, collected, vote_status, is_followed (one query). */
for (const dialect of DIALECTS) {
  describe(`question info of a logged-in reader on ${dialect}`, () => {
    let site: TestSite | undefined;
    let alice: Member;
    let bob: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      [alice, bob] = [await member(site, 'alice'), await member(site, 'bob', 200)];
    });
    afterAll(async () => site?.close());
    const state = async (id: string, token: string) => {
      const r = await call(site!.app, 'GET', `${API}/question/info?id=${id}`, { token });
      expect(r.status).toBe(200);
      const { answered, collected, vote_status, is_followed } = r.body.data;
      return { answered, collected, vote_status, is_followed };
    };

    it('starts empty and follows answering, voting, following and bookmarking', async (t) => {
      if (!site) return t.skip();
      const id = await ask(site, alice.token, 'Does dry hopping add bitterness?');
      expect(await state(id, bob.token)).toEqual({ answered: false, collected: false, vote_status: '', is_followed: false });
      await answer(site, bob.token, id, 'Very little, mostly aroma.');
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: id, is_cancel: false } })).status).toBe(200);
      expect((await call(site.app, 'POST', `${API}/follow`, { token: bob.token, body: { object_id: id } })).status).toBe(200);
      expect(await state(id, bob.token)).toEqual({ answered: true, collected: false, vote_status: 'vote_up', is_followed: true });
      expect((await call(site.app, 'POST', `${API}/follow`, { token: bob.token, body: { object_id: id, is_cancel: true } })).status).toBe(200);
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: id, is_cancel: true } })).status).toBe(200);
      expect(await state(id, bob.token)).toEqual({ answered: true, collected: false, vote_status: '', is_followed: false });
      // Another reader's state is their own.
      const carol = await member(site, 'carol');
      expect(await state(id, carol.token)).toEqual({ answered: false, collected: false, vote_status: '', is_followed: false });
    });
  });
}
