/**
 * Deleted and queued posts in lists and side calls, over HTTP on every engine (fixture: revision/visibility.testkit.ts):
 * a profile's comment tab lists comments on them only to who may see the post; the comment reads, the profile's
 * question, answer and top tabs, search, answer/page, reactions and bookmarks leave them to the same readers; GET
 * /question/similar/tag answers as question/info does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API } from '../question/question.testkit.js';
import { HIDDEN_KINDS, VIEWERS, hiddenPosts, maySee, postInfo, type HiddenFixture } from '../revision/visibility.testkit.js';

for (const dialect of DIALECTS) {
  describe(`deleted and queued posts in lists on ${dialect}`, () => {
    let site: TestSite | undefined;
    let f: HiddenFixture;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      f = await hiddenPosts(site, await adminToken(site.app), 'p');
    });
    afterAll(async () => site?.close());
    const get = (url: string, token?: string) => call(site!.app, 'GET', `${API}${url}`, { token });
    const text = (v: unknown) => JSON.stringify(v).toLowerCase();

    it("a profile's comment tab lists comments on a hidden post only to who may see the post", async (t) => {
      if (!site) return t.skip();
      for (const v of VIEWERS) {
        const page = (await get('/personal/comment/page?username=powner&page_size=50', f.token(v))).body.data as { count: number; list: { comment_id: string }[] };
        const ids = page.list.map((c) => c.comment_id);
        const shown = HIDDEN_KINDS.filter((k) => maySee(k, v));
        for (const kind of HIDDEN_KINDS) {
          const p = f.posts[kind];
          expect(ids.includes(p.commentId), `${kind} comment as ${v}`).toBe(maySee(kind, v));
          if (!maySee(kind, v)) expect(text(page)).not.toContain(p.commentWord);
        }
        expect(page.count, v).toBe(shown.length);
      }
    });

    it('comment reads answer 404 or leave the post out for who may not see it', async (t) => {
      if (!site) return t.skip();
      for (const kind of HIDDEN_KINDS) {
        const p = f.posts[kind];
        for (const v of VIEWERS) {
          const page = await get(`/comment/page?object_id=${p.id}`, f.token(v));
          const one = await get(`/comment?id=${p.commentId}`, f.token(v));
          const batch = await get(`/comment/batch?object_ids=${p.id},${f.host}`, f.token(v));
          expect([page.status, one.status], `${kind} comments as ${v}`).toEqual(maySee(kind, v) ? [200, 200] : [404, 404]);
          expect(Object.keys(batch.body.data).includes(p.id), `${kind} batch as ${v}`).toBe(maySee(kind, v));
          if (!maySee(kind, v)) expect(text([page.body, one.body, batch.body])).not.toContain(p.commentWord);
        }
      }
    });

    it('profile tabs, search and the answer list leave hidden posts out for who may not see them', async (t) => {
      if (!site) return t.skip();
      for (const v of VIEWERS) {
        const lists = [
          await get('/personal/question/page?username=powner&page_size=50', f.token(v)),
          await get('/personal/answer/page?username=powner&page_size=50', f.token(v)),
          await get('/personal/qa/top?username=powner', f.token(v)),
          await get(`/answer/page?question_id=${f.host}&page_size=50`, f.token(v)),
        ];
        for (const kind of HIDDEN_KINDS) {
          const p = f.posts[kind];
          const found = await get(`/search?q=${p.word}`, f.token(v));
          if (!maySee(kind, v)) {
            expect(text(lists.map((l) => l.body)), `${kind} lists as ${v}`).not.toContain(p.word);
            expect(found.body.data.list, `${kind} search as ${v}`).toEqual([]);
          }
        }
      }
      const answers = async (v: (typeof VIEWERS)[number]) => ((await get(`/answer/page?question_id=${f.host}&page_size=50`, f.token(v))).body.data.list as { id: string }[]).map((a) => a.id);
      expect(await answers('owner')).toContain(f.posts.queuedAnswer.id);
      expect(await answers('moderator')).toEqual(expect.arrayContaining([f.posts.queuedAnswer.id, f.posts.deletedAnswer.id]));
    });

    it('GET /question/similar/tag answers as question/info does', async (t) => {
      if (!site) return t.skip();
      for (const kind of ['deletedQuestion', 'queuedQuestion'] as const) {
        const p = f.posts[kind];
        for (const v of VIEWERS) {
          const info = await postInfo(site, f, p, v);
          const r = await get(`/question/similar/tag?question_id=${p.id}`, f.token(v));
          expect(r.status, `${kind} related as ${v}`).toBe(info.status);
          if (info.status !== 200) expect(r.body.reason).toBe(info.body.reason);
        }
      }
      expect((await get(`/question/similar/tag?question_id=${f.host}`)).status).toBe(200);
    });

    it('reactions and bookmarks answer 404 for who may not see the post', async (t) => {
      if (!site) return t.skip();
      for (const kind of HIDDEN_KINDS) {
        const p = f.posts[kind];
        for (const v of VIEWERS) {
          const one = await get(`/meta/reaction?object_id=${p.id}`, f.token(v));
          const batch = await get(`/meta/reaction/batch?object_ids=${p.id}`, f.token(v));
          expect(one.status, `${kind} reactions as ${v}`).toBe(maySee(kind, v) ? 200 : 404);
          expect(Object.keys(batch.body.data ?? {}).includes(p.id), `${kind} reaction batch as ${v}`).toBe(maySee(kind, v));
          if (v !== 'anonymous') {
            const sw = await call(site.app, 'POST', `${API}/collection/switch`, { token: f.token(v), body: { object_id: p.id, group_id: '0', bookmark: true } });
            expect(sw.status, `${kind} bookmark as ${v}`).toBe(maySee(kind, v) ? 200 : 404);
          }
        }
      }
    });
  });
}
