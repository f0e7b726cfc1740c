/**
 * Limits for new members over HTTP on every engine, with rate limits on: the spam settings section (defaults,
 * checks, admins only); comments past the per-minute and per-hour limits and questions past the per-day limit get
 * 429 with the limit and the wait, in the member's language; a member past the reputation threshold and a
 * moderator are not limited; links, images and mentions per post are field errors; edits per hour, flags per day
 * and the wait after sign-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { API, ask, makeModerator, type Member } from '../question/question.testkit.js';

const SPAM = '/answer/admin/api/siteinfo/spam';
/** Every count limit off, so that a test turns on only the one it is about. */
const ALL_OFF = {
  question_per_minute: 0, question_per_hour: 0, question_per_day: 0, answer_per_minute: 0, answer_per_hour: 0, answer_per_day: 0,
  comment_per_minute: 0, comment_per_hour: 0, comment_per_day: 0, edits_per_hour: 0, flags_per_day: 0, first_post_wait_seconds: 0,
};

let addresses = 0;
/**
 * An activated member of reputation `rank` with an address of its own (`ip`), so that the per-address limits of
 * sign-ups (10 an hour) and of the comment route (30 a minute) stay out of the way of the per-member ones.
 */
async function member(site: TestSite, name: string, rank: number): Promise<Member & { ip: string }> {
  const ip = `10.9.${++addresses}.1`;
  const r = await call(site.app, 'POST', `${API}/user/register/email`, { remoteAddress: ip, body: { name, e_mail: `${name}@example.com`, pass: 'password-123' } });
  if (r.status !== 200) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  await site.app.quorum.database!.kysely.updateTable('users').set({ mail_status: 1, rank }).where('id', '=', r.body.data.id).execute();
  return { token: r.body.data.access_token, id: r.body.data.id, ip };
}

for (const dialect of DIALECTS) {
  describe(`limits for new members on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let question = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect, { rateLimit: true });
      admin = await adminToken(site.app);
      const asker = await member(site, 'spamasker', 500);
      question = await ask(site, asker.token, 'A question that new members comment on');
    });
    afterAll(async () => site?.close());

    const settings = async (body: Record<string, unknown>) => {
      const r = await call(site!.app, 'PUT', SPAM, { token: admin, body: { ...ALL_OFF, ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const comment = (m: Member & { ip: string }, text: string, lang?: string) => call(site!.app, 'POST', `${API}/comment`, { token: m.token, lang, remoteAddress: m.ip, body: { object_id: question, original_text: text } });
    const comments = async (m: Member & { ip: string }, n: number) => {
      const out: { status: number; body: any }[] = [];
      for (let i = 0; i < n; i++) out.push(await comment(m, `Comment number ${i} from ${m.id}`));
      return out;
    };

    it('the spam section: defaults with the shipped disposable list, checks on save, admins only', async (t) => {
      if (!site) return t.skip();
      const got = await call(site.app, 'GET', SPAM, { token: admin });
      expect(got.body.data).toMatchObject({ new_member_reputation: 100, question_per_minute: 3, question_per_hour: 3, comment_per_minute: 5, comment_per_hour: 20, max_links: 2, max_images: 1, max_mentions: 2, first_post_wait_seconds: 0, block_disposable_emails: true, blocked_email_domains: [] });
      expect(got.body.data.disposable_email_domains).toEqual(expect.arrayContaining(['mailinator.com', 'yopmail.com']));
      const bad = await call(site.app, 'PUT', SPAM, { token: admin, body: { comment_per_minute: -1, blocked_email_domains: ['not a domain'] } });
      expect(bad.status).toBe(400);
      expect((bad.body.data as { error_field: string }[]).map((e) => e.error_field).sort()).toEqual(['blocked_email_domains.0', 'comment_per_minute']);
      expect((await call(site.app, 'GET', SPAM, { token: admin })).body.data.comment_per_minute).toBe(5);
      const someone = await member(site, 'notanadmin', 1);
      expect((await call(site.app, 'GET', SPAM, { token: someone.token })).status).toBe(403);
      expect((await call(site.app, 'PUT', SPAM, { token: someone.token, body: { comment_per_minute: 100 } })).status).toBe(403);
    });

    it('refuses a new member’s comments past the per-minute limit within the minute, saying the limit and the wait, in their language', async (t) => {
      if (!site) return t.skip();
      await settings({ comment_per_minute: 3 });
      const m = await member(site, 'burstcommenter', 1);
      const got = await comments(m, 4);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(got[3]!.body).toMatchObject({ reason: 'error.post.rate_limited', msg: expect.stringMatching(/^You have reached the comment limit \(3 per minute\)\. You can comment again in \d+ s\.$/) });
      expect(got[3]!.body.data.retry_after).toBeGreaterThan(0);
      expect(got[3]!.body.data.retry_after).toBeLessThanOrEqual(60);
      expect((await comment(m, 'One more in Chinese', 'zh-CN')).body.msg).toMatch(/^你已达到评论上限（每分钟 3 条）。\d+ 秒后可再次评论。$/);
    });

    it('refuses comments past the per-hour limit within the hour and questions past the per-day limit', async (t) => {
      if (!site) return t.skip();
      await settings({ comment_per_hour: 4, question_per_day: 2 });
      const m = await member(site, 'hourlycommenter', 1);
      const got = await comments(m, 5);
      expect(got.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(got[4]!.body.msg).toMatch(/^You have reached the comment limit \(4 per hour\)\. You can comment again in (60|59) min\.$/);
      expect(got[4]!.body.data.retry_after).toBeGreaterThan(3500);
      await ask(site, m.token, 'First question of the day here');
      await ask(site, m.token, 'Second question of the day here');
      const third = await call(site.app, 'POST', `${API}/question`, { token: m.token, body: { title: 'Third question of the day here', content: 'Body of the question.', tags: [{ slug_name: 'support' }] } });
      expect(third.status).toBe(429);
      expect(third.body.msg).toMatch(/^You have reached the question limit \(2 per day\)\. You can ask again in (24|23) h\.$/);
    });

    it('does not limit a member past the reputation threshold, nor a moderator', async (t) => {
      if (!site) return t.skip();
      await settings({ comment_per_minute: 2, max_links: 1 });
      const trusted = await member(site, 'trustedcommenter', 100);
      expect((await comments(trusted, 6)).map((r) => r.status)).toEqual(Array(6).fill(200));
      expect((await comment(trusted, 'Links: https://a.example/ https://b.example/ https://c.example/')).status).toBe(200);
      const mod = await member(site, 'spammod', 1);
      await makeModerator(site, mod.id);
      expect((await comments(mod, 6)).map((r) => r.status)).toEqual(Array(6).fill(200));
      await settings({ comment_per_minute: 2, new_member_reputation: 1 });
      const fresh = await member(site, 'pastthreshold', 1);
      expect((await comments(fresh, 5)).map((r) => r.status)).toEqual(Array(5).fill(200));
      await settings({ new_member_reputation: 100 });
    });

    it('refuses a new member’s post with too many links, images or mentions on the text field, without using up the quota', async (t) => {
      if (!site) return t.skip();
      await settings({ comment_per_minute: 1, max_links: 2, max_images: 1, max_mentions: 2 });
      await member(site, 'alpha', 1);
      await member(site, 'bravo', 1);
      await member(site, 'charlie', 1);
      const m = await member(site, 'linkycommenter', 1);
      const links = await comment(m, 'See https://one.example/ and https://two.example/ and https://three.example/');
      expect(links.body.data).toEqual([{ error_field: 'original_text', error_msg: 'Too many links for a new member: at most 2 in a post.' }]);
      const images = await call(site.app, 'POST', `${API}/answer`, { token: m.token, body: { question_id: question, content: 'Two pictures: ![a](https://img.example/a.png) ![b](https://img.example/b.png)' } });
      expect(images.body.data).toEqual([{ error_field: 'content', error_msg: 'Too many images for a new member: at most 1 in a post.' }]);
      const mentions = await comment(m, 'Hello @alpha, @bravo and @charlie', 'de-DE');
      expect(mentions.body.data).toEqual([{ error_field: 'original_text', error_msg: 'Zu viele Erwähnungen für ein neues Mitglied: höchstens 2 Personen pro Beitrag.' }]);
      // Two links, one image, two mentions pass; the refused texts did not count.
      expect((await comment(m, 'See https://one.example/ and @alpha @bravo ![a](https://img.example/a.png)')).status).toBe(200);
      expect((await comment(m, 'Second one')).status).toBe(429);
    });

    it('limits a new member’s edits per hour and flags per day', async (t) => {
      if (!site) return t.skip();
      await settings({ edits_per_hour: 2, flags_per_day: 1 });
      const m = await member(site, 'editor', 1);
      const q = await ask(site, m.token, 'A question its author keeps editing');
      const edit = (i: number) => call(site!.app, 'PUT', `${API}/question`, { token: m.token, body: { id: q, title: 'A question its author keeps editing', content: `Body of the question, edit ${i}.`, tags: [{ slug_name: 'support' }] } });
      expect([(await edit(1)).status, (await edit(2)).status]).toEqual([200, 200]);
      const third = await edit(3);
      expect([third.status, third.body.msg]).toEqual([429, expect.stringMatching(/^You have reached the edit limit for new members \(2 per hour\)\. You can edit again in (60|59) min\.$/)]);
      const other = await ask(site, (await member(site, 'flagtarget', 500)).token, 'A question that gets flagged twice');
      const flag = (id: string) => call(site!.app, 'POST', `${API}/report`, { token: m.token, body: { object_id: id, report_type: 57 } });
      expect((await flag(other)).status).toBe(200);
      const second = await flag(question);
      expect([second.status, second.body.reason]).toEqual([429, 'error.request.rate_limited']);
      expect(second.body.msg).toMatch(/^You have reached the flag limit for new members \(1 per day\)\. You can flag again in (24|23) h\.$/);
    });

    it('makes a new account wait after signing up before it posts', async (t) => {
      if (!site) return t.skip();
      await settings({ first_post_wait_seconds: 600 });
      const m = await member(site, 'patientnewcomer', 1);
      const early = await comment(m, 'Too early to comment');
      expect(early.status).toBe(429);
      expect(early.body.msg).toMatch(/^New accounts can post 10 min after signing up\. You can post in (10|9) min\.$/);
      expect(early.body.data.retry_after).toBeGreaterThan(590);
      const db = site.app.quorum.database!.kysely;
      const created = Number((await db.selectFrom('users').select('created_at').where('id', '=', m.id).executeTakeFirstOrThrow()).created_at);
      await db.updateTable('users').set({ created_at: created - 601 }).where('id', '=', m.id).execute();
      expect((await comment(m, 'Ten minutes later')).status).toBe(200);
      await settings({});
    });
  });
}
