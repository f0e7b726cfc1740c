/**
 * Who reads the history of deleted and queued posts, over HTTP on every engine: GET /revisions answers exactly as
 * question/info and answer/info do (404 with their reason for anonymous readers, other members and, for deleted
 * posts, the author); GET /revisions/edit/check answers 404 for posts the member may not see; member reviewers'
 * GET /revisions/unreviewed and its count leave out suggested edits of posts they may not see; suggested and
 * rejected edits reach GET /activity/timeline/detail only for their editor and reviewers; deleted comments' text
 * reaches the timeline only for moderators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, type Member } from '../question/question.testkit.js';
import { HIDDEN_KINDS, VIEWERS, hiddenPosts, maySee, postInfo, revisionIds, type HiddenFixture } from './visibility.testkit.js';

for (const dialect of DIALECTS) {
  describe(`revisions of deleted and queued posts on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let f: HiddenFixture;
    let reviewer: Member, suggester: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      f = await hiddenPosts(site, admin);
      reviewer = await member(site, 'vreviewer', 1000);
      suggester = await member(site, 'vsuggester', 100);
    });
    afterAll(async () => site?.close());
    const get = (url: string, token?: string) => call(site!.app, 'GET', `${API}${url}`, { token });
    const tags = [{ slug_name: 'support' }];

    it('GET /revisions answers as question/info and answer/info do', async (t) => {
      if (!site) return t.skip();
      for (const kind of HIDDEN_KINDS) {
        const p = f.posts[kind];
        for (const v of VIEWERS) {
          const info = await postInfo(site, f, p, v);
          expect(info.status === 200, `${kind} info as ${v}`).toBe(maySee(kind, v));
          const r = await get(`/revisions?object_id=${p.id}`, f.token(v));
          expect(r.status, `${kind} revisions as ${v}`).toBe(info.status);
          if (info.status === 200) expect(JSON.stringify(r.body.data).toLowerCase()).toContain(p.word);
          else {
            expect(r.body.reason, `${kind} revisions as ${v}`).toBe(info.body.reason);
            expect(JSON.stringify(r.body).toLowerCase()).not.toContain(p.word);
          }
        }
      }
      expect((await get(`/revisions?object_id=${f.host}`)).body.data).toHaveLength(1);
      expect((await get('/revisions?object_id=10010000000099999')).status).toBe(404);
    });

    it('GET /revisions/edit/check answers 404 for posts the member may not see, answers of hidden questions too', async (t) => {
      if (!site) return t.skip();
      for (const kind of HIDDEN_KINDS) {
        const p = f.posts[kind];
        expect((await get(`/revisions/edit/check?id=${p.id}`)).status).toBe(401);
        for (const v of ['other', 'owner', 'moderator'] as const) {
          const r = await get(`/revisions/edit/check?id=${p.id}`, f.token(v));
          if (!maySee(kind, v)) {
            expect(r.status, `${kind} check as ${v}`).toBe(404);
            expect(r.body.reason).toBe((await postInfo(site, f, p, v)).body.reason);
          }
        }
      }
      // The owner edits a queued post of theirs; a deleted one nobody edits.
      expect((await get(`/revisions/edit/check?id=${f.posts.queuedQuestion.id}`, f.owner.token)).body.data).toBe(true);
      expect((await get(`/revisions/edit/check?id=${f.posts.deletedQuestion.id}`, f.mod.token)).status).toBe(404);

      const q = await ask(site, f.owner.token, 'Question deleted by a moderator under an answer');
      const a = await answer(site, f.other.token, q, 'An answer whose question goes away.');
      expect((await get(`/revisions/edit/check?id=${a}`, f.other.token)).body.data).toBe(true);
      expect((await call(site.app, 'DELETE', `${API}/question`, { token: f.mod.token, body: { id: q } })).status).toBe(200);
      const info = await get(`/answer/info?id=${a}`, f.other.token);
      expect(info.status).toBe(404);
      const check = await get(`/revisions/edit/check?id=${a}`, f.other.token);
      expect(check.status).toBe(404);
      expect(check.body.reason).toBe(info.body.reason);
      const edit = await call(site.app, 'PUT', `${API}/answer`, { token: f.other.token, body: { id: a, question_id: q, content: 'An edited answer of a deleted question.' } });
      expect(edit.status).toBe(404);
      expect((await get(`/revisions?object_id=${a}`, f.other.token)).status).toBe(404);
    });

    it('the timeline of a hidden post and its revisions: 404 for who may not see it', async (t) => {
      if (!site) return t.skip();
      for (const kind of HIDDEN_KINDS) {
        const p = f.posts[kind];
        const [rev] = await revisionIds(site, p.id);
        for (const v of ['other', 'owner', 'moderator'] as const) {
          const tl = await get(`/activity/timeline?object_id=${p.id}`, f.token(v));
          const detail = await get(`/activity/timeline/detail?revision_id=${rev}`, f.token(v));
          expect([tl.status, detail.status], `${kind} timeline as ${v}`).toEqual(maySee(kind, v) ? [200, 200] : [404, 404]);
          if (maySee(kind, v)) expect(JSON.stringify(detail.body.data).toLowerCase()).toContain(p.word);
          else expect(JSON.stringify([tl.body, detail.body]).toLowerCase()).not.toContain(p.word);
        }
      }
    });

    it("member reviewers' queue and count leave out suggested edits of posts they may not see; moderators keep them", async (t) => {
      if (!site) return t.skip();
      const q = await ask(site, f.owner.token, 'Question with a suggested edit, then deleted', 'Plain body of the question.');
      const sq = await call(site.app, 'PUT', `${API}/question`, { token: suggester.token, body: { id: q, title: 'Marzipan title suggested for a deleted question', content: 'Marzipan body suggestion.', tags } });
      expect(sq.body.data).toMatchObject({ wait_for_review: true });
      const host = await ask(site, f.owner.token, 'Question holding an answer with a suggested edit');
      const a = await answer(site, f.owner.token, host, 'Plain body of an answer.');
      const sa = await call(site.app, 'PUT', `${API}/answer`, { token: suggester.token, body: { id: a, question_id: host, content: 'Nougat body suggested for a deleted answer.' } });
      expect(sa.body.data).toEqual({ wait_for_review: true });
      const queue = async (token: string) => (await get('/revisions/unreviewed?page=1&page_size=100', token)).body.data as { count: number; list: { unreviewed_info: { object_id: string } }[] };
      const todo = async (token: string) => ((await get('/reviewing/type', token)).body.data as { name: string; todo_amount: number }[]).find((x) => x.name === 'suggested_post_edit')?.todo_amount;
      const objects = (page: { list: { unreviewed_info: { object_id: string } }[] }) => page.list.map((x) => x.unreviewed_info.object_id);
      expect(objects(await queue(reviewer.token))).toEqual(expect.arrayContaining([q, a]));
      const before = await todo(reviewer.token);

      expect((await call(site.app, 'DELETE', `${API}/question`, { token: f.owner.token, body: { id: q } })).status).toBe(200);
      expect((await call(site.app, 'DELETE', `${API}/answer`, { token: f.owner.token, body: { id: a } })).status).toBe(200);
      const seen = await queue(reviewer.token);
      expect(objects(seen)).not.toContain(q);
      expect(objects(seen)).not.toContain(a);
      expect(JSON.stringify(seen).toLowerCase()).not.toMatch(/marzipan|nougat/);
      expect(seen.count).toBe(before! - 2);
      expect(await todo(reviewer.token)).toBe(before! - 2);
      expect(objects(await queue(f.mod.token))).toEqual(expect.arrayContaining([q, a]));
      expect(await todo(f.mod.token)).toBe(before);
      expect((await queue(f.other.token)).list).toEqual([]);
    });

    it('suggested and rejected edits reach the timeline detail only for their editor, reviewers and moderators', async (t) => {
      if (!site) return t.skip();
      const q = await ask(site, f.owner.token, 'Original title before a suggestion', 'Original body before a suggestion.');
      const s = await call(site.app, 'PUT', `${API}/question`, { token: suggester.token, body: { id: q, title: 'Pistachio title of a suggested edit', content: 'Pistachio body.', tags } });
      expect(s.body.data).toMatchObject({ wait_for_review: true });
      const [original, suggested] = await revisionIds(site, q);
      const detail = (token: string, query: string) => get(`/activity/timeline/detail?${query}`, token);
      for (const [who, token, shown] of [['other', f.other.token, false], ['owner', f.owner.token, false], ['editor', suggester.token, true], ['reviewer', reviewer.token, true], ['moderator', f.mod.token, true]] as const) {
        const one = await detail(token, `revision_id=${suggested}`);
        const pair = await detail(token, `new_revision_id=${original}&old_revision_id=${suggested}`);
        expect([one.status, pair.status], who).toEqual(shown ? [200, 200] : [404, 404]);
        if (shown) expect(one.body.data.new_revision.title).toBe('Pistachio title of a suggested edit');
        else expect(JSON.stringify([one.body, pair.body]).toLowerCase()).not.toContain('pistachio');
      }
      const audit = await call(site.app, 'PUT', `${API}/revisions/audit`, { token: reviewer.token, body: { id: suggested, operation: 'reject' } });
      expect(audit.status).toBe(200);
      expect((await detail(f.other.token, `revision_id=${suggested}`)).status).toBe(404);
      expect((await detail(suggester.token, `revision_id=${suggested}`)).status).toBe(200);
      // The owner's next edit is compared with the version before it that the reader may see.
      const e = await call(site.app, 'PUT', `${API}/question`, { token: f.owner.token, body: { id: q, title: 'Second title written by the owner', content: 'Original body before a suggestion.', tags } });
      expect(e.status).toBe(200);
      const latest = (await revisionIds(site, q)).at(-1)!;
      const forOther = await detail(f.other.token, `revision_id=${latest}`);
      expect(forOther.body.data.old_revision.title).toBe('Original title before a suggestion');
      expect((await detail(suggester.token, `revision_id=${latest}`)).body.data.old_revision.title).toBe('Pistachio title of a suggested edit');
      expect((await get(`/revisions?object_id=${q}`, f.other.token)).body.data).toHaveLength(2);
    });

    it("a deleted comment's text stays out of the timeline for members; moderators see it", async (t) => {
      if (!site) return t.skip();
      const c = await call(site.app, 'POST', `${API}/comment`, { token: f.other.token, body: { object_id: f.host, original_text: 'A tamarind comment soon deleted.' } });
      expect(c.status).toBe(200);
      expect((await call(site.app, 'DELETE', `${API}/comment`, { token: f.other.token, body: { comment_id: c.body.data.comment_id } })).status).toBe(200);
      const text = async (token: string) => JSON.stringify((await get(`/activity/timeline?object_id=${f.host}`, token)).body.data.timeline).toLowerCase();
      expect(await text(f.owner.token)).not.toContain('tamarind');
      expect(await text(f.other.token)).not.toContain('tamarind');
      expect(await text(f.mod.token)).toContain('tamarind');
    });
  });
}
