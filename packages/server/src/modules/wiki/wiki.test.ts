/**
 * Community wiki through HTTP (modules/wiki): posting as wiki, making a post wiki later, direct edits at the
 * `wiki.edit` threshold recorded as the editor's own revisions, no reputation for the author from votes and
 * acceptance after it became wiki, the author unable to undo it and a moderator able to (the author told once of
 * each change a moderator made), the wiki mark of questions in the question lists, bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, activityOf, answer, ask, makeModerator, member, rankOf, setRank, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`community wiki on ${dialect}`, () => {
    let site: TestSite | undefined;
    let asker: Member, author: Member, editor: Member, voter: Member, other: Member, mod: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      [asker, author, editor, voter, other, mod] = [
        await member(site, 'asker'), await member(site, 'wikiauthor'), await member(site, 'wikieditor', 100),
        await member(site, 'wikivoter', 200), await member(site, 'bystander', 200), await member(site, 'wikimod'),
      ];
      await makeModerator(site, mod.id);
    });
    afterAll(async () => site?.close());
    const wiki = (token: string | undefined, body: Record<string, unknown>) => call(site!.app, 'PUT', `${API}/post/wiki`, { token, body });
    const info = async (id: string, token?: string) => (await call(site!.app, 'GET', `${API}/answer/info?id=${id}`, { token })).body.data.info;
    const upvote = (token: string, id: string) => call(site!.app, 'POST', `${API}/vote/up`, { token, body: { object_id: id, is_cancel: false } });
    /** The wiki notices in `who`'s inbox about `id`, newest first. */
    const wikiNotices = async (who: Member, id: string) =>
      ((await call(site!.app, 'GET', `${API}/notification/page?type=inbox&page=1&page_size=50`, { token: who.token })).body.data.list as Array<{ notification_action: string; object_info: { object_id: string } }>)
        .filter((n) => n.object_info.object_id === id && /community wiki/.test(n.notification_action))
        .map((n) => n.notification_action);
    const editAnswer = (token: string, id: string, content: string) => call(site!.app, 'PUT', `${API}/answer`, { token, body: { id, content, edit_summary: 'clearer steps' } });

    it('the author makes an answer wiki; a 100-reputation member edits it directly as their own revision; later votes and acceptance earn the author nothing', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'How do I descale an espresso machine boiler?', 'Scale builds up in the boiler after a year of hard water.');
      const aid = await answer(site, author.token, qid, 'Run a citric acid solution through the boiler twice, then flush it with clean water.');
      expect(await info(aid)).toMatchObject({ wiki: false, wiki_editor_count: 0 });

      // Before it is wiki, an upvote earns the author 10.
      const start = await rankOf(site, author.id);
      expect((await upvote(voter.token, aid)).status).toBe(200);
      expect(await rankOf(site, author.id)).toBe(start + 10);

      // An ordinary answer: the 100-reputation member's edit waits for review.
      const plain = await answer(site, other.token, qid, 'Or buy a descaling kit from the maker and follow its leaflet step by step.');
      const suggested = await editAnswer(editor.token, plain, 'Or buy a descaling kit from the maker and follow its leaflet, step by step.');
      expect(suggested.body.data).toEqual({ wait_for_review: true });

      const made = await wiki(author.token, { object_id: aid, wiki: true });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.data).toEqual({ object_id: aid, wiki: true });
      expect(await info(aid)).toMatchObject({ wiki: true, wiki_editor_count: 1, user_info: { username: 'wikiauthor' } });
      expect((await activityOf(site, aid)).filter((a) => a.activity_type === 'wiki')).toEqual([expect.objectContaining({ user_id: author.id, has_rank: 0 })]);
      // Their own change: no notice to themselves.
      expect(await wikiNotices(author, aid)).toEqual([]);

      // The editor with 100 reputation edits the wiki answer at once; the revision is theirs.
      expect((await info(aid, editor.token)).member_actions.map((a: { action: string }) => a.action)).toContain('edit');
      expect((await call(site.app, 'GET', `${API}/revisions/edit/check?id=${aid}`, { token: editor.token })).body.data).toBe(true);
      const edited = await editAnswer(editor.token, aid, 'Run a citric acid solution (20 g per litre) through the boiler twice, then flush it with clean water.');
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({ wait_for_review: false, info: { wiki: true, wiki_editor_count: 2, update_user_info: { username: 'wikieditor' } } });
      const revisions = (await call(site.app, 'GET', `${API}/revisions?object_id=${aid}`)).body.data as { status: number; user_info: { username: string } }[];
      expect(revisions.map((r) => [r.user_info.username, r.status])).toEqual([['wikieditor', 2], ['wikiauthor', 2]]);
      // Below the threshold: no edit at all.
      await setRank(site, editor.id, 99);
      expect((await editAnswer(editor.token, aid, 'Run a citric acid solution through the boiler three times.')).status).toBe(403);
      await setRank(site, editor.id, 100);

      // After it became wiki: the vote counts in the score, the author's reputation does not move.
      const before = await rankOf(site, author.id);
      const voted = await upvote(other.token, aid);
      expect(voted.status).toBe(200);
      expect(voted.body.data).toMatchObject({ votes: 2, vote_status: 'vote_up' });
      expect(await rankOf(site, author.id)).toBe(before);
      // Acceptance: the asker still gets theirs, the wiki answer's author nothing.
      const askerBefore = await rankOf(site, asker.id);
      expect((await call(site.app, 'POST', `${API}/answer/acceptance`, { token: asker.token, body: { question_id: qid, answer_id: aid } })).status).toBe(200);
      expect(await rankOf(site, author.id)).toBe(before);
      expect(await rankOf(site, asker.id)).toBe(askerBefore + 2);
      // Taking back the vote cast before it became wiki takes back what it earned.
      expect((await call(site.app, 'POST', `${API}/vote/up`, { token: voter.token, body: { object_id: aid, is_cancel: true } })).status).toBe(200);
      expect(await rankOf(site, author.id)).toBe(before - 10);
    });

    it('the author cannot undo it; a moderator can, and votes earn reputation again; repeating a state changes nothing', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'Why does my bread crust turn soft overnight?', 'It is crisp from the oven and leathery by the morning.');
      const r = await call(site.app, 'POST', `${API}/answer`, { token: author.token, body: { question_id: qid, content: 'Steam from the crumb moves into the crust; store it cut side down in paper.', wiki: true } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const aid = r.body.data.info.id as string;
      expect(r.body.data.info).toMatchObject({ wiki: true, wiki_editor_count: 1 });

      const refused = await wiki(author.token, { object_id: aid, wiki: false });
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('error.wiki.author_cannot_revert');
      expect(refused.body.msg).toBe('A community wiki post stays wiki. Only a moderator can make it an ordinary post again.');
      expect((await info(aid)).wiki).toBe(true);
      // Asking for the state it is in: no second timeline row, even twice at once.
      const both = await Promise.all([wiki(author.token, { object_id: aid, wiki: true }), wiki(mod.token, { object_id: aid, wiki: true })]);
      expect(both.map((b) => b.status)).toEqual([200, 200]);

      const reverted = await wiki(mod.token, { object_id: aid, wiki: false });
      expect(reverted.status).toBe(200);
      expect(reverted.body.data).toEqual({ object_id: aid, wiki: false });
      expect(await info(aid)).toMatchObject({ wiki: false, wiki_editor_count: 0 });
      expect((await activityOf(site, aid)).map((a) => a.activity_type).filter((x) => x === 'wiki' || x === 'unwiki')).toEqual(['unwiki']);
      expect(await wikiNotices(author, aid)).toEqual(['made your community wiki post an ordinary post again']);
      const before = await rankOf(site, author.id);
      expect((await upvote(voter.token, aid)).status).toBe(200);
      expect(await rankOf(site, author.id)).toBe(before + 10);

      // A moderator makes someone else's post wiki; two calls at once record it once.
      const again = await Promise.all([wiki(mod.token, { object_id: aid, wiki: true }), wiki(mod.token, { object_id: aid, wiki: true })]);
      expect(again.map((b) => b.status)).toEqual([200, 200]);
      expect((await activityOf(site, aid)).filter((a) => a.activity_type === 'wiki').map((a) => a.user_id)).toEqual([mod.id]);
      // The author is told once.
      expect((await wikiNotices(author, aid)).filter((n) => n === 'made your post community wiki')).toHaveLength(1);
    });

    it('a question asked as wiki shows as wiki, and its reputation from votes stops', async (t) => {
      if (!site) return t.skip();
      const r = await call(site.app, 'POST', `${API}/question`, { token: author.token, body: { title: 'Which hand planes should a beginner buy first?', content: 'A list the community keeps up to date.', tags: [{ slug_name: 'support' }], wiki: true } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const qid = r.body.data.id as string;
      const q = (await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data;
      expect(q).toMatchObject({ wiki: true, wiki_editor_count: 1 });
      // The question lists mark it (and only it: Answer's item otherwise).
      const plain = await ask(site, asker.token, 'Which bench vise suits a small workshop?', 'Space is tight and the bench is only 1.2 m long.');
      const items = (await call(site.app, 'GET', `${API}/question/page?order=newest&page=1&page_size=50`)).body.data.list as Array<{ id: string; wiki?: boolean }>;
      expect(items.find((x) => x.id === qid)?.wiki).toBe(true);
      expect(items.find((x) => x.id === plain)).not.toHaveProperty('wiki');
      // A moderator making a listed question wiki shows in the lists at once.
      expect((await wiki(mod.token, { object_id: plain, wiki: true })).status).toBe(200);
      const after = (await call(site.app, 'GET', `${API}/question/page?order=newest&page=1&page_size=50`)).body.data.list as Array<{ id: string; wiki?: boolean }>;
      expect(after.find((x) => x.id === plain)?.wiki).toBe(true);
      expect(await wikiNotices(asker, plain)).toEqual(['made your post community wiki']);
      const before = await rankOf(site, author.id);
      expect((await upvote(voter.token, qid)).status).toBe(200);
      expect(await rankOf(site, author.id)).toBe(before);
      // The 100-reputation member edits the wiki question directly.
      const e = await call(site.app, 'PUT', `${API}/question`, { token: editor.token, body: { id: qid, title: 'Which hand planes should a beginner buy first?', content: 'A list the community keeps up to date: block plane, then a jack plane.', tags: [{ slug_name: 'support' }] } });
      expect(e.status, JSON.stringify(e.body)).toBe(200);
      expect(e.body.data).toMatchObject({ wait_for_review: false });
      expect((await call(site.app, 'GET', `${API}/question/info?id=${qid}`)).body.data).toMatchObject({ wiki: true, wiki_editor_count: 2 });
    });

    it('bad input: 401, 400 field errors, 404 unknown or deleted posts, 403 for others', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'How can I stop a cast iron pan from rusting?', 'It rusts within a day of washing it.');
      const aid = await answer(site, author.token, qid, 'Dry it on the hob and wipe a thin layer of oil over it while it is warm.');
      expect((await wiki(undefined, { object_id: aid, wiki: true })).status).toBe(401);
      const missing = await wiki(author.token, { object_id: aid });
      expect(missing.status).toBe(400);
      expect(missing.body.data).toEqual([expect.objectContaining({ error_field: 'wiki' })]);
      expect((await wiki(author.token, { object_id: '', wiki: true })).status).toBe(400);
      expect((await wiki(author.token, { object_id: 'abc', wiki: true })).status).toBe(404);
      expect((await wiki(author.token, { object_id: `${aid.slice(0, 4)}${'9'.repeat(13)}`, wiki: true })).status).toBe(404);
      const foreign = await wiki(other.token, { object_id: aid, wiki: true });
      expect(foreign.status).toBe(403);
      expect(foreign.body.reason).toBe('error.object.no_permission');
      expect((await wiki(other.token, { object_id: qid, wiki: true })).status).toBe(403);
      expect((await call(site.app, 'POST', `${API}/answer`, { token: author.token, body: { question_id: qid, content: 'A second answer, this one with a bad flag.', wiki: 'yes' } })).status).toBe(400);
      expect((await call(site.app, 'DELETE', `${API}/answer`, { token: author.token, body: { id: aid } })).status).toBe(200);
      expect((await wiki(author.token, { object_id: aid, wiki: true })).status).toBe(404);
      expect((await info(aid, mod.token)).wiki).toBe(false);
    });
  });
}
