import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { activeUser, askQuestion, type TestUser } from '../comment/social.testkit.js';

const V1 = '/answer/api/v1';

for (const dialect of DIALECTS) {
  describe(`group mentions on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    let ann: TestUser, bob: TestUser, cat: TestUser, dan: TestUser;
    let qid = '';
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
      [ann, bob, cat, dan] = [await activeUser(site.app, 'ann'), await activeUser(site.app, 'bob'), await activeUser(site.app, 'cat'), await activeUser(site.app, 'dan')];
      qid = await askQuestion(site.app, admin, 'Who knows about water chemistry?');
      await call(site.app, 'POST', '/answer/admin/api/group', { token: admin, body: { slug_name: 'brewers', display_name: 'Brewers' } });
      await call(site.app, 'POST', '/answer/admin/api/group', { token: admin, body: { slug_name: 'hush', display_name: 'Hush', visibility: 'hidden', join_policy: 'invitation' } });
      for (const u of [ann, cat]) await call(site.app, 'POST', `${V1}/group/join`, { token: u.token, body: { slug_name: 'brewers' } });
      await call(site.app, 'POST', `${V1}/group/member`, { token: admin, body: { slug_name: 'hush', username: 'dan', action: 'invite' } });
      await call(site.app, 'POST', `${V1}/group/join`, { token: dan.token, body: { slug_name: 'hush' } });
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;
    const mentions = async (u: TestUser) =>
      Number((await site!.app.quorum.database!.kysely.selectFrom('notifications').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', u.id).where('content', 'like', '%mention_you%').executeTakeFirst())?.n ?? 0);
    const comment = (token: string, text: string) => call(app(), 'POST', `${V1}/comment`, { token, body: { object_id: qid, original_text: text } });

    it("notifies a group's members when one of them mentions it, and links it to the group page", async (t) => {
      if (!site) return t.skip();
      const r = await comment(ann.token, 'Ask @brewers, they will know.');
      expect(r.status).toBe(200);
      expect(r.body.data.parsed_text).toContain('<a href="/groups/brewers">@brewers</a>');
      expect(await mentions(cat)).toBe(1);
      expect(await mentions(ann)).toBe(0);
      expect(await mentions(bob)).toBe(0);
    });

    it('ignores the mention of someone outside the group, and of a group they cannot see; staff may mention any group they see', async (t) => {
      if (!site) return t.skip();
      const r = await comment(bob.token, 'Paging @brewers and @hush about this.');
      expect(r.body.data.parsed_text).not.toContain('/groups/');
      expect(await mentions(cat)).toBe(1);
      expect(await mentions(dan)).toBe(0);
      const staff = await comment(admin, 'Moderator note for @hush.');
      expect(staff.body.data.parsed_text).toContain('<a href="/groups/hush">@hush</a>');
      expect(await mentions(dan)).toBe(1);
    });
  });
}
