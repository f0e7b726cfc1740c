/**
 * Bounties through HTTP (modules/bounty) on every engine: offering (amounts, reputation, age, one per question, at
 * most three per member, not on a closed or deleted question), the amount leaving the offerer's reputation with a
 * history row, the question's `bounty` field, the Featured list and search, the award by the offerer (not to their
 * own answer; two at once: one award, the other 409), the automatic half award after the grace period (and
 * nobody when no new answer has the score), the reminder a day before the end, the notices (the asker, the
 * question's followers, the offerer, the awarded), the settings section and the rules GET /question/bounty explains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, member, rankOf, setRank, type Member } from '../question/question.testkit.js';
import { runBountyPass } from './bounty.settle.js';

const ADM = '/answer/admin/api';
const DAY = 86_400;

for (const dialect of DIALECTS) {
  describe(`bounties on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let n = 0;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    });
    afterAll(async () => {
      await site?.close();
    });
    const app = () => site!.app;
    const db = () => app().quorum.database!.kysely;
    /** A question of `who`, `days` old (its creation time moved back through the database handle). */
    const oldQuestion = async (who: Member, days = 3) => {
      n++;
      const id = await ask(site!, who.token, `Why does my bread dough not rise, case ${n}?`, `The dough sat for ${n + 3} hours at room temperature and stayed flat, variant ${n}.`);
      await db().updateTable('questions').set({ created_at: Math.floor(Date.now() / 1000) - days * DAY }).where('id', '=', id).execute();
      return id;
    };
    const offer = (token: string, body: Record<string, unknown>) => call(app(), 'POST', `${API}/question/bounty`, { token, body });
    const award = (token: string, body: Record<string, unknown>) => call(app(), 'POST', `${API}/question/bounty/award`, { token, body });
    const state = async (qid: string, token?: string) => (await call(app(), 'GET', `${API}/question/bounty?question_id=${qid}`, { token })).body.data;
    const bountyRows = (userId: string) => db().selectFrom('activity').select(['rank', 'rank_key', 'object_id', 'cancelled']).where('user_id', '=', userId).where('activity_type', '=', 'bounty').orderBy('id').execute();
    const answerText = (k: string) => `An answer about proofing times and yeast, number ${k} of ${n}, with its own details.`;

    it('takes the amount from the offerer at once, shows the bounty on the question, in the Featured list and in search', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker1', 10);
      const rich = await member(site, 'rich1', 400);
      const fan = await member(site, 'fan1', 10);
      const qid = await oldQuestion(asker);
      const follow = (token: string) => call(app(), 'POST', `${API}/follow`, { token, body: { object_id: qid, is_cancel: false } });
      for (const who of [fan, asker, rich]) expect((await follow(who.token)).status).toBe(200);
      const before = await state(qid, rich.token);
      expect(before).toMatchObject({ bounty: null, can_start: true, can_award: false, start_refusal: '', amounts: [50, 100, 150, 200, 250, 300, 350, 400, 450, 500], min_reputation: 75, duration_days: 7, grace_hours: 24, auto_award_min_score: 2 });

      const r = await offer(rich.token, { question_id: qid, amount: 150, reason: 'Needs a detailed, canonical answer' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const b = r.body.data.bounty;
      const now = Math.floor(Date.now() / 1000);
      expect(b).toMatchObject({ question_id: qid, amount: 150, reason: 'Needs a detailed, canonical answer', status: 'open', user: { username: 'rich1' } });
      expect(b.ends_at - b.created_at).toBe(7 * DAY);
      expect(b.grace_ends_at - b.ends_at).toBe(DAY);
      expect(Math.abs(b.created_at - now)).toBeLessThanOrEqual(2);
      expect(r.body.data).toMatchObject({ can_award: true, can_start: false, start_refusal: 'error.bounty.already_open' });
      expect(await rankOf(site, rich.id)).toBe(250);
      expect(await bountyRows(rich.id)).toEqual([{ rank: -150, rank_key: 'bounty.offer', object_id: qid, cancelled: 0 }]);

      // The profile's reputation tab lists it.
      const rep = (await call(app(), 'GET', `${API}/personal/rank/page?username=rich1&page=1&page_size=20`)).body.data.list;
      expect(rep).toEqual([expect.objectContaining({ rank_type: 'bounty', reputation: -150, object_id: qid })]);

      // The question's info (additive field), the Featured list, search results.
      const info = (await call(app(), 'GET', `${API}/question/info?id=${qid}`)).body.data;
      expect(info.bounty).toEqual({ amount: 150, started_at: b.created_at, ends_at: b.ends_at });
      const plain = await oldQuestion(asker);
      expect((await call(app(), 'GET', `${API}/question/info?id=${plain}`)).body.data).not.toHaveProperty('bounty');
      const featured = (await call(app(), 'GET', `${API}/question/page?order=featured&page=1&page_size=20`)).body.data;
      expect(featured.list.map((q: { id: string }) => q.id)).toEqual([qid]);
      expect(featured.count).toBe(1);
      expect(featured.list[0].bounty_amount).toBe(150);
      const newest = (await call(app(), 'GET', `${API}/question/page?order=newest&page=1&page_size=50`)).body.data.list as Array<{ id: string; bounty_amount?: number }>;
      expect(newest.find((q) => q.id === qid)?.bounty_amount).toBe(150);
      expect(newest.find((q) => q.id === plain)).not.toHaveProperty('bounty_amount');
      const found = (await call(app(), 'GET', `${API}/search?q=${encodeURIComponent(`case ${n - 1}`)}&page=1&size=20`)).body.data;
      const hit = (found.list as Array<{ object_type: string; object: { id: string; bounty_amount?: number } }>).find((h) => h.object.id === qid);
      expect(hit?.object.bounty_amount).toBe(150);

      // The tag page's Featured tab: the same list filtered by the tag.
      const tagged = (await call(app(), 'GET', `${API}/question/page?order=featured&tag=support&page=1&page_size=20`)).body.data;
      expect(tagged.list.map((q: { id: string }) => q.id)).toEqual([qid]);
      expect((await call(app(), 'GET', `${API}/question/page?order=featured&tag=no-such-tag-here&page=1&page_size=20`)).body.data.count).toBe(0);

      // The asker was told (inbox), once, though they follow the question too; so was the follower; not the offerer.
      const inboxOf = async (token: string) => (await call(app(), 'GET', `${API}/notification/page?type=inbox&page=1&page_size=20`, { token })).body.data.list as Array<{ notification_action: string; object_info: { object_id: string } }>;
      const inbox = await inboxOf(asker.token);
      expect(inbox.filter((x) => x.object_info.object_id === qid).map((x) => x.notification_action)).toEqual(['offered a bounty on your question']);
      expect(inbox[0]).toMatchObject({ notification_action: 'offered a bounty on your question', object_info: expect.objectContaining({ object_id: qid }) });
      const fans = (await inboxOf(fan.token)).filter((x) => x.object_info.object_id === qid);
      expect(fans.map((x) => x.notification_action)).toEqual(['offered a bounty on a question you follow']);
      expect((await inboxOf(rich.token)).filter((x) => x.object_info.object_id === qid)).toEqual([]);
    });

    it('refuses bad amounts, too little reputation, new, closed and deleted questions, a second bounty and a fourth open one', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker2', 10);
      const poor = await member(site, 'poor2', 74);
      const rich = await member(site, 'rich2', 2000);
      const qid = await oldQuestion(asker);
      const fields = async (body: Record<string, unknown>) => {
        const r = await offer(rich.token, { question_id: qid, ...body });
        expect(r.status).toBe(400);
        return r.body.data;
      };
      expect(await fields({ amount: 75 })).toEqual([{ error_field: 'amount', error_msg: 'Choose an amount from 50 to 500 in steps of 50.' }]);
      expect((await fields({ amount: 550 }))[0].error_field).toBe('amount');
      expect((await fields({ amount: 'lots' }))[0].error_field).toBe('amount');
      expect((await fields({ amount: 50, reason: 'x'.repeat(301) }))[0].error_field).toBe('reason');

      const low = await offer(poor.token, { question_id: qid, amount: 50 });
      expect([low.status, low.body.reason, low.body.msg]).toEqual([403, 'error.bounty.reputation_low', 'You need 75 reputation to offer a bounty.']);
      expect((await state(qid, poor.token)).start_refusal_msg).toBe('You need 75 reputation to offer a bounty.');
      // Enough to offer, not enough for the amount (the floor of 1 stays).
      await setRank(site, poor.id, 100);
      const much = await offer(poor.token, { question_id: qid, amount: 100 });
      expect([much.status, much.body.reason]).toEqual([400, 'error.bounty.not_enough_reputation']);
      expect(await rankOf(site, poor.id)).toBe(100);

      const fresh = await ask(site, asker.token, 'A question asked just now about rye flour?', `Rye behaves differently from wheat, asked at ${Date.now()}.`);
      const young = await offer(rich.token, { question_id: fresh, amount: 50 });
      expect([young.status, young.body.msg]).toEqual([400, 'A bounty can be offered once the question is 2 days old.']);
      const de = await call(app(), 'POST', `${API}/question/bounty`, { token: rich.token, body: { question_id: fresh, amount: 50 }, headers: { 'accept-language': 'de-DE' } });
      expect(de.body.msg).toBe('Eine Prämie kann angeboten werden, sobald die Frage 2 Tage alt ist.');

      const closed = await oldQuestion(asker);
      expect((await call(app(), 'PUT', `${API}/question/status`, { token: admin, body: { id: closed, close_type: 1, close_msg: 'Off topic here' } })).status).toBe(200);
      const c = await offer(rich.token, { question_id: closed, amount: 50 });
      expect([c.status, c.body.msg]).toEqual([400, 'This question is closed: it cannot have a bounty.']);
      const deleted = await oldQuestion(asker);
      expect((await call(app(), 'DELETE', `${API}/question`, { token: admin, body: { id: deleted } })).status).toBe(200);
      const d = await offer(rich.token, { question_id: deleted, amount: 50 });
      expect([d.status, d.body.msg]).toEqual([400, 'This question has been deleted: it cannot have a bounty.']);
      expect((await offer(rich.token, { question_id: '10010000099999999', amount: 50 })).status).toBe(404);

      expect((await offer(rich.token, { question_id: qid, amount: 50 })).status).toBe(200);
      const again = await offer(rich.token, { question_id: qid, amount: 100 });
      expect([again.status, again.body.reason]).toEqual([409, 'error.bounty.already_open']);
      for (let i = 0; i < 2; i++) expect((await offer(rich.token, { question_id: await oldQuestion(asker), amount: 50 })).status).toBe(200);
      const fourth = await offer(rich.token, { question_id: await oldQuestion(asker), amount: 50 });
      expect([fourth.status, fourth.body.msg]).toEqual([400, 'You already have 3 open bounties. Offer another once one has ended.']);
      // Only the three offers left the reputation.
      expect(await rankOf(site, rich.id)).toBe(2000 - 150);
      expect((await bountyRows(rich.id)).map((r) => r.rank)).toEqual([-50, -50, -50]);
      expect((await call(app(), 'POST', `${API}/question/bounty`, { body: { question_id: qid, amount: 50 } })).status).toBe(401);
    });

    it('gives one open bounty per question when two members offer at the same moment', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker3', 10);
      const a = await member(site, 'racer3a', 300);
      const b = await member(site, 'racer3b', 300);
      const qid = await oldQuestion(asker);
      const rs = await Promise.all([offer(a.token, { question_id: qid, amount: 100 }), offer(b.token, { question_id: qid, amount: 100 })]);
      expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await rankOf(site, a.id)) + (await rankOf(site, b.id))).toBe(500);
      const rows = await db().selectFrom('bounties').select('status').where('question_id', '=', qid).execute();
      expect(rows).toEqual([{ status: 'open' }]);
    });

    it('lets the offerer award it once: two awards at once give one award and one 409, the amount credited once', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker4', 10);
      const x = await member(site, 'answerer4x', 10);
      const y = await member(site, 'answerer4y', 10);
      const qid = await oldQuestion(asker);
      expect((await offer(asker.token, { question_id: qid, amount: 0 })).status).toBe(400);
      await setRank(site, asker.id, 300);
      const started = await offer(asker.token, { question_id: qid, amount: 200 });
      expect(started.status).toBe(200);
      const bountyId = started.body.data.bounty.id as string;
      const ax = await answer(site, x.token, qid, answerText('x'));
      const ay = await answer(site, y.token, qid, answerText('y'));
      const own = await answer(site, asker.token, qid, answerText('own'));

      // Refusals: not the offerer, own answer, an answer of another question.
      const other = await member(site, 'other4', 500);
      const notMine = await award(other.token, { bounty_id: bountyId, answer_id: ax });
      expect([notMine.status, notMine.body.reason]).toEqual([403, 'error.bounty.not_offerer']);
      const self = await award(asker.token, { bounty_id: bountyId, answer_id: own });
      expect([self.status, self.body.msg]).toEqual([400, 'You cannot award your bounty to your own answer.']);
      const elsewhereQ = await oldQuestion(asker);
      const elsewhere = await answer(site, x.token, elsewhereQ, answerText('elsewhere'));
      expect((await award(asker.token, { bounty_id: bountyId, answer_id: elsewhere })).body.reason).toBe('error.bounty.answer_elsewhere');
      expect((await award(asker.token, { answer_id: ax })).status).toBe(400);

      expect((await state(qid, asker.token)).can_award).toBe(true);
      expect((await state(qid, x.token)).can_award).toBe(false);
      const rs = await Promise.all([award(asker.token, { bounty_id: bountyId, answer_id: ax }), award(asker.token, { question_id: qid, answer_id: ay }), award(asker.token, { bounty_id: bountyId, answer_id: ax })]);
      // Exactly one settles it; the others find it settled (409), or no open bounty left on the question (404).
      expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of rs.filter((r) => r.status !== 200)) expect([[409, 'error.bounty.already_settled'], [404, 'error.bounty.not_found']]).toContainEqual([r.status, r.body.reason]);
      expect(rs.find((r) => r.status === 200)!.body.data).toMatchObject({ bounty: null, can_award: false });
      const row = await db().selectFrom('bounties').selectAll().where('id', '=', bountyId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'awarded', open_question_id: null });
      expect(Number(row.awarded_amount)).toBe(200);
      const [won, lost] = row.awarded_answer_id === ax ? [x, y] : [y, x];
      expect(await rankOf(site, won.id)).toBe(210);
      expect(await rankOf(site, lost.id)).toBe(10);
      expect(await rankOf(site, asker.id)).toBe(100);
      expect(await bountyRows(won.id)).toEqual([{ rank: 200, rank_key: 'bounty.award', object_id: row.awarded_answer_id, cancelled: 0 }]);
      expect(await bountyRows(lost.id)).toEqual([]);

      // Settled: the question shows no bounty, a third award is refused, a new bounty may start.
      expect((await call(app(), 'GET', `${API}/question/info?id=${qid}`)).body.data).not.toHaveProperty('bounty');
      expect((await award(asker.token, { bounty_id: bountyId, answer_id: ax })).status).toBe(409);
      const featured = (await call(app(), 'GET', `${API}/question/page?order=featured&page=1&page_size=50`)).body.data.list as Array<{ id: string }>;
      expect(featured.map((q) => q.id)).not.toContain(qid);
      const inbox = (await call(app(), 'GET', `${API}/notification/page?type=inbox&page=1&page_size=20`, { token: won.token })).body.data.list;
      expect(inbox[0]).toMatchObject({ notification_action: 'awarded you a bounty' });
    });

    it('after the grace period gives half to the best new answer with a score of 2 or more, once, however many passes run', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker5', 10);
      const offerer = await member(site, 'offerer5', 500);
      const early = await member(site, 'early5', 10);
      const good = await member(site, 'good5', 10);
      const better = await member(site, 'better5', 10);
      const voters = await Promise.all([1, 2, 3].map((i) => member(site!, `voter5${i}`, 500)));
      const qid = await oldQuestion(asker);
      const before = await answer(site, early.token, qid, answerText('early'));
      await db().updateTable('answers').set({ created_at: Math.floor(Date.now() / 1000) - DAY }).where('id', '=', before).execute();
      const started = await offer(offerer.token, { question_id: qid, amount: 300 });
      expect(started.status).toBe(200);
      const b = started.body.data.bounty;
      const ag = await answer(site, good.token, qid, answerText('good'));
      const ab = await answer(site, better.token, qid, answerText('better'));
      const up = (token: string, id: string) => call(app(), 'POST', `${API}/vote/up`, { token, body: { object_id: id, is_cancel: false } });
      for (const v of voters) {
        expect((await up(v.token, before)).status).toBe(200);
        expect((await up(v.token, ab)).status).toBe(200);
      }
      for (const v of voters.slice(0, 2)) expect((await up(v.token, ag)).status).toBe(200);
      const gained = async (id: string) => (await rankOf(site!, id)) - 10;
      const votes = { good: await gained(good.id), better: await gained(better.id) };

      // A day before the end: one reminder to the offerer, whatever the number of passes.
      // (The site's other open bounties are handled by the same passes: the checks are on this one's rows.)
      await Promise.all([runBountyPass(app().quorum, b.ends_at - DAY + 10), runBountyPass(app().quorum, b.ends_at - DAY + 10)]);
      const reminded = await db().selectFrom('bounties').select('reminded_at').where('id', '=', b.id).executeTakeFirstOrThrow();
      expect(Number(reminded.reminded_at)).toBe(b.ends_at - DAY + 10);
      const inbox = (await call(app(), 'GET', `${API}/notification/page?type=inbox&page=1&page_size=20`, { token: offerer.token })).body.data.list;
      expect(inbox.filter((x: { notification_action: string }) => x.notification_action.startsWith('your bounty ends in a day'))).toHaveLength(1);
      // During the grace period nothing is settled; after it, passes on two "nodes" at once settle it once.
      expect((await runBountyPass(app().quorum, b.grace_ends_at - 1)).autoAwarded).toBe(0);
      expect((await db().selectFrom('bounties').select('status').where('id', '=', b.id).executeTakeFirstOrThrow()).status).toBe('open');
      const passes = await Promise.all([runBountyPass(app().quorum, b.grace_ends_at + 1), runBountyPass(app().quorum, b.grace_ends_at + 1), runBountyPass(app().quorum, b.grace_ends_at + 5)]);
      expect(passes.reduce((sum, p) => sum + p.autoAwarded, 0)).toBeGreaterThanOrEqual(1);
      expect(await gained(better.id)).toBe(votes.better + 150);
      expect(await gained(good.id)).toBe(votes.good);
      expect(await rankOf(site, offerer.id)).toBe(200);
      expect(await bountyRows(better.id)).toEqual([{ rank: 150, rank_key: 'bounty.award', object_id: ab, cancelled: 0 }]);
      const row = await db().selectFrom('bounties').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'auto_awarded', awarded_answer_id: ab, awarded_user_id: better.id });
      // The offerer can no longer award it.
      expect((await award(offerer.token, { bounty_id: b.id, answer_id: ag })).status).toBe(409);
      expect((await call(app(), 'GET', `${API}/question/info?id=${qid}`)).body.data).not.toHaveProperty('bounty');
    });

    it('after the grace period gives nothing when no answer posted after the start has the score; the amount stays spent', async (t) => {
      if (!site) return t.skip();
      const asker = await member(site, 'asker6', 10);
      const offerer = await member(site, 'offerer6', 200);
      const answerer = await member(site, 'answerer6', 10);
      const qid = await oldQuestion(asker);
      const started = await offer(offerer.token, { question_id: qid, amount: 100 });
      const b = started.body.data.bounty;
      await answer(site, answerer.token, qid, answerText('unvoted'));
      expect((await runBountyPass(app().quorum, b.grace_ends_at + 1)).expired).toBeGreaterThanOrEqual(1);
      expect(await rankOf(site, answerer.id)).toBe(10);
      expect(await rankOf(site, offerer.id)).toBe(100);
      const row = await db().selectFrom('bounties').select(['status', 'awarded_amount']).where('id', '=', b.id).executeTakeFirstOrThrow();
      expect([row.status, Number(row.awarded_amount)]).toEqual(['expired', 0]);
      expect((await state(qid, offerer.token)).bounty).toBeNull();
    });

    it('reads its thresholds from the bounty settings section (minimum age 0, another minimum reputation)', async (t) => {
      if (!site) return t.skip();
      const put = (body: Record<string, unknown>) => call(app(), 'PUT', `${ADM}/siteinfo/bounty`, { token: admin, body });
      const got = await call(app(), 'GET', `${ADM}/siteinfo/bounty`, { token: admin });
      expect(got.body.data).toEqual({ min_reputation: 75, min_question_age_days: 2, min_amount: 50, max_amount: 500, amount_step: 50, duration_days: 7, grace_hours: 24, max_open_per_member: 3, auto_award_min_score: 2 });
      expect((await put({ duration_days: 0 })).status).toBe(400);
      expect((await put({ min_question_age_days: 0, min_reputation: 200, duration_days: 5, grace_hours: 12, auto_award_min_score: 4, max_amount: 200 })).status).toBe(200);
      try {
        // The start dialog explains the site's rules as GET /question/bounty answers them.
        const reader = await member(site, 'reader7', 10);
        const any = await ask(site, reader.token, 'Which flour gives the most open crumb?', `Comparing bread flours for crumb structure, asked at ${Date.now()}.`);
        expect(await state(any, reader.token)).toMatchObject({ amounts: [50, 100, 150, 200], min_reputation: 200, duration_days: 5, grace_hours: 12, auto_award_min_score: 4 });
        const asker = await member(site, 'asker7', 10);
        const m = await member(site, 'member7', 150);
        const fresh = await ask(site, asker.token, 'A brand new question about oven spring?', `Oven spring is weak in my loaves, asked at ${Date.now()}.`);
        const low = await offer(m.token, { question_id: fresh, amount: 50 });
        expect(low.body.msg).toBe('You need 200 reputation to offer a bounty.');
        await setRank(site, m.id, 250);
        const started = await offer(m.token, { question_id: fresh, amount: 50 });
        expect(started.status).toBe(200);
        expect(started.body.data.bounty.ends_at - started.body.data.bounty.created_at).toBe(5 * DAY);
        expect(started.body.data.bounty.grace_ends_at - started.body.data.bounty.ends_at).toBe(12 * 3600);
      } finally {
        expect((await put({ min_question_age_days: 2, min_reputation: 75, duration_days: 7, grace_hours: 24, auto_award_min_score: 2, max_amount: 500 })).status).toBe(200);
      }
    });
  });
}
