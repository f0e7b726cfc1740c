import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR, hasWebBuild } from '../ssr/ssr.renderer.js';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, answerQuestion, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';
const TITLE = '如何在家酿造啤酒？';
/** The server's slug of TITLE (pinyin, modules/sitemap/transliterate.ts). */
const SLUG = 'ru-he-zai-jia-niang-zao-pi-jiu';

// Issue 13 ("slugs come from the server"): every payload that links a question carries the server's
// `url_title`, so the web links a Chinese-titled question by its pinyin slug and never gets a 301 for it.
for (const dialect of DIALECTS) {
  describe(`url_title in every payload that links a question on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let asker: TestUser, answerer: TestUser;
    let qid = '';
    let aid = '';
    let linking = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      asker = await activeUser(site.app, 'asker', 200);
      answerer = await activeUser(site.app, 'answerer', 200);
      qid = await askQuestion(site.app, asker.token, TITLE, 'support');
      aid = await answerQuestion(site.app, answerer.token, qid, '麦芽、啤酒花、酵母和一个发酵罐。');
      const c = await call(site.app, 'POST', `${V1}/comment`, { token: answerer.token, body: { object_id: qid, original_text: '先从麦芽提取物开始吧。' } });
      expect(c.status).toBe(200);
      expect((await call(site.app, 'POST', `${V1}/vote/up`, { token: answerer.token, body: { object_id: qid } })).status).toBe(200);
      expect((await call(site.app, 'POST', `${V1}/collection/switch`, { token: answerer.token, body: { object_id: qid, group_id: '0', bookmark: true } })).status).toBe(200);
      const r = await call(site.app, 'POST', `${V1}/question`, {
        token: answerer.token,
        body: { title: 'A question that links the brewing one', content: `See [this one](/questions/${qid}) for the kit.`, tags: [{ slug_name: 'support' }] },
      });
      expect(r.status).toBe(200);
      linking = r.body.data.id;
    });
    afterAll(async () => site?.close());
    const get = async (url: string, token?: string) => {
      const r = await call(site!.app, 'GET', `${V1}${url}`, { token });
      expect(r.status, url).toBe(200);
      return r.body.data;
    };
    type Item = Record<string, any>;
    const mine = (list: Item[], pick: (i: Item) => string | undefined = (i) => i.question_id ?? i.id) => list.filter((i) => pick(i) === qid);

    it('question lists, the trending sidebar, linked and related questions, similar titles and search', async (t) => {
      if (!site) return t.skip();
      for (const order of ['newest', 'frequent']) {
        const list = mine((await get(`/question/page?page=1&page_size=20&order=${order}&in_days=7`)).list, (i) => i.id);
        expect(list.map((i) => i.url_title), order).toEqual([SLUG]);
      }
      expect(mine((await get(`/question/link?question_id=${linking}&page=1&page_size=5`)).list, (i) => i.id).map((i) => i.url_title)).toEqual([SLUG]);
      expect(mine((await get(`/question/similar/tag?question_id=${linking}&page_size=5`)).list, (i) => i.id).map((i) => i.url_title)).toEqual([SLUG]);
      expect(mine(await get(`/question/similar?title=${encodeURIComponent('啤酒')}`), (i) => i.id).map((i) => i.url_title)).toEqual([SLUG]);
      const hits = (await get(`/search?q=${encodeURIComponent('啤酒')}&page=1&size=20`)).list as Item[];
      expect(hits.filter((h) => h.object.question_id === qid).map((h) => h.object.url_title)).toEqual(expect.arrayContaining([SLUG]));
      expect(hits.filter((h) => h.object.question_id === qid).every((h) => h.object.url_title === SLUG)).toBe(true);
    });

    it("the profile's questions, answers, comments, reputation, bookmarks and votes tabs and its top posts", async (t) => {
      if (!site) return t.skip();
      expect(mine((await get('/personal/question/page?username=asker&page=1&page_size=20')).list).map((i) => i.url_title)).toEqual([SLUG]);
      const answers = (await get('/personal/answer/page?username=answerer&page=1&page_size=20')).list as Item[];
      expect(answers.filter((a) => a.answer_id === aid).map((a) => a.question_info.url_title)).toEqual([SLUG]);
      const top = await get('/personal/qa/top?username=answerer');
      expect((top.answer as Item[]).filter((a) => a.question_id === qid).map((a) => a.question_info.url_title)).toEqual([SLUG]);
      expect(mine((await get('/personal/comment/page?username=answerer&page=1&page_size=20')).list).map((i) => i.url_title)).toEqual([SLUG]);
      const rank = mine((await get('/personal/rank/page?username=asker&page=1&page_size=20')).list);
      expect(rank.length).toBeGreaterThan(0);
      expect(rank.every((r) => r.url_title === SLUG)).toBe(true);
      expect(mine((await get('/personal/collection/page?page=1&page_size=20', answerer.token)).list).map((i) => i.url_title)).toEqual([SLUG]);
      expect(mine((await get('/personal/vote/page?page=1&page_size=20', answerer.token)).list).map((i) => i.url_title)).toEqual([SLUG]);
    });

    it('the timelines of the question and of its answer, and the notifications about them', async (t) => {
      if (!site) return t.skip();
      expect((await get(`/activity/timeline?object_id=${qid}`, admin)).object_info).toMatchObject({ question_id: qid, url_title: SLUG });
      expect((await get(`/activity/timeline?object_id=${aid}`, admin)).object_info).toMatchObject({ question_id: qid, answer_id: aid, url_title: SLUG });
      const inbox = (await get('/notification/page?type=inbox&page=1&page_size=20', asker.token)).list as Item[];
      const about = inbox.filter((n) => n.object_info.object_map?.question === qid || n.object_info.object_id === qid);
      expect(about.length).toBeGreaterThan(0);
      expect(about.map((n) => n.object_info.url_title)).toEqual(about.map(() => SLUG));
    });
  });
}

describe('the web bundle', () => {
  it('carries no transliteration table: it links questions by the server slug', () => {
    if (!hasWebBuild()) throw new Error('packages/web/dist is missing: run `npm run build` first');
    const assets = path.join(CLIENT_DIR, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // pinyin-pro's dictionary spells thousands of syllables with third-tone carons (ǎ ě ǐ ǒ ǔ ǚ); no language
    // file of the web app uses them.
    const carons = scripts.map((f) => [f, (readFileSync(path.join(assets, f), 'utf8').match(/[ǎěǐǒǔǚ]/gu) ?? []).length] as const).filter(([, n]) => n > 0);
    expect(carons).toEqual([]);
  });
});
