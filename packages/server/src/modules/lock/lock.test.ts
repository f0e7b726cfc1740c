/**
 * Locks of posts through HTTP (modules/lock): a moderator locks an answer or a question as a content dispute or
 * as historical, for a length or forever; members' votes (on the post and on its comments), comments, answers and
 * edits are refused with the end in the message while moderators are not; the notices and the timeline rows; the author's notification; the
 * historical question out of the lists; unlocking; the end by the clock (an edit started before the end and sent
 * after it is accepted); bad input (not a moderator, deleted posts, unknown kinds, unlocking what is not locked)
 * and two moderators locking at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

for (const dialect of DIALECTS) {
  describe(`post locks on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let mod: Member;
    let asker: Member;
    let writer: Member;
    let reader: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      mod = await member(site, 'lockmod', 200);
      await makeModerator(site, mod.id);
      asker = await member(site, 'lockasker', 500);
      writer = await member(site, 'lockwriter', 500);
      reader = await member(site, 'lockreader', 500);
    });
    afterAll(async () => {
      await site?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;
    const lock = (body: Record<string, unknown>, token = mod.token) => call(app(), 'POST', `${API}/post/lock`, { token, body });
    const unlock = (objectId: string, token = mod.token) => call(app(), 'DELETE', `${API}/post/lock?object_id=${objectId}`, { token });
    const answerInfo = async (id: string, token = reader.token) => (await call(app(), 'GET', `${API}/answer/info?id=${id}`, { token })).body.data.info;
    const questionInfo = async (id: string, token?: string) => (await call(app(), 'GET', `${API}/question/info?id=${id}`, { token })).body.data;
    const timeline = async (id: string) => (await call(app(), 'GET', `${API}/activity/timeline?object_id=${id}`, { token: admin })).body.data.timeline as { activity_type: string; reason: string }[];
    const thread = async (tag: string) => {
      const qid = await ask(site!, asker.token, `Why does my ${tag} sourdough collapse in the oven?`, `It rises well on the counter and then falls flat, every time with the ${tag} flour.`);
      const aid = await answer(site!, writer.token, qid, `Your ${tag} dough is over-proofed: shorten the second rise by half an hour and score it deeper.`);
      return { qid, aid };
    };

    it('locks an answer as a content dispute: notice with the end, member writes refused, moderators pass, timeline and notification, unlock', async (t) => {
      if (!site) return t.skip();
      const { qid, aid } = await thread('rye');
      const comment = await call(app(), 'POST', `${API}/comment`, { token: asker.token, body: { object_id: aid, original_text: 'Could it be the oven temperature instead of the proofing time?' } });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      const cid = comment.body.data.comment_id as string;
      const before = Math.floor(Date.now() / 1000);
      const r = await lock({ object_id: aid, kind: 'dispute', duration: '1d', reason: 'Two editors keep reverting each other' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ kind: 'dispute', duration: '1d', reason: 'Two editors keep reverting each other' });
      expect(r.body.data.ends_at - before - 86_400).toBeLessThanOrEqual(2);

      const info = await answerInfo(aid);
      expect(info.lock).toMatchObject({ kind: 'dispute', ends_at: r.body.data.ends_at, on_question: false });
      expect(info.lock.notice).toMatch(/^This post is locked while a dispute about its content is resolved, until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. .*Reason: Two editors keep reverting each other$/);
      const page = (await call(app(), 'GET', `${API}/answer/page?question_id=${qid}&page=1&page_size=20`, {})).body.data.list;
      expect(page.find((a: { id: string }) => a.id === aid).lock).toMatchObject({ kind: 'dispute' });
      expect((await questionInfo(qid)).lock).toBeNull();

      const writes: Array<[string, string, unknown]> = [
        ['POST', `${API}/vote/up`, { object_id: aid, is_cancel: false }],
        // A vote on one of its comments too.
        ['POST', `${API}/vote/up`, { object_id: cid, is_cancel: false }],
        ['POST', `${API}/comment`, { object_id: aid, original_text: 'I think the rise is fine, it is the oven temperature.' }],
        ['PUT', `${API}/answer`, { id: aid, question_id: qid, content: 'An edit made while the answer is locked, long enough to pass.', edit_summary: 'mine' }],
      ];
      for (const [method, url, body] of writes) {
        const w = await call(app(), method as 'POST', url, { token: reader.token, body });
        expect([w.status, w.body.reason], `${method} ${url}`).toEqual([403, 'error.post.locked']);
        expect(w.body.data).toMatchObject({ type: 'locked', kind: 'dispute', ends_at: r.body.data.ends_at });
        expect(w.body.msg).toMatch(/^This post is locked until \d{4}-\d\d-\d\d \d\d:\d\d UTC: it cannot be edited/);
      }
      // The author is refused too; the question around it stays open.
      const own = await call(app(), 'PUT', `${API}/answer`, { token: writer.token, body: { id: aid, question_id: qid, content: 'The author edits the locked answer, which is refused.', edit_summary: 'x' } });
      expect(own.status).toBe(403);
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: qid, is_cancel: false } })).status).toBe(200);
      expect((await db().selectFrom('comments').select('vote_count').where('id', '=', cid).executeTakeFirstOrThrow()).vote_count).toBe(0);
      // A moderator may still edit, comment and vote on its comments.
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: mod.token, body: { object_id: cid, is_cancel: false } })).status).toBe(200);
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: mod.token, body: { object_id: cid, is_cancel: true } })).status).toBe(200);
      const modEdit = await call(app(), 'PUT', `${API}/answer`, { token: mod.token, body: { id: aid, question_id: qid, content: 'Your rye dough is over-proofed: shorten the second rise and bake hotter.', edit_summary: 'settled wording' } });
      expect(modEdit.status, JSON.stringify(modEdit.body)).toBe(200);

      const rows = await timeline(aid);
      expect(rows.find((x) => x.activity_type === 'locked')?.reason).toBe('Content dispute, 1 day: Two editors keep reverting each other');
      const inbox = (await call(app(), 'GET', `${API}/notification/page?type=inbox&page=1&page_size=20`, { token: writer.token })).body.data.list as { object_info: { object_id: string }; notification_action: string }[];
      expect(inbox.some((n) => n.object_info.object_id === aid && n.notification_action === 'locked your post')).toBe(true);

      const u = await unlock(aid);
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      expect((await answerInfo(aid)).lock).toBeNull();
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: aid, is_cancel: false } })).status).toBe(200);
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: cid, is_cancel: false } })).status).toBe(200);
      expect((await timeline(aid)).map((x) => x.activity_type)).toEqual(expect.arrayContaining(['locked', 'unlocked']));
      // Unlocking again: nothing is locked.
      expect((await unlock(aid)).body.reason).toBe('error.lock.not_locked');
    });

    it('a dispute lock on a question refuses new answers; a historical lock freezes the thread and takes it out of the lists', async (t) => {
      if (!site) return t.skip();
      const { qid, aid } = await thread('spelt');
      const commentOn = async (objectId: string) => (await call(app(), 'POST', `${API}/comment`, { token: asker.token, body: { object_id: objectId, original_text: `A comment on ${objectId} about spelt and its weak gluten.` } })).body.data.comment_id as string;
      const [qComment, aComment] = [await commentOn(qid), await commentOn(aid)];
      expect((await lock({ object_id: qid, kind: 'dispute', duration: '7d' })).status).toBe(200);
      const refused = await call(app(), 'POST', `${API}/answer`, { token: reader.token, body: { question_id: qid, content: 'An answer to a locked question, which the server refuses.' } });
      expect([refused.status, refused.body.reason]).toEqual([403, 'error.post.locked']);
      // A dispute on the question does not cover its answers (nor their comments); it covers its own comments.
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: aid, is_cancel: false } })).status).toBe(200);
      expect((await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: aComment, is_cancel: false } })).status).toBe(200);
      const onQ = await call(app(), 'POST', `${API}/vote/up`, { token: reader.token, body: { object_id: qComment, is_cancel: false } });
      expect([onQ.status, onQ.body.reason]).toEqual([403, 'error.post.locked']);
      const q = await questionInfo(qid);
      expect(q.lock).toMatchObject({ kind: 'dispute', duration: '7d' });

      // Locking again (a second later: the timeline shows one row per actor, type and second) replaces the lock.
      await sleep(1100);
      const h = await lock({ object_id: qid, kind: 'historical', duration: 'forever', reason: 'Kept as the canonical thread' });
      expect(h.status).toBe(200);
      const anon = await questionInfo(qid);
      expect(anon.lock).toMatchObject({ kind: 'historical', ends_at: 0 });
      expect(anon.lock.notice).toBe('This post is locked for its historical significance. It is kept as it is: it cannot be edited, voted on, commented on or answered. Reason: Kept as the canonical thread');
      const a = await answerInfo(aid);
      expect(a.lock).toMatchObject({ kind: 'historical', on_question: true });
      const vote = await call(app(), 'POST', `${API}/vote/up`, { token: asker.token, body: { object_id: aid, is_cancel: false } });
      expect([vote.status, vote.body.reason, vote.body.msg]).toEqual([403, 'error.post.locked', 'This post is locked: it cannot be edited, voted on, commented on or answered.']);
      const list = (await call(app(), 'GET', `${API}/question/page?page=1&page_size=50&order=newest`, {})).body.data.list as { id: string }[];
      expect(list.some((x) => x.id === qid)).toBe(false);
      expect((await timeline(qid)).filter((x) => x.activity_type === 'locked').map((x) => x.reason).sort()).toEqual(['Content dispute, 7 days', 'Historical significance, no end: Kept as the canonical thread']);

      expect((await unlock(qid)).status).toBe(200);
      const back = (await call(app(), 'GET', `${API}/question/page?page=1&page_size=50&order=newest`, {})).body.data.list as { id: string }[];
      expect(back.some((x) => x.id === qid)).toBe(true);
    });

    it('a lock that ends during an edit: sent while locked it is refused, sent after the end it is accepted', async (t) => {
      if (!site) return t.skip();
      const { qid, aid } = await thread('barley');
      const r = await lock({ object_id: qid, kind: 'dispute', duration: '1h' });
      expect(r.status).toBe(200);
      // The edit page reads the question while it is locked.
      const opened = await questionInfo(qid, asker.token);
      expect(opened.lock).toMatchObject({ kind: 'dispute' });
      const edit = { id: qid, title: 'Why does my barley sourdough collapse in the oven?', content: 'It rises on the counter and falls flat, every time, now with photos.', tags: [{ slug_name: 'support' }], edit_summary: 'photos' };
      const early = await call(app(), 'PUT', `${API}/question`, { token: asker.token, body: edit });
      expect([early.status, early.body.reason]).toEqual([403, 'error.post.locked']);
      // The hour passes (the lock's end moved into the past): no job runs, the clock decides.
      await app().quorum.database!.kysely.updateTable('post_locks').set({ ends_at: Math.floor(Date.now() / 1000) - 1 }).where('object_id', '=', qid).execute();
      const late = await call(app(), 'PUT', `${API}/question`, { token: asker.token, body: edit });
      expect(late.status, JSON.stringify(late.body)).toBe(200);
      expect((await questionInfo(qid)).lock).toBeNull();
      expect((await call(app(), 'POST', `${API}/answer`, { token: reader.token, body: { question_id: qid, content: 'Now that the lock is over, an answer of my own about barley.' } })).status).toBe(200);
      expect(aid).toBeTruthy();
    });

    it('refuses bad input: members, deleted posts, unknown kinds and lengths; two moderators locking at once leave one lock', async (t) => {
      if (!site) return t.skip();
      const { qid, aid } = await thread('emmer');
      const member403 = await lock({ object_id: aid, kind: 'dispute', duration: '1h' }, reader.token);
      expect([member403.status, member403.body.reason]).toEqual([403, 'error.lock.needs_moderator']);
      expect((await unlock(aid, reader.token)).status).toBe(403);
      const bad = await lock({ object_id: aid, kind: 'frozen', duration: '2h' });
      expect(bad.status).toBe(400);
      expect((bad.body.data as { error_field: string }[]).map((f) => f.error_field).sort()).toEqual(['duration', 'kind']);
      expect((await lock({ object_id: '10020000000009999', kind: 'dispute', duration: '1h' })).status).toBe(404);
      expect((await lock({ object_id: 'not-an-id', kind: 'dispute', duration: '1h' })).status).toBe(404);

      const doomed = await answer(site!, reader.token, qid, 'An emmer answer its author deletes before anyone locks it.');
      expect((await call(app(), 'DELETE', `${API}/answer`, { token: reader.token, body: { id: doomed } })).status).toBe(200);
      const deleted = await lock({ object_id: doomed, kind: 'dispute', duration: '1h' });
      expect([deleted.status, deleted.body.reason]).toEqual([404, 'error.object.not_found']);

      const second = await member(site!, 'lockmod2', 200);
      await makeModerator(site!, second.id);
      const [a, b] = await Promise.all([
        lock({ object_id: aid, kind: 'dispute', duration: '1h', reason: 'first' }),
        lock({ object_id: aid, kind: 'historical', duration: '7d', reason: 'second' }, second.token),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const inForce = await answerInfo(aid);
      expect(['first', 'second']).toContain(inForce.lock.reason);
      // One unlock ends whatever is in force.
      expect((await unlock(aid)).status).toBe(200);
      expect((await answerInfo(aid)).lock).toBeNull();
    });
  });
}
