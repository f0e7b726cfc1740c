/**
 * Protected questions through HTTP (modules/lock, lock.protect.ts): who may protect (15,000 reputation at the
 * default privilege level, twice that at level 3, moderators always), answering a protected question with and
 * without 10 reputation earned on the site (the starting reputation and the e-mail bonus do not count), the
 * notice and the timeline rows, unprotecting, automatic protection after three deleted answers of new members
 * within a day, and the settings section that changes those numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, answer, ask, makeModerator, member, setRank, type Member } from '../question/question.testkit.js';

const ADM = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`protected questions on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let mod: Member;
    let asker: Member;
    let veteran: Member;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      mod = await member(site, 'protmod', 200);
      await makeModerator(site, mod.id);
      asker = await member(site, 'protasker', 500);
      veteran = await member(site, 'protvet', 15_000);
    });
    afterAll(async () => {
      await site?.close();
    });
    const app = () => site!.app;
    const protect = (qid: string, token: string) => call(app(), 'POST', `${API}/question/protect`, { token, body: { question_id: qid } });
    const unprotect = (qid: string, token: string) => call(app(), 'DELETE', `${API}/question/protect?question_id=${qid}`, { token });
    const info = async (qid: string) => (await call(app(), 'GET', `${API}/question/info?id=${qid}`, {})).body.data;
    const timeline = async (id: string) => (await call(app(), 'GET', `${API}/activity/timeline?object_id=${id}`, { token: admin })).body.data.timeline as { activity_type: string; reason: string }[];
    const reply = (qid: string, token: string, content: string) => call(app(), 'POST', `${API}/answer`, { token, body: { question_id: qid, content } });

    it('protects with the privilege; answering then needs 10 reputation earned on the site; unprotects', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'Which wood glue holds outdoors through a winter?', 'My garden bench joints opened after the first frost with a plain PVA glue.');
      const almost = await member(site, 'protalmost', 14_999);
      // The question's info tells each reader whether they may protect it (the post menu offers it from that).
      const canProtect = async (token?: string) => (await call(app(), 'GET', `${API}/question/info?id=${qid}`, { token })).body.data.can_protect;
      expect([await canProtect(), await canProtect(almost.token), await canProtect(veteran.token), await canProtect(mod.token)]).toEqual([false, false, true, true]);
      // Not for a member whose e-mail is not activated (the call refuses them before the privilege).
      const unverified = await member(site, 'protunverified', 20_000);
      await app().quorum.database!.kysely.updateTable('users').set({ mail_status: 2 }).where('id', '=', unverified.id).execute();
      expect(await canProtect(unverified.token)).toBe(false);
      expect((await protect(qid, unverified.token)).status).toBe(403);
      const low = await protect(qid, almost.token);
      expect([low.status, low.body.reason]).toEqual([403, 'error.rank.fail_to_meet_the_condition']);
      expect(low.body.data).toMatchObject({ required_rank: 15_000 });

      const r = await protect(qid, veteran.token);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ auto: false, needs_reputation: 10, notice: 'This question is protected: answering needs 10 reputation earned on this site.' });
      expect((await info(qid)).protected).toMatchObject({ auto: false, needs_reputation: 10 });
      // Protecting twice keeps the one protection.
      expect((await protect(qid, mod.token)).status).toBe(200);
      expect((await timeline(qid)).filter((x) => x.activity_type === 'protected')).toHaveLength(1);

      // 11 reputation: 1 to start with and 1 for the activated e-mail, so 9 earned.
      const newcomer = await member(site, 'protnew', 11);
      const refused = await reply(qid, newcomer.token, 'Use a polyurethane glue, it foams into the joint and survives frost.');
      expect([refused.status, refused.body.reason]).toEqual([403, 'error.question.protected']);
      expect(refused.body.msg).toBe('This question is protected: answering needs 10 reputation earned on this site.');
      expect(refused.body.data).toMatchObject({ type: 'protected', needs_reputation: 10, earned_reputation: 9 });
      await setRank(site, newcomer.id, 12);
      expect((await reply(qid, newcomer.token, 'A polyurethane glue foams into the joint and survives frost; clamp it overnight.')).status).toBe(200);

      expect((await unprotect(qid, almost.token)).status).toBe(403);
      const u = await unprotect(qid, veteran.token);
      expect([u.status, u.body.data]).toEqual([200, { unprotected: true }]);
      expect((await info(qid)).protected).toBeNull();
      expect((await timeline(qid)).map((x) => x.activity_type)).toEqual(expect.arrayContaining(['protected', 'unprotected']));
      const fresh = await member(site, 'protfresh', 2);
      expect((await reply(qid, fresh.token, 'Epoxy works as well, but it needs a warm day to cure outdoors.')).status).toBe(200);
      expect((await protect('10010000000009999', mod.token)).status).toBe(404);
    });

    it('protects a question by itself once three answers of new members were deleted on it within a day', async (t) => {
      if (!site) return t.skip();
      const qid = await ask(site, asker.token, 'How do I stop a cast iron pan from rusting in a damp kitchen?', 'It gets orange spots overnight even after drying it on the stove.');
      const words = ['linseed oil and a hot oven', 'a thin coat of lard after each wash', 'keeping it in a paper bag with rice'];
      for (const [i, w] of words.entries()) {
        const m = await member(site, `protspam${i}`, 5);
        const aid = await answer(site, m.token, qid, `Try ${w}, it worked for me for years on my own pans.`);
        if (i < 2) expect((await info(qid)).protected).toBeNull();
        expect((await call(app(), 'DELETE', `${API}/answer`, { token: mod.token, body: { id: aid } })).status).toBe(200);
      }
      const p = (await info(qid)).protected;
      expect(p).toMatchObject({ auto: true, needs_reputation: 10 });
      expect((await timeline(qid)).find((x) => x.activity_type === 'protected')?.reason).toBe('Protected automatically: 3 answers from new members were deleted within 24 hours');
    });

    it('reads and changes the locks settings section; bad values are field errors and the privilege scales with the level', async (t) => {
      if (!site) return t.skip();
      const got = await call(app(), 'GET', `${ADM}/siteinfo/locks`, { token: admin });
      expect(got.body.data).toMatchObject({ protect_reputation: 15_000, protected_answer_reputation: 10, auto_protect_deleted_answers: 3, auto_protect_window_hours: 24 });
      const bad = await call(app(), 'PUT', `${ADM}/siteinfo/locks`, { token: admin, body: { protect_reputation: 0, protected_answer_reputation: -1, auto_protect_deleted_answers: 3, auto_protect_window_hours: 24 } });
      expect(bad.status).toBe(400);
      expect((bad.body.data as { error_field: string }[]).map((f) => f.error_field).sort()).toEqual(['protect_reputation', 'protected_answer_reputation']);
      const put = await call(app(), 'PUT', `${ADM}/siteinfo/locks`, { token: admin, body: { protect_reputation: 2000, protected_answer_reputation: 50, auto_protect_deleted_answers: 0, auto_protect_window_hours: 24 } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const qid = await ask(site, asker.token, 'Does a dehumidifier help a workshop in winter?', 'The tools rust and the glue cures slowly from November on.');
      const mid = await member(site, 'protmid', 2000);
      const r = await protect(qid, mid.token);
      expect(r.body.data).toMatchObject({ needs_reputation: 50 });
      // Level 3 doubles the threshold.
      const lv = await call(app(), 'PUT', `${ADM}/setting/privileges`, { token: admin, body: { level: 3 } });
      expect(lv.status, JSON.stringify(lv.body)).toBe(200);
      await new Promise((res) => setTimeout(res, 2100));
      const again = await unprotect(qid, mid.token);
      expect([again.status, again.body.data?.required_rank]).toEqual([403, 4000]);
      // The info's can_protect follows the same threshold.
      expect((await call(app(), 'GET', `${API}/question/info?id=${qid}`, { token: mid.token })).body.data.can_protect).toBe(false);
    });
  });
}
