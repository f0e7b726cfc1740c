import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import { flushViews } from '../question/index.js';
import { recountBadges } from './index.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`badges on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: TestUser, bob: TestUser, carol: TestUser;

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob', 2000);
      carol = await activeUser(site.app, 'carol', 2000);
    });
    afterAll(async () => site?.close());

    const kysely = () => site!.app.quorum.database!.kysely;
    const awardsOf = async (username: string) => (await call(site!.app, 'GET', `${V1}/badge/user/awards?username=${username}`)).body.data;
    const idsOf = async (username: string) => (await awardsOf(username)).list.map((b: { id: string }) => b.id);

    it('lists at least 20 badges in three levels, by group', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'GET', `${V1}/badges`);
      expect(r.status).toBe(200);
      const all = r.body.data.flatMap((g: { badges: unknown[] }) => g.badges);
      expect(all.length).toBeGreaterThanOrEqual(20);
      expect(new Set(all.map((b: { level: number }) => b.level))).toEqual(new Set([1, 2, 3]));
      expect(r.body.data[0]).toMatchObject({ group_name: 'Getting started' });
      expect(all[0]).toMatchObject({ id: '1', name: 'Autobiographer', icon: 'person-badge-fill', award_count: 0, earned_count: 0, level: 1 });
      const zh = await call(site.app, 'GET', `${V1}/badge?id=2`, { lang: 'zh-CN' });
      expect(zh.body.data).toMatchObject({ id: '2', name: '好奇', is_single: true, level: 1 });
      expect((await call(site.app, 'GET', `${V1}/badge?id=999`)).status).toBe(404);
    });

    it('awards the first question badge once, with an achievement notification and the red dot', async (t) => {
      if (!site) return t.skip();
      await askQuestion(site.app, alice.token, 'How long should a stout age?', 'support');
      await askQuestion(site.app, alice.token, 'Does a stout need a secondary?', 'support');
      const mine = await awardsOf('alice');
      expect(mine.list.filter((b: { id: string }) => b.id === '2')).toEqual([{ id: '2', name: 'Curious', icon: 'question-circle-fill', earned_count: 1, level: 1 }]);

      const status = (await call(site.app, 'GET', `${V1}/notification/status`, { token: alice.token })).body.data;
      expect(status.badge_award).toMatchObject({ badge_id: '2', name: 'Curious', level: 1 });
      const page = await call(site.app, 'GET', `${V1}/notification/page?type=achievement&page=1&page_size=20`, { token: alice.token });
      expect(page.body.data.list).toContainEqual(expect.objectContaining({ id: status.badge_award.notification_id, notification_action: 'earned a badge', object_info: expect.objectContaining({ object_type: 'badge_award', object_id: status.badge_award.notification_id, object_map: { badge_id: '2' }, title: 'Curious' }) }));
      // Reading it (as Answer's client does after showing it) clears the red dot.
      await call(site.app, 'PUT', `${V1}/notification/read/state`, { token: alice.token, body: { id: status.badge_award.notification_id } });
      expect((await call(site.app, 'GET', `${V1}/notification/status`, { token: alice.token })).body.data.badge_award).toBeNull();

      const info = await call(site.app, 'GET', `${V1}/badge?id=2`, { token: alice.token });
      expect(info.body.data).toMatchObject({ award_count: 1, earned_count: 1 });
      expect((await call(site.app, 'GET', `${V1}/badge/user/awards/recent?username=alice`)).body.data.count).toBeGreaterThan(0);
    });

    it('awards answer, acceptance, scholar, supporter and critic badges on the events that earn them', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Why is my porter thin?', 'support');
      const aid = await answerQuestion(site.app, bob.token, qid, 'Mash warmer, around 68 degrees.');
      expect(await idsOf('bob')).toContain('3');
      expect(await idsOf('bob')).not.toContain('4');
      expect((await call(site.app, 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: qid, answer_id: aid } })).status).toBe(200);
      expect(await idsOf('bob')).toContain('4');
      expect(await idsOf('alice')).toContain('5');

      expect((await call(site.app, 'POST', `${V1}/vote/up`, { token: carol.token, body: { object_id: aid } })).status).toBe(200);
      expect(await idsOf('carol')).toEqual(['6']);
      expect((await call(site.app, 'POST', `${V1}/vote/down`, { token: carol.token, body: { object_id: qid } })).status).toBe(200);
      expect((await idsOf('carol')).sort()).toEqual(['6', '7']);
    });

    it('awards a score badge per post to its author when a vote brings it to 10, and never twice', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Which hops suit a pale ale?', 'support');
      await kysely().updateTable('questions').set({ vote_count: 9 }).where('id', '=', qid).execute();
      expect(await idsOf('alice')).not.toContain('16');
      expect((await call(site.app, 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: qid } })).status).toBe(200);
      expect(await idsOf('alice')).toContain('16');
      // Taking the vote back and voting again awards nothing more.
      await call(site.app, 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: qid, is_cancel: true } });
      await call(site.app, 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: qid } });
      const page = await call(site.app, 'GET', `${V1}/badge/awards/page?badge_id=16&page=1&page_size=10`);
      expect(page.body.data.count).toBe(1);
      expect(page.body.data.list[0]).toMatchObject({ object_id: qid, question_id: qid, object_type: 'question', url_title: 'which-hops-suit-a-pale-ale', author_user_info: { username: 'alice' } });
      expect((await call(site.app, 'GET', `${V1}/badge/awards/page?badge_id=16&username=bob`)).body.data.count).toBe(0);
      // Deleted after the award: the award stays, the post's title and address do not.
      await kysely().updateTable('questions').set({ status: 10 }).where('id', '=', qid).execute();
      const after = await call(site.app, 'GET', `${V1}/badge/awards/page?badge_id=16&page=1&page_size=10`);
      expect(after.body.data.count).toBe(1);
      expect(after.body.data.list[0]).toMatchObject({ object_id: '', question_id: '', url_title: '', author_user_info: { username: 'alice' } });
      expect(JSON.stringify(after.body)).not.toContain('pale-ale');
    });

    it('awards the popular question badge when flushed views reach 1000', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Is a 1000-view question popular?', 'support');
      await kysely().updateTable('questions').set({ view_count: 999 }).where('id', '=', qid).execute();
      await call(site.app, 'GET', `${V1}/question/info?id=${qid}`, { token: carol.token });
      expect(await idsOf('alice')).not.toContain('21');
      await flushViews(site.app.quorum);
      expect(await idsOf('alice')).toContain('21');
    });

    it('counts consecutive active days for the enthusiast badge', async (t) => {
      if (!site) return t.skip();
      const gina = await activeUser(site.app, 'gina');
      const today = Math.floor(Date.now() / 86_400_000);
      // 29 days in a row up to yesterday; reading a question today makes 30.
      const days = Array.from({ length: 29 }, (_, i) => ({ user_id: gina.id, day: today - 1 - i }));
      await kysely().insertInto('user_visit_days').values(days).execute();
      expect(await idsOf('gina')).not.toContain('13');
      const qid = await askQuestion(site.app, alice.token, 'Do I visit every day?', 'support');
      await call(site.app, 'GET', `${V1}/question/info?id=${qid}`, { token: gina.token });
      await expect.poll(async () => idsOf('gina')).toContain('13');
      expect(await idsOf('gina')).not.toContain('14');
    });

    it('lets administrators list badges and switch one off, which hides it and stops awarding it', async (t) => {
      if (!site) return t.skip();
      const list = await call(site.app, 'GET', `${ADMIN}/badges?page=1&page_size=50`, { token: admin });
      expect(list.status).toBe(200);
      expect(list.body.data.count).toBeGreaterThanOrEqual(20);
      expect(list.body.data.list[1]).toMatchObject({ id: '2', name: 'Curious', status: 'active', earned: true, group_name: 'Getting started' });
      expect((await call(site.app, 'GET', `${ADMIN}/badges?q=curious`, { token: admin })).body.data.count).toBe(1);
      expect((await call(site.app, 'GET', `${ADMIN}/badges`, { token: bob.token })).status).toBe(403);
      expect((await call(site.app, 'PUT', `${ADMIN}/badge/status`, { token: bob.token, body: { id: '9', status: 'inactive' } })).status).toBe(403);

      expect((await call(site.app, 'PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: '3', status: 'inactive' } })).status).toBe(200);
      expect((await call(site.app, 'PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: '3', status: 'sleeping' } })).status).toBe(400);
      const shown = (await call(site.app, 'GET', `${V1}/badges`)).body.data.flatMap((g: { badges: { id: string }[] }) => g.badges.map((b) => b.id));
      expect(shown).not.toContain('3');
      expect((await call(site.app, 'GET', `${ADMIN}/badges?status=inactive`, { token: admin })).body.data.list.map((b: { id: string }) => b.id)).toEqual(['3']);
      const dave = await activeUser(site.app, 'dave');
      const qid = await askQuestion(site.app, alice.token, 'Will dave earn the helper badge?', 'support');
      await answerQuestion(site.app, dave.token, qid, 'Not while it is switched off.');
      expect(await idsOf('dave')).not.toContain('3');
      await call(site.app, 'PUT', `${ADMIN}/badge/status`, { token: admin, body: { id: '3', status: 'active' } });
    });

    it('recounts from stored data (as after an import) without awarding anything twice', async (t) => {
      if (!site) return t.skip();
      const erin = await activeUser(site.app, 'erin');
      // Rows written without the services' events, like an import's.
      await kysely().insertInto('comments').values(Array.from({ length: 10 }, (_, i) => ({
        id: `100700000000099${String(i).padStart(2, '0')}`, user_id: erin.id, reply_user_id: '', reply_comment_id: '', object_id: '', question_id: '', vote_count: 0, status: 1,
        original_text: 'c', parsed_text: '<p>c</p>', created_at: 1, updated_at: 1,
      }))).execute();
      expect(await idsOf('erin')).not.toContain('9');
      expect(await recountBadges(site.app.quorum)).toBeGreaterThan(0);
      expect(await idsOf('erin')).toContain('9');
      expect(await recountBadges(site.app.quorum)).toBe(0);
    });

    it('groups achievements per post and day: a change on a later day starts a new one', async (t) => {
      if (!site) return t.skip();
      const qid = await askQuestion(site.app, alice.token, 'Can a lager be rushed?', 'support');
      await call(site.app, 'POST', `${V1}/vote/up`, { token: bob.token, body: { object_id: qid } });
      const on = async () =>
        (await call(site!.app, 'GET', `${V1}/notification/page?type=achievement&page=1&page_size=50`, { token: alice.token })).body.data.list.filter(
          (n: { object_info: { object_id: string } }) => n.object_info.object_id === qid,
        );
      expect((await on()).map((n: { rank: number }) => n.rank)).toEqual([10]);
      // Yesterday's achievement stays as it was; today's vote starts a new one.
      await kysely().updateTable('notifications').set({ created_at: Math.floor(Date.now() / 1000) - 86_400 }).where('object_id', '=', qid).where('type', '=', 'achievement').execute();
      await call(site.app, 'POST', `${V1}/vote/up`, { token: carol.token, body: { object_id: qid } });
      expect((await on()).map((n: { rank: number }) => n.rank)).toEqual([10, 10]);
      await call(site.app, 'POST', `${V1}/vote/up`, { token: admin, body: { object_id: qid } });
      expect((await on()).map((n: { rank: number }) => n.rank)).toEqual([20, 10]);
    });
  });
}
