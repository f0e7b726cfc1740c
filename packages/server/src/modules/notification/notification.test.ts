import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`answer, acceptance and reputation notifications on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: TestUser, bob: TestUser;

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob');
    });
    afterAll(async () => site?.close());
    const page = (token: string, type: string, lang = 'en_US') => call(site!.app, 'GET', `${V1}/notification/page?type=${type}&page=1&page_size=20`, { token, lang });

    it('tells the asker about an answer and the author about its acceptance, in the reader\'s language', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Why does my cider taste of sulphur?', 'support');
      const aid = await answerQuestion(site.app, bob.token, qid, 'The yeast is stressed: feed it some nutrient.');

      const inbox = await page(alice.token, 'inbox');
      expect(inbox.body.data.count).toBe(1);
      expect(inbox.body.data.list[0]).toMatchObject({
        notification_action: 'answered your question',
        is_read: false,
        user_info: { username: 'bob' },
        object_info: { object_id: aid, object_type: 'answer', title: 'Why does my cider taste of sulphur?', object_map: { question: qid, answer: aid } },
      });
      expect((await page(alice.token, 'inbox', 'zh-CN')).body.data.list[0].notification_action).toBe('回答了你的问题');
      expect((await call(site.app, 'GET', `${V1}/notification/status`, { token: alice.token })).body.data.inbox).toBe(1);

      expect((await call(site.app, 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: qid, answer_id: aid } })).status).toBe(200);
      const bobInbox = await page(bob.token, 'inbox');
      expect(bobInbox.body.data.list[0]).toMatchObject({ notification_action: 'accepted your answer', user_info: { username: 'alice' }, object_info: { object_id: aid, object_type: 'answer' } });
    });

    it('writes one achievement per post that follows the reputation gained on it', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'How cold should a lager ferment?', 'support');
      const aid = await answerQuestion(site.app, bob.token, qid, 'Around ten degrees for the primary.');
      expect((await call(site.app, 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: qid, answer_id: aid } })).status).toBe(200);

      const achievementOn = async (user: TestUser, objectId: string) =>
        (await page(user.token, 'achievement')).body.data.list.filter((n: { object_info: { object_id: string } }) => n.object_info.object_id === objectId);
      let mine = await achievementOn(bob, aid);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ rank: 15, is_read: false, object_info: { object_type: 'answer', title: 'How cold should a lager ferment?', object_map: { question: qid, answer: aid } } });
      expect(mine[0].notification_action).toBeUndefined();
      expect((await call(site.app, 'GET', `${V1}/notification/status`, { token: bob.token })).body.data.achievement).toBeGreaterThan(0);
      // The asker gains 2 for accepting.
      expect((await achievementOn(alice, aid))[0]).toMatchObject({ rank: 2 });

      // An upvote adds to the same achievement; taking it back takes it off again.
      expect((await call(site.app, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id: aid } })).status).toBe(200);
      mine = await achievementOn(bob, aid);
      expect(mine).toHaveLength(1);
      expect(mine[0].rank).toBe(25);
      expect((await call(site.app, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id: aid, is_cancel: true } })).status).toBe(200);
      expect((await achievementOn(bob, aid))[0].rank).toBe(15);
    });
  });
}
