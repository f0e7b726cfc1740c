/**
 * Close and reopen by votes through HTTP (modules/close-vote) on every engine: the privilege, three votes closing
 * with the voters in the notice, the timeline and one notification; a vote after the close refused (409); reopen
 * votes (the asker told once); retraction once; a moderator's binding vote; aged votes; duplicates needing their original; the N-th
 * vote arriving twice at once; the review queue and leave-open; the settings section; a moderator's single-step
 * close ending the round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostStatus } from '@quorum/contract';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activityOf, ask, makeModerator, member, type Member } from '../question/question.testkit.js';

const V1 = '/answer/api/v1';
const OFF_TOPIC = 2;
const DUPLICATE = 1;

for (const dialect of DIALECTS) {
  describe(`close votes on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let asker: Member;
    let seq = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      asker = await member(site, 'cvasker', 10);
    });
    afterAll(async () => {
      await site?.close();
    });
    const app = () => site!.app;
    const voters = async (n: number, rank = 3000) => {
      const out: Member[] = [];
      for (let i = 0; i < n; i++) out.push(await member(site!, `cvvoter${++seq}`, rank));
      return out;
    };
    const question = () => ask(site!, asker.token, `Close vote question number ${++seq} about sourdough`, `Body ${seq}: why does my starter smell of acetone after two days?`);
    const close = (m: Member, qid: string, body: Record<string, unknown> = {}) => call(app(), 'POST', `${V1}/question/close-vote`, { token: m.token, body: { question_id: qid, close_type: OFF_TOPIC, ...body } });
    const reopen = (m: Member, qid: string) => call(app(), 'POST', `${V1}/question/reopen-vote`, { token: m.token, body: { question_id: qid } });
    const info = async (qid: string, token?: string) => (await call(app(), 'GET', `${V1}/question/info?id=${qid}`, { token })).body.data;
    const closedNotices = async (qid: string) =>
      (await site!.app.quorum.database!.kysely.selectFrom('notifications').select(['content']).where('user_id', '=', asker.id).where('object_id', '=', qid).execute()).filter((n) =>
        n.content.includes('your_question_is_closed'),
      );

    it('refuses members below the privilege, then three votes close: notice lists the voters, one timeline row, one notification', async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [low] = await voters(1, 2999);
      const refused = await close(low!, qid);
      expect([refused.status, refused.body.reason, refused.body.data]).toEqual([403, 'error.rank.fail_to_meet_the_condition', { required_rank: 3000, rank: 2999 }]);
      expect((await info(qid, low!.token)).close_votes).toMatchObject({ type: 'close', can_vote: false, needed: 3, my_vote: null });
      // Anonymous readers of an open question get no count.
      expect((await info(qid)).close_votes).toEqual({ type: 'close', count: null, needed: 3, can_vote: false, my_vote: null, closed_by: [] });

      const [a, b, c] = await voters(3);
      const first = await close(a!, qid);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ decided: false, status: PostStatus.normal, close_votes: { type: 'close', count: 1, needed: 3, can_vote: false, my_vote: { kind: 'close', close_type: OFF_TOPIC, reason_name: 'off-topic', retracted_at: 0, aged: false } } });
      expect((await info(qid, c!.token)).close_votes).toMatchObject({ count: 1, can_vote: true, my_vote: null });
      expect((await close(b!, qid)).body.data).toMatchObject({ decided: false, close_votes: { count: 2 } });
      const third = await close(c!, qid, { close_type: 3 });
      expect(third.body.data).toMatchObject({ decided: true, status: PostStatus.closed, close_votes: { type: 'reopen', count: 0, can_vote: true } });

      const anon = await info(qid);
      expect(anon.status).toBe(PostStatus.closed);
      expect(anon.operation).toMatchObject({ type: 'closed', name: 'off-topic' });
      expect(anon.close_votes.closed_by.map((v: { id: string }) => v.id)).toEqual([a!.id, b!.id, c!.id]);
      expect(anon.close_votes.closed_by.every((v: { moderator: boolean }) => !v.moderator)).toBe(true);
      const closedRows = (await activityOf(site, qid)).filter((r) => r.activity_type === 'closed');
      expect(closedRows).toHaveLength(1);
      const reason = await site.app.quorum.database!.kysely.selectFrom('activity').select('reason').where('object_id', '=', qid).where('activity_type', '=', 'closed').executeTakeFirstOrThrow();
      expect(reason.reason).toMatch(/^off-topic \(voted by .+, .+, .+\)$/);
      expect(await closedNotices(qid)).toHaveLength(1);

      // A vote after the close is refused clearly and counts for nothing.
      const [late] = await voters(1);
      const after = await close(late!, qid);
      expect([after.status, after.body.reason, after.body.msg]).toEqual([409, 'error.close_vote.already_closed', 'This question is already closed.']);
      // Reopen votes only on closed questions; three reopen it.
      const [r1, r2] = await voters(2);
      expect((await reopen(r1!, qid)).body.data).toMatchObject({ decided: false, close_votes: { type: 'reopen', count: 1 } });
      expect((await reopen(r2!, qid)).body.data.decided).toBe(false);
      const last = await reopen(late!, qid);
      expect(last.body.data).toMatchObject({ decided: true, status: PostStatus.normal, close_votes: { type: 'close', count: 0, closed_by: [] } });
      expect((await activityOf(site, qid)).filter((r) => r.activity_type === 'reopened')).toHaveLength(1);
      // The asker is told it was reopened, once (in their inbox, in their language).
      const inbox = (await call(app(), 'GET', `${V1}/notification/page?type=inbox&page=1&page_size=20`, { token: asker.token })).body.data.list as Array<{ notification_action: string; object_info: { object_id: string } }>;
      expect(inbox.filter((x) => x.object_info.object_id === qid).map((x) => x.notification_action).sort()).toEqual(['Your question was closed', 'Your question was reopened']);
      const wrong = await reopen(r1!, qid);
      expect([wrong.status, wrong.body.reason]).toEqual([409, 'error.close_vote.not_closed']);
      // The new round: the first voters may vote to close again.
      expect((await close(a!, qid)).body.data).toMatchObject({ decided: false, close_votes: { count: 1 } });
    });

    it('a voter retracts once and cannot vote again that round; a second retraction finds nothing', async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [a] = await voters(1);
      expect((await close(a!, qid)).status).toBe(200);
      const undo = await call(app(), 'DELETE', `${V1}/question/close-vote`, { token: a!.token, body: { question_id: qid } });
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect(undo.body.data.close_votes).toMatchObject({ count: 0, can_vote: false, my_vote: { kind: 'close', aged: false } });
      expect(undo.body.data.close_votes.my_vote.retracted_at).toBeGreaterThan(0);
      const again = await close(a!, qid);
      expect([again.status, again.body.reason]).toEqual([409, 'error.close_vote.retracted']);
      const twice = await call(app(), 'DELETE', `${V1}/question/close-vote`, { token: a!.token, body: { question_id: qid } });
      expect([twice.status, twice.body.reason]).toEqual([409, 'error.close_vote.no_vote']);
      const dup = await close((await voters(1))[0]!, qid);
      const same = await call(app(), 'POST', `${V1}/question/close-vote`, { token: a!.token, body: { question_id: qid, close_type: OFF_TOPIC } });
      expect(dup.status).toBe(200);
      expect(same.body.reason).toBe('error.close_vote.retracted');
    });

    it("a moderator's vote closes at once and the notice marks them", async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [mod] = await voters(1, 1);
      await makeModerator(site, mod!.id);
      const r = await close(mod!, qid);
      expect(r.body.data).toMatchObject({ decided: true, status: PostStatus.closed });
      expect((await info(qid)).close_votes.closed_by).toEqual([expect.objectContaining({ id: mod!.id, moderator: true })]);
    });

    it('votes older than vote_days no longer count, by the server clock', async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [a, b, c] = await voters(3);
      await close(a!, qid);
      await close(b!, qid);
      const db = site.app.quorum.database!.kysely;
      const old = Math.floor(Date.now() / 1000) - 15 * 86_400;
      await db.updateTable('close_votes').set({ created_at: old }).where('question_id', '=', qid).execute();
      const mine = (await info(qid, a!.token)).close_votes;
      expect(mine).toMatchObject({ count: 0, can_vote: false, my_vote: { aged: true } });
      expect((await close(c!, qid)).body.data).toMatchObject({ decided: false, close_votes: { count: 1 } });
    });

    it('a duplicate needs its original: an unknown one or the question itself is a field error', async (t) => {
      if (!site) return t.skip();
      const original = await question();
      const qid = await question();
      const [a] = await voters(1);
      const none = await close(a!, qid, { close_type: DUPLICATE });
      expect([none.status, none.body.data]).toEqual([400, [{ error_field: 'close_msg', error_msg: 'Give the address or the id of the original question.' }]]);
      const self = await close(a!, qid, { close_type: DUPLICATE, duplicate_id: qid });
      expect(self.body.data).toEqual([{ error_field: 'duplicate_id', error_msg: 'A question cannot be a duplicate of itself.' }]);
      const unknown = await close(a!, qid, { close_type: DUPLICATE, close_msg: 'http://localhost:9080/questions/10010000000999999' });
      expect(unknown.body.data[0].error_field).toBe('close_msg');
      const bad = await close(a!, qid, { close_type: 99 });
      expect(bad.body.data).toEqual([{ error_field: 'close_type', error_msg: expect.any(String) }]);
      const ok = await close(a!, qid, { close_type: DUPLICATE, duplicate_id: original });
      expect(ok.body.data.close_votes.my_vote).toMatchObject({ close_type: DUPLICATE, duplicate_id: original });
      expect(ok.body.data.close_votes.my_vote.close_msg).toContain(`/questions/${original}`);
      const [b, c] = await voters(2);
      await close(b!, qid, { close_type: DUPLICATE, close_msg: original });
      expect((await close(c!, qid)).body.data.decided).toBe(true);
      // Two duplicate votes for the same original outvote one off-topic vote.
      const op = (await info(qid)).operation;
      expect(op).toMatchObject({ type: 'closed', name: 'a duplicate', duplicate: { id: original } });
    });

    it('the N-th vote arriving twice at once closes exactly once', async (t) => {
      if (!site) return t.skip();
      for (const prior of [2, 1]) {
        const qid = await question();
        const [a, b, c, d] = await voters(4);
        for (const m of [a, b].slice(0, prior)) expect((await close(m!, qid)).status).toBe(200);
        const [x, y] = await Promise.all([close(c!, qid), close(d!, qid)]);
        const decided = [x, y].filter((r) => r.status === 200 && r.body.data.decided);
        expect(decided, JSON.stringify([x.body, y.body])).toHaveLength(1);
        const other = decided[0] === x ? y : x;
        // With two votes before, the loser arrived after the close (409); with one, it was the second of three.
        if (prior === 2) expect([other.status, other.body.reason]).toEqual([409, 'error.close_vote.already_closed']);
        else expect(other.status).toBe(200);
        expect((await activityOf(site, qid)).filter((r) => r.activity_type === 'closed')).toHaveLength(1);
        expect(await closedNotices(qid)).toHaveLength(1);
        expect((await info(qid)).status).toBe(PostStatus.closed);
        expect((await info(qid)).close_votes.closed_by).toHaveLength(3);
      }
    });

    it('the review queue lists questions with close votes; leave-open takes them out', async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [a, r1, r2, r3, low] = await voters(5);
      await site.app.quorum.database!.kysely.updateTable('users').set({ rank: 10 }).where('id', '=', low!.id).execute();
      await close(a!, qid);
      const types = (await call(app(), 'GET', `${V1}/reviewing/type`, { token: r1!.token })).body.data;
      expect(types.find((x: { name: string }) => x.name === 'close_vote')).toMatchObject({ label: 'Close votes' });
      expect(types.find((x: { name: string }) => x.name === 'close_vote').todo_amount).toBeGreaterThanOrEqual(1);
      expect((await call(app(), 'GET', `${V1}/reviewing/type`, { token: low!.token })).body.data.find((x: { name: string }) => x.name === 'close_vote')).toBeUndefined();
      expect((await call(app(), 'GET', `${V1}/question/close-vote/page`, { token: low!.token })).status).toBe(403);
      const page = async (m: Member) => (await call(app(), 'GET', `${V1}/question/close-vote/page?page=1&page_size=50`, { token: m.token })).body.data;
      const listed = (await page(r1!)).list.find((i: { question: { id: string } }) => i.question.id === qid);
      expect(listed).toMatchObject({ count: 1, needed: 3, reasons: [{ close_type: OFF_TOPIC, name: 'off-topic', count: 1 }] });
      // The voter's own question is not in their queue.
      expect((await page(a!)).list.some((i: { question: { id: string } }) => i.question.id === qid)).toBe(false);
      for (const m of [r1, r2, r3]) expect((await call(app(), 'POST', `${V1}/question/close-vote/leave-open`, { token: m!.token, body: { question_id: qid } })).status).toBe(200);
      expect((await page(r1!)).list.some((i: { question: { id: string } }) => i.question.id === qid)).toBe(false);
      // Three left it open: out of everyone's queue; the question stays open and a leave-open voter cannot close it this round.
      const [fresh] = await voters(1);
      expect((await page(fresh!)).list.some((i: { question: { id: string } }) => i.question.id === qid)).toBe(false);
      expect((await close(r1!, qid)).body.reason).toBe('error.close_vote.already_voted');
      expect((await info(qid)).status).toBe(PostStatus.normal);
    });

    it('the settings section sets votes needed and the reputation; bad values are field errors', async (t) => {
      if (!site) return t.skip();
      const path = '/answer/admin/api/siteinfo/close-votes';
      expect((await call(app(), 'GET', path, { token: admin })).body.data).toEqual({ votes_needed: 3, vote_days: 14, reputation: 0 });
      const bad = await call(app(), 'PUT', path, { token: admin, body: { votes_needed: 0, vote_days: 14, reputation: 0 } });
      expect([bad.status, bad.body.data]).toEqual([400, [{ error_field: 'votes_needed', error_msg: 'Enter a whole number in the allowed range.' }]]);
      expect((await call(app(), 'PUT', path, { token: admin, body: { votes_needed: 2, vote_days: 14, reputation: 200 } })).status).toBe(200);
      try {
        const qid = await question();
        const [a, b] = await voters(2, 200);
        expect((await close(a!, qid)).body.data.close_votes).toMatchObject({ count: 1, needed: 2 });
        expect((await close(b!, qid)).body.data.decided).toBe(true);
      } finally {
        await call(app(), 'PUT', path, { token: admin, body: { votes_needed: 3, vote_days: 14, reputation: 0 } });
      }
    });

    it("a moderator's single-step close names them and ends the round: earlier votes do not carry over", async (t) => {
      if (!site) return t.skip();
      const qid = await question();
      const [a, b] = await voters(2);
      await close(a!, qid);
      await close(b!, qid);
      expect((await call(app(), 'PUT', `${V1}/question/status`, { token: admin, body: { id: qid, close_type: OFF_TOPIC } })).status).toBe(200);
      const closed = (await info(qid)).close_votes;
      expect(closed.closed_by).toEqual([expect.objectContaining({ moderator: true })]);
      expect((await call(app(), 'PUT', `${V1}/question/reopen`, { token: admin, body: { question_id: qid } })).status).toBe(200);
      const open = await info(qid, a!.token);
      expect(open.close_votes).toMatchObject({ type: 'close', count: 0, can_vote: true, my_vote: null });
      expect((await close(a!, qid)).body.data).toMatchObject({ decided: false, close_votes: { count: 1 } });
    });
  });
}

