/**
 * Silence and suspension through HTTP (modules/penalty, core/auth/penalty.ts): imposing with a reason, what a
 * silenced member may and may not do, the refusal's end and reason in the member's language, the e-mail, the
 * history (who, what, when, until, reason, lifted when and by whom), lifting early, the automatic end with no job,
 * escalating default lengths, suspensions of Answer's PUT /admin/api/user/status in the same history, bad input.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';
import { tidyEndedPenalties } from './penalty.housekeeping.js';

const ADM = '/answer/admin/api';
const V1 = '/answer/api/v1';
const ask = { title: 'How do I keep a sourdough starter alive?', content: 'Mine smells of acetone after two days.', tags: [{ slug_name: 'support' }] };

for (const dialect of DIALECTS) {
  describe(`penalties on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let admin = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      admin = await adminToken(site.app);
      await useMailbox(site.app, box, admin);
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const impose = (body: Record<string, unknown>, token = admin) => call(app(), 'POST', `${ADM}/user/penalty`, { token, body });
    const history = async (userId: string) => (await call(app(), 'GET', `${ADM}/user/penalties?user_id=${userId}`, { token: admin })).body.data;

    it('silences a member: reads and own lists pass, posting, voting, commenting, editing and flagging are refused with the end and the reason', async (t) => {
      if (!site) return t.skip();
      const author = await registerUser(app(), 'author');
      const q = await call(app(), 'POST', `${V1}/question`, { token: author.token, body: ask });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      const qid = q.body.data.id as string;
      const m = await registerUser(app(), 'noisy');
      const mine = await call(app(), 'POST', `${V1}/question`, { token: m.token, body: { ...ask, title: 'A question asked before the silence' } });
      expect(mine.status).toBe(200);
      expect((await history(m.id)).next_duration).toBe('1d');

      const before = Math.floor(Date.now() / 1000);
      const r = await impose({ user_id: m.id, kind: 'silence', duration: '1d', reason: 'Links to a shop in every answer' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);

      const info = (await call(app(), 'GET', `${V1}/user/info`, { token: m.token })).body.data;
      expect(info).toMatchObject({ status: 'normal', silenced: true });
      expect(info.silenced_until - before - 86_400).toBeLessThanOrEqual(2);

      const writes: Array<[string, string, unknown]> = [
        ['POST', `${V1}/question`, ask],
        ['PUT', `${V1}/question`, { id: mine.body.data.id, ...ask, title: 'An edit while silenced' }],
        ['POST', `${V1}/answer`, { question_id: qid, content: 'An answer while silenced, long enough.' }],
        ['POST', `${V1}/comment`, { object_id: qid, original_text: 'A comment while silenced.' }],
        ['POST', `${V1}/vote/up`, { object_id: qid, is_cancel: false }],
        ['POST', `${V1}/report`, { object_id: qid, report_type: 1, content: 'spam' }],
      ];
      for (const [method, url, body] of writes) {
        const w = await call(app(), method as 'POST', url, { token: m.token, body });
        expect([w.status, w.body.reason], `${method} ${url}`).toEqual([403, 'error.user.silenced']);
        expect(w.body.data).toMatchObject({ type: 'silenced', silenced_until: info.silenced_until, reason: 'Links to a shop in every answer' });
      }
      const en = await call(app(), 'POST', `${V1}/comment`, { token: m.token, body: { object_id: qid, original_text: 'Another.' } });
      expect(en.body.msg).toMatch(/^You are silenced until .+ UTC: you can read, but you cannot post, vote, comment, edit or flag\. Reason: Links to a shop in every answer$/);
      const de = await call(app(), 'POST', `${V1}/comment`, { token: m.token, body: { object_id: qid, original_text: 'Noch einer.' }, headers: { 'accept-language': 'de-DE' } });
      expect(de.body.msg).toMatch(/^Du bist bis .+ UTC stummgeschaltet: .+ Grund: Links to a shop in every answer$/);

      // Reading and the member's own lists are not refused.
      expect((await call(app(), 'GET', `${V1}/question/info?id=${qid}`, { token: m.token })).status).toBe(200);
      expect((await call(app(), 'POST', `${V1}/collection/switch`, { token: m.token, body: { object_id: qid, bookmark: true } })).status).toBe(200);
      expect((await call(app(), 'POST', `${V1}/follow`, { token: m.token, body: { object_id: qid, is_cancel: false } })).status).toBe(200);
      // The member's own view of it, for the notice where they would write.
      expect((await call(app(), 'GET', `${V1}/user/penalty`, { token: m.token })).body.data).toEqual({ silence: { until: info.silenced_until, reason: 'Links to a shop in every answer' }, suspension: null });

      // The e-mail: what it means, the end, the reason.
      const mail = await box.waitFor('noisy@example.com', { subject: /silenced/ });
      expect(mail.subject).toBe('You have been silenced on Test Site');
      expect(mail.text).toContain('you cannot post, vote, comment, edit or flag');
      expect(mail.text).toMatch(/It ends on .+ UTC\./);
      expect(mail.text).toContain('Reason given: Links to a shop in every answer');

      // History, then lifting early: the member writes again, the entry says when and by whom.
      const h = await history(m.id);
      expect(h.list).toHaveLength(1);
      expect(h.list[0]).toMatchObject({ kind: 'silence', duration: '1d', reason: 'Links to a shop in every answer', state: 'active', ended_at: 0, lifted_by: null, created_by: { id: '1', username: 'admin' } });
      expect(h.list[0].ends_at).toBe(info.silenced_until);
      expect(h.silenced_until).toBe(info.silenced_until);
      expect(h.next_duration).toBe('7d');
      const row = async () => (await call(app(), 'GET', `${ADM}/users/page?query=noisy`, { token: admin })).body.data.list[0];
      expect(await row()).toMatchObject({ status: 'normal', silenced_until: info.silenced_until });
      const lift = await call(app(), 'PUT', `${ADM}/user/penalty/lift`, { token: admin, body: { user_id: m.id, kind: 'silence' } });
      expect(lift.body.data).toEqual({ lifted: 1 });
      expect((await call(app(), 'POST', `${V1}/comment`, { token: m.token, body: { object_id: qid, original_text: 'Back to commenting.' } })).status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: m.token })).body.data).toMatchObject({ silenced: false, silenced_until: 0 });
      const after = await history(m.id);
      expect(after.list[0]).toMatchObject({ state: 'lifted', lifted_by: { id: '1', username: 'admin' } });
      expect(after.list[0].ended_at).toBe(after.list[0].lifted_at);
      expect(after.silenced_until).toBe(-1);
      expect((await row()).silenced_until).toBe(-1);
    });

    it('ends a silence at its end with no job running, and the history says it ended', async (t) => {
      if (!site) return t.skip();
      const m = await registerUser(app(), 'briefly');
      const until = Math.floor(Date.now() / 1000) + 2;
      expect((await impose({ user_id: m.id, kind: 'silence', duration: 'date', until, reason: 'Cool down' })).status).toBe(200);
      const body = { title: 'A question asked after the silence ends', content: 'Body of the question here.', tags: [{ slug_name: 'support' }] };
      expect((await call(app(), 'POST', `${V1}/question`, { token: m.token, body })).status).toBe(403);
      await sleep((until + 1) * 1000 - Date.now());
      expect((await call(app(), 'POST', `${V1}/question`, { token: m.token, body })).status).toBe(200);
      const h = await history(m.id);
      expect(h.list[0]).toMatchObject({ duration: 'date', ends_at: until, state: 'ended', ended_at: until, lifted_at: 0 });
      expect(h.silenced_until).toBe(-1);
      // The periodic tidy then sets the users row back; the history is unchanged.
      const column = async () => (await app().quorum.database!.kysely.selectFrom('users').select('silenced_until').where('id', '=', m.id).executeTakeFirstOrThrow()).silenced_until;
      expect(Number(await column())).toBe(until);
      expect(await tidyEndedPenalties(app().quorum)).toBeGreaterThanOrEqual(1);
      expect(await column()).toBeNull();
      expect((await history(m.id)).list[0]).toMatchObject({ state: 'ended', ended_at: until });
    });

    it('suspends with a reason the login refusal shows; Answer\'s status call records and lifts suspensions in the same history', async (t) => {
      if (!site) return t.skip();
      const m = await registerUser(app(), 'banned');
      const r = await impose({ user_id: m.id, kind: 'suspend', duration: 'forever', reason: 'Ban evasion' });
      expect(r.status).toBe(200);
      const login = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'banned@example.com', pass: 'password-123' } });
      expect(login.status).toBe(403);
      expect(login.body.data).toEqual({ type: 'suspended', suspended_until: 0, reason: 'Ban evasion' });
      expect(login.body.msg).toBe('Your account is suspended with no end date. Reason: Ban evasion');
      // A session from before: every member call answers 403 suspended with the reason, in the member's language.
      const fr = await call(app(), 'GET', `${V1}/user/notification/config`, { token: m.token, headers: { 'accept-language': 'fr' } });
      expect(fr.body.data).toEqual({ type: 'suspended', suspended_until: 0, reason: 'Ban evasion' });
      expect(fr.body.msg).toBe('Votre compte est suspendu sans date de fin. Motif : Ban evasion');
      const mail = await box.waitFor('banned@example.com', { subject: /suspended/ });
      expect(mail.text).toContain('It has no end date.');

      // Back to normal through Answer's call lifts it; a new suspension through it is recorded too.
      expect((await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: m.id, status: 'normal' } })).status).toBe(200);
      expect((await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: m.id, status: 'suspended', suspend_duration: '7d' } })).status).toBe(200);
      const h = await history(m.id);
      expect(h.list.map((e: { kind: string; duration: string; state: string }) => [e.kind, e.duration, e.state])).toEqual([['suspend', '7d', 'active'], ['suspend', 'forever', 'lifted']]);
      expect(h.suspended_until - Math.floor(Date.now() / 1000) - 7 * 86_400).toBeLessThanOrEqual(2);
      // A suspension in force replaced by another is recorded as lifted by the administrator.
      expect((await impose({ user_id: m.id, kind: 'suspend', duration: '1m', reason: 'Longer' })).status).toBe(200);
      const h2 = await history(m.id);
      expect(h2.list.map((e: { duration: string; state: string }) => [e.duration, e.state])).toEqual([['1m', 'active'], ['7d', 'lifted'], ['forever', 'lifted']]);
      expect(h2.next_duration).toBe('1m');
      // Answer 1.6's calendar lengths, and a reason, through its status call.
      const now = Math.floor(Date.now() / 1000);
      expect((await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: m.id, status: 'suspended', suspend_duration: '1y', reason: 'A year off' } })).status).toBe(200);
      const h3 = await history(m.id);
      expect(h3.list[0]).toMatchObject({ duration: '1y', reason: 'A year off', state: 'active' });
      const year = new Date(now * 1000);
      year.setUTCFullYear(year.getUTCFullYear() + 1);
      expect(Math.abs(h3.list[0].ends_at - year.getTime() / 1000)).toBeLessThanOrEqual(2);
      const de = await call(app(), 'POST', `${V1}/user/login/email`, { body: { e_mail: 'banned@example.com', pass: 'password-123' }, headers: { 'accept-language': 'de' } });
      expect(de.body.msg).toMatch(/^Dein Konto ist bis .+ UTC gesperrt\. Grund: A year off$/);
      expect((await call(app(), 'PUT', `${ADM}/user/status`, { token: admin, body: { user_id: m.id, status: 'suspended', suspend_duration: '3w' } })).status).toBe(400);
    });

    it('escalates the default length on repeat: 1 day, 1 week, then 1 month', async (t) => {
      if (!site) return t.skip();
      const m = await registerUser(app(), 'repeat');
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const next = (await history(m.id)).next_duration as string;
        seen.push(next);
        expect((await impose({ user_id: m.id, kind: i % 2 ? 'suspend' : 'silence', duration: next, reason: `Offence ${i + 1}` })).status).toBe(200);
      }
      expect(seen).toEqual(['1d', '7d', '1m', '1m']);
    });

    it('refuses bad input with field errors, oneself, and anyone but administrators', async (t) => {
      if (!site) return t.skip();
      const m = await registerUser(app(), 'target');
      const fields = async (body: Record<string, unknown>) => {
        const r = await impose({ user_id: m.id, kind: 'silence', duration: '1d', reason: 'x', ...body });
        expect(r.status).toBe(400);
        return (r.body.data as Array<{ error_field: string; error_msg: string }>).map((f) => f.error_field);
      };
      expect(await fields({ reason: '  ' })).toEqual(['reason']);
      expect(await fields({ reason: 'y'.repeat(501) })).toEqual(['reason']);
      expect(await fields({ duration: '3w' })).toEqual(['duration']);
      expect(await fields({ kind: 'mute' })).toEqual(['kind']);
      expect(await fields({ duration: 'date' })).toEqual(['until']);
      const past = await impose({ user_id: m.id, kind: 'silence', duration: 'date', until: Math.floor(Date.now() / 1000) - 60, reason: 'x' });
      expect(past.body.data).toEqual([{ error_field: 'until', error_msg: 'Choose a date and time in the future.' }]);
      expect((await impose({ user_id: '1', kind: 'silence', duration: '1d', reason: 'x' })).body.msg).toBe('Forbidden to operate on yourself');
      expect((await impose({ user_id: m.id, kind: 'silence', duration: '1d', reason: 'x' }, m.token)).status).toBe(403);
      expect((await call(app(), 'GET', `${ADM}/user/penalties?user_id=${m.id}`, { token: m.token })).status).toBe(403);
      expect((await call(app(), 'GET', `${V1}/user/penalty`)).status).toBe(401);
      expect((await history(m.id)).list).toEqual([]);
    });
  });
}
