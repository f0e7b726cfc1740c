import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, setRank, type Member } from './question.testkit.js';

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

    // question/info and answer/page keep the JSON of what every reader shares and add each reader's own members:
    // readers taking turns on the same question must each get their own state, each member once, and the shared
    // part must follow edits.
    it("shares the question's and answers' JSON between readers but never a reader's own members", async (t) => {
      if (!site) return t.skip();
      const id = await ask(site, alice.token, 'Can I reuse yeast from a previous batch?');
      const answerId = await answer(site, bob.token, id, 'Yes, harvest it from the fermenter.');
      await setRank(site, alice.id, 200);
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: alice.token, body: { object_id: answerId, is_cancel: false } })).status).toBe(200);
      expect((await call(site.app, 'POST', `${API}/collection/switch`, { token: bob.token, body: { object_id: id, group_id: '0', bookmark: true } })).status).toBe(200);
      // Alice both voted on and bookmarked the answer: both marks come back for it, and neither for Bob.
      expect((await call(site.app, 'POST', `${API}/collection/switch`, { token: alice.token, body: { object_id: answerId, group_id: '0', bookmark: true } })).status).toBe(200);
      const read = async (url: string, token: string) => {
        const res = await site!.app.inject({ method: 'GET', url, headers: { authorization: token } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        return { raw: res.body, body: JSON.parse(res.body) as { code: number; msg: string; data: any } };
      };
      const times = (raw: string, member: string) => raw.split(`"${member}":`).length - 1;
      for (let turn = 0; turn < 3; turn++) {
        const [a, b] = [await read(`${API}/question/info?id=${id}`, alice.token), await read(`${API}/question/info?id=${id}`, bob.token)];
        expect(a.body.code).toBe(200);
        expect(a.body.msg).toBe('Success.');
        expect(a.body.data.title).toBe('Can I reuse yeast from a previous batch?');
        expect([a.body.data.collected, a.body.data.answered]).toEqual([false, false]);
        expect([b.body.data.collected, b.body.data.answered]).toEqual([true, true]);
        // The author may edit and delete; another member only flags (and edits with enough reputation).
        expect(a.body.data.member_actions.map((m: { action: string }) => m.action)).toContain('delete');
        expect(b.body.data.member_actions.map((m: { action: string }) => m.action)).not.toContain('delete');
        for (const m of ['title', 'html', 'collected', 'answered', 'vote_status', 'is_followed', 'member_actions', 'operation', 'first_answer_id']) {
          expect(times(a.raw, m)).toBe(1);
          expect(times(b.raw, m)).toBe(1);
        }
        const pageUrl = `${API}/answer/page?question_id=${id}&page=1&page_size=20&order=default`;
        const [pa, pb] = [await read(pageUrl, alice.token), await read(pageUrl, bob.token)];
        expect(pa.body.data.count).toBe(1);
        expect(pa.body.data.list.map((x: { id: string; vote_status: string }) => [x.id, x.vote_status])).toEqual([[answerId, 'vote_up']]);
        expect(pb.body.data.list.map((x: { id: string; vote_status: string }) => [x.id, x.vote_status])).toEqual([[answerId, '']]);
        expect([pa.body.data.list[0].collected, pb.body.data.list[0].collected]).toEqual([true, false]);
        expect(pb.body.data.list[0].member_actions.map((m: { action: string }) => m.action)).toContain('delete');
        expect(pa.body.data.list[0].member_actions.map((m: { action: string }) => m.action)).not.toContain('delete');
        for (const m of ['html', 'vote_count', 'collected', 'vote_status', 'member_actions']) expect(times(pa.raw, m)).toBe(1);
      }
      // Edits reach every reader at once: the question's title and the answer's body.
      expect((await call(site.app, 'PUT', `${API}/question`, { token: alice.token, body: { id, title: 'Can I reuse yeast from an earlier batch?', content: 'Body of the question, with the batch in it.', tags: [{ slug_name: 'support' }] } })).status).toBe(200);
      expect((await call(site.app, 'PUT', `${API}/answer`, { token: bob.token, body: { id: answerId, question_id: id, content: 'Yes: harvest it from the fermenter and keep it cold.' } })).status).toBe(200);
      expect((await read(`${API}/question/info?id=${id}`, bob.token)).body.data.title).toBe('Can I reuse yeast from an earlier batch?');
      const after = await read(`${API}/answer/page?question_id=${id}&page=1&page_size=20&order=default`, alice.token);
      expect(after.body.data.list[0].content).toBe('Yes: harvest it from the fermenter and keep it cold.');
      expect(after.body.data.list[0].vote_status).toBe('vote_up');
    });
  });
}
