/**
 * Contract suite: the calls Answer 1.4.2's own web client makes on home, the question page (answer, accept,
 * edit), a profile with every tab, the settings profile save, the notifications inbox and achievements, and the
 * admin users, SMTP and privileges pages answer with the shapes its code reads (answer-client.fixtures.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';
import * as F from './answer-client.fixtures.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

/** The keys of `shape` that `obj` lacks or carries with another JSON type, as `where.key: kind` lines. */
function mismatches(obj: unknown, shape: F.Shape, where: string): string[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return [`${where}: expected an object, got ${kindOf(obj)}`];
  const out: string[] = [];
  for (const [key, want] of Object.entries(shape)) {
    const got = kindOf((obj as Record<string, unknown>)[key]);
    const ok = want === 'null|object' ? got === 'null' || got === 'object' : got === want;
    if (!ok) out.push(`${where}.${key}: expected ${want}, got ${got}`);
  }
  return out;
}

/** `{count, list}` whose items have `item`'s shape (and at least `min` of them). */
function pageMismatches(data: unknown, item: F.Shape, where: string, min = 1): string[] {
  const d = data as { count?: unknown; list?: unknown };
  if (typeof d?.count !== 'number' || !Array.isArray(d?.list)) return [`${where}: expected {count, list}, got ${JSON.stringify(data)?.slice(0, 80)}`];
  if (d.list.length < min) return [`${where}: expected at least ${min} items`];
  return d.list.flatMap((x, i) => mismatches(x, item, `${where}.list[${i}]`));
}

for (const dialect of DIALECTS) {
  describe(`Answer 1.4.2 client calls on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let alice: TestUser, bob: TestUser;
    let qid = '';
    let aid = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      alice = await activeUser(site.app, 'alice');
      bob = await activeUser(site.app, 'bob', 200);
      qid = await askQuestion(site.app, alice.token, 'Which hops for a pale ale?', 'support');
      aid = await answerQuestion(site.app, bob.token, qid, 'Cascade and Centennial are the classics.');
      await call(site.app, 'POST', `${V1}/follow`, { token: bob.token, body: { object_id: qid } });
    });
    afterAll(async () => site?.close());
    const get = async (url: string, token?: string) => {
      const r = await call(site!.app, 'GET', url, { token });
      expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      return r.body.data as unknown;
    };

    it('home: question lists, hot questions, the Recommend tab, the red dot', async (t) => {
      if (!site) return t.skip();
      const problems = [
        ...pageMismatches(await get(`${V1}/question/page?page=1&page_size=20&order=newest`), F.QUESTION_ITEM, 'question/page'),
        ...pageMismatches(await get(`${V1}/question/page?page=1&page_size=6&order=hot&in_days=7`), F.QUESTION_ITEM, 'question/page hot', 0),
        ...pageMismatches(await get(`${V1}/question/recommend/page?page=1&page_size=20`, bob.token), F.QUESTION_ITEM, 'question/recommend/page'),
        ...pageMismatches(await get(`${V1}/question/page?page=1&page_size=20&order=recommend`, bob.token), F.QUESTION_ITEM, 'question/page recommend'),
        ...mismatches(await get(`${V1}/notification/status`, alice.token), F.RED_DOT, 'notification/status'),
        ...mismatches(await get(`${V1}/user/info`, alice.token), F.CURRENT_USER, 'user/info'),
      ];
      expect(problems).toEqual([]);
      expect((await call(site.app, 'GET', `${V1}/question/recommend/page?page=1&page_size=20`)).status).toBe(401);
      // Answer's plugin status list: the installed plugins, off until an admin enables one, and the built-in
      // captcha, always on (answer-client.captcha.test.ts).
      const status = (await get(`${V1}/plugin/status`)) as { slug_name: unknown; enabled: unknown }[];
      expect(status.length).toBeGreaterThan(1);
      for (const p of status) expect([typeof p.slug_name, p.enabled]).toEqual(['string', p.slug_name === 'basic_captcha']);
    });

    it('question page: the whole answer list in one call, answer info, posting, accepting, editing', async (t) => {
      if (!site) return t.skip();
      expect(mismatches(await get(`${V1}/question/info?id=${qid}`, bob.token), F.QUESTION_INFO, 'question/info')).toEqual([]);
      const answers = await get(`${V1}/answer/page?question_id=${qid}&order=default&page=1&page_size=999`, alice.token);
      expect(pageMismatches(answers, F.ANSWER_INFO, 'answer/page')).toEqual([]);
      expect((await call(site.app, 'GET', `${V1}/answer/page?question_id=${qid}&page=1&page_size=1001`)).status).toBe(400);
      const info = (await get(`${V1}/answer/info?id=${aid}`, bob.token)) as { info: unknown; question: unknown };
      expect([...mismatches(info.info, F.ANSWER_INFO, 'answer/info.info'), ...mismatches(info.question, F.QUESTION_INFO, 'answer/info.question')]).toEqual([]);

      const posted = await call(site.app, 'POST', `${V1}/answer`, { token: admin, body: { question_id: qid, content: 'Try Citra for something fruitier.' } });
      expect(posted.status).toBe(200);
      expect([...mismatches(posted.body.data.info, F.ANSWER_INFO, 'POST answer.info'), ...mismatches(posted.body.data.question, F.QUESTION_INFO, 'POST answer.question')]).toEqual([]);
      const again = await call(site.app, 'POST', `${V1}/answer`, { token: admin, body: { question_id: qid, content: 'A second answer from the same user.' } });
      expect(again.status).toBe(403);

      const accepted = await call(site.app, 'POST', `${V1}/answer/acceptance`, { token: alice.token, body: { question_id: qid, answer_id: aid } });
      expect(accepted.status).toBe(200);
      const edited = await call(site.app, 'PUT', `${V1}/answer`, { token: bob.token, body: { id: aid, question_id: qid, content: 'Cascade and Centennial remain the classics.', edit_summary: '' } });
      expect(edited.status).toBe(200);
      expect(edited.body.data.wait_for_review).toBe(false);
    });

    it('profile: user info flat, top posts, every tab, badges', async (t) => {
      if (!site) return t.skip();
      const profile = await get(`${V1}/personal/user/info?username=bob`);
      expect(mismatches(profile, F.PROFILE, 'personal/user/info')).toEqual([]);
      const top = (await get(`${V1}/personal/qa/top?username=bob`)) as { answer: unknown; question: unknown };
      expect(Array.isArray(top.answer) && Array.isArray(top.question)).toBe(true);
      for (const tab of ['answer', 'question', 'comment', 'rank']) {
        const d = (await get(`${V1}/personal/${tab}/page?username=bob&page=1&page_size=30&order=newest`)) as { count: unknown; list: unknown };
        expect(typeof d.count === 'number' && Array.isArray(d.list), tab).toBe(true);
      }
      for (const tab of ['collection', 'vote']) {
        const d = (await get(`${V1}/personal/${tab}/page?page=1&page_size=30`, bob.token)) as { count: unknown; list: unknown };
        expect(typeof d.count === 'number' && Array.isArray(d.list), tab).toBe(true);
      }
      // Answer returns a page model here (not the array its swagger shows); bob's posts and edits earned badges.
      const recent = (await get(`${V1}/badge/user/awards/recent?username=bob`)) as { count: number; list: Record<string, unknown>[] };
      expect(recent.count).toBeGreaterThan(0);
      for (const b of recent.list) expect(Object.keys(b).sort()).toEqual(['earned_count', 'icon', 'id', 'level', 'name']);
      const groups = (await get(`${V1}/badges`)) as { group_name: string; badges: Record<string, unknown>[] }[];
      expect(Object.keys(groups[0]!.badges[0]!).sort()).toEqual(['award_count', 'earned_count', 'icon', 'id', 'level', 'name']);
    });

    it('settings: the profile save of Answer\'s client, plugin configs, custom CSS', async (t) => {
      if (!site) return t.skip();
      const me = (await get(`${V1}/user/info`, alice.token)) as { display_name: string; username: string };
      const saved = await call(site.app, 'PUT', `${V1}/user/info`, {
        token: alice.token,
        body: { display_name: me.display_name, username: me.username, avatar: { type: 'default', gravatar: '', custom: '' }, bio: '', website: '', location: '' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await get(`${V1}/user/plugin/configs`, alice.token)).toEqual([]);
      const css = await site.app.inject({ method: 'GET', url: '/custom.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
    });

    it('notifications: inbox items with a phrase, achievements with a rank', async (t) => {
      if (!site) return t.skip();
      const inbox = (await get(`${V1}/notification/page?type=inbox&page=1&page_size=10`, alice.token)) as { list: Record<string, unknown>[] };
      expect(pageMismatches(inbox, F.NOTIFICATION, 'inbox')).toEqual([]);
      expect(inbox.list.flatMap((n, i) => [...mismatches(n.object_info, F.NOTIFICATION_OBJECT, `inbox[${i}].object_info`), ...(typeof n.notification_action === 'string' ? [] : [`inbox[${i}].notification_action`])])).toEqual([]);
      const achievements = (await get(`${V1}/notification/page?type=achievement&page=1&page_size=10`, bob.token)) as { list: Record<string, unknown>[] };
      expect(pageMismatches(achievements, F.NOTIFICATION, 'achievement')).toEqual([]);
      expect(achievements.list.some((n) => n.rank === 15)).toBe(true);
    });

    it('admin: users, SMTP, privileges and the plugin list every admin page loads', async (t) => {
      if (!site) return t.skip();
      expect(pageMismatches(await get(`${ADMIN}/users/page?page=1&page_size=10`, admin), F.ADMIN_USER, 'users/page')).toEqual([]);
      expect(mismatches(await get(`${ADMIN}/setting/smtp`, admin), F.SMTP, 'setting/smtp')).toEqual([]);
      expect(mismatches(await get(`${ADMIN}/setting/privileges`, admin), F.PRIVILEGES, 'setting/privileges')).toEqual([]);
      const plugins = (await get(`${ADMIN}/plugins`, admin)) as Record<string, unknown>[];
      expect(plugins.length).toBeGreaterThan(0);
      expect(plugins.flatMap((p, i) => mismatches(p, { name: 'string', slug_name: 'string', description: 'string', version: 'string', enabled: 'boolean', have_config: 'boolean', link: 'string' }, `plugins[${i}]`))).toEqual([]);
      expect((await call(site.app, 'GET', `${ADMIN}/plugins`, { token: alice.token })).status).toBe(403);
    });
  });
}
