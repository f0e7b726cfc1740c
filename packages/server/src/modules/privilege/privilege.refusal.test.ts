/**
 * A refusal for reputation says what is needed: the threshold, the member's reputation and how to earn it, in
 * the envelope's `msg` of every refused call and in GET /permission's `no_permission_tip`, in the member's
 * language; the reason stays `error.rank.fail_to_meet_the_condition` for Answer's clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, type Member } from '../question/question.testkit.js';

const NEEDS_8 = 'This needs 8 reputation; you have 1. You earn reputation when others upvote your questions and answers or accept your answer.';

for (const dialect of DIALECTS) {
  describe(`reputation refusals on ${dialect}`, () => {
    let site: TestSite | undefined;
    let alice: Member, bob: Member;
    let qid = '';
    let aid = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      [alice, bob] = [await member(site, 'alice'), await member(site, 'bob')];
      qid = await ask(site, alice.token);
      aid = await answer(site, alice.token, qid);
    });
    afterAll(async () => site?.close());

    it('a refused vote says the threshold, the reputation held and how to earn it', async (t) => {
      if (!site) return t.skip();
      const up = await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, body: { object_id: qid, is_cancel: false } });
      expect(up.status).toBe(403);
      expect(up.body).toMatchObject({ reason: 'error.rank.fail_to_meet_the_condition', msg: NEEDS_8, data: { required_rank: 8, rank: 1 } });
      const down = await call(site.app, 'POST', `${API}/vote/down`, { token: bob.token, body: { object_id: aid, is_cancel: false } });
      expect(down.body.msg).toMatch(/^This needs 125 reputation; you have 1\./);
      const de = await call(site.app, 'POST', `${API}/vote/up`, { token: bob.token, lang: 'de-DE', body: { object_id: qid, is_cancel: false } });
      expect(de.body.msg).toMatch(/^Dafür brauchst du 8 Reputation; du hast 1\./);
    });

    it('a refused tag edit says the same before any text is sent', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'PUT', `${API}/tag`, { token: bob.token, body: { tag_id: '1', slug_name: 'support', display_name: 'support', original_text: 'x' } });
      expect(r.status).toBe(403);
      expect(r.body.msg).toMatch(/^This needs 50 reputation; you have 1\./);
    });

    it('GET /permission tips carry the threshold of each refused action', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${API}/permission?action=question.vote_up,tag.edit,question.close,answer.add`, { token: bob.token });
      expect(r.body.data['question.vote_up']).toEqual({ has_permission: false, no_permission_tip: NEEDS_8 });
      expect(r.body.data['tag.edit'].no_permission_tip).toMatch(/^This needs 50 reputation; you have 1\./);
      expect(r.body.data['question.close']).toEqual({ has_permission: false, no_permission_tip: 'Your reputation does not meet the condition for this action.' });
      expect(r.body.data['answer.add']).toEqual({ has_permission: true, no_permission_tip: '' });
    });
  });
}
