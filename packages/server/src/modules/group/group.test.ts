import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, adminToken, call, installedSite, registerUser, shouldRun, type TestSite } from '../../../test/dialects.js';
import { codeFromMail, startMailbox, useMailbox, type Mailbox } from '../../../test/mailbox.js';

const V1 = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

for (const dialect of DIALECTS) {
  describe(`groups on ${dialect}`, () => {
    let site: TestSite | undefined;
    let box: Mailbox;
    let admin = '';
    let ann = { token: '', id: '' };
    let bob = { token: '', id: '' };
    let cat = { token: '', id: '' };
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      box = await startMailbox();
      await useMailbox(site.app, box);
      admin = await adminToken(site.app);
      ann = await registerUser(site.app, 'ann');
      bob = await registerUser(site.app, 'bob');
      cat = await registerUser(site.app, 'cat');
    });
    afterAll(async () => {
      await site?.close();
      await box?.close();
    });
    const app = () => site!.app;
    const create = (body: Record<string, unknown>, token = admin) => call(app(), 'POST', `${ADMIN}/group`, { token, body });
    const slugs = async (token = '') => ((await call(app(), 'GET', `${V1}/groups`, { token })).body.data as { slug_name: string }[]).map((g) => g.slug_name);
    const group = (slug: string, token = '') => call(app(), 'GET', `${V1}/group?slug_name=${slug}`, { token });
    const members = async (slug: string, token = '', state = 'active') => {
      const r = await call(app(), 'GET', `${V1}/group/members?slug_name=${slug}&state=${state}`, { token });
      return r.status === 200 ? (r.body.data.list as { user: { username: string }; role: string }[]).map((m) => `${m.user.username}${m.role === 'moderator' ? '*' : ''}`) : r.status;
    };
    const act = (slug: string, username: string, action: string, token: string) => call(app(), 'POST', `${V1}/group/member`, { token, body: { slug_name: slug, username, action } });

    it('lets only admins create groups, with field errors for bad input', async (t) => {
      if (!site) return t.skip();
      expect((await create({ slug_name: 'brewers', display_name: 'Brewers' }, ann.token)).status).toBe(403);
      expect((await create({ slug_name: 'brewers', display_name: 'Brewers' }, '')).status).toBe(401);
      const bad = await create({ slug_name: 'No Spaces!', display_name: '', join_policy: 'domain', email_domains: ['not a domain'] });
      expect(bad.status).toBe(400);
      const fields = (bad.body.data as { error_field: string; error_msg: string }[]).map((f) => f.error_field).sort();
      expect(fields).toEqual(expect.arrayContaining(['display_name', 'slug_name']));
      expect(fields.some((f) => f.startsWith('email_domains'))).toBe(true);
      const noDomains = await create({ slug_name: 'corp', display_name: 'Corp', join_policy: 'domain' });
      expect(noDomains.body.data).toContainEqual({ error_field: 'email_domains', error_msg: 'Enter at least one e-mail domain for a group joined by e-mail domain.' });
      const made = await create({ slug_name: 'Brewers', display_name: 'Brewers', description: 'People who brew' });
      expect(made.status).toBe(200);
      expect(made.body.data).toMatchObject({ slug_name: 'brewers', visibility: 'public', join_policy: 'open', member_count: 0 });
      const dup = await create({ slug_name: 'brewers', display_name: 'Other' });
      expect(dup.body.data).toEqual([{ error_field: 'slug_name', error_msg: 'Another group already has this short name.' }]);
      const audit = await site.app.quorum.database!.kysely.selectFrom('admin_audit').select(['action', 'target_type']).where('action', '=', 'group.create').execute();
      expect(audit).toEqual([{ action: 'group.create', target_type: 'group' }]);
    });

    it('shows each group to those its visibility allows, in lists, pages and profiles', async (t) => {
      if (!site) return t.skip();
      await create({ slug_name: 'staff-only', display_name: 'Staff', visibility: 'members' });
      await create({ slug_name: 'secret', display_name: 'Secret', visibility: 'hidden', join_policy: 'invitation' });
      expect(await slugs()).toEqual(['brewers']);
      expect(await slugs(ann.token)).toEqual(['brewers', 'staff-only']);
      expect(await slugs(admin)).toEqual(['brewers', 'secret', 'staff-only']);
      expect((await group('staff-only')).status).toBe(404);
      expect((await group('secret', ann.token)).status).toBe(404);
      expect((await group('secret', ann.token)).body.msg).toBe('This group does not exist, or you cannot see it.');
      expect((await group('secret', admin)).status).toBe(200);
      // Someone who was invited sees the hidden group, and its members once they are one.
      expect((await act('secret', 'bob', 'invite', admin)).body.data).toEqual({ state: 'invited' });
      expect((await group('secret', bob.token)).body.data).toMatchObject({ my_state: 'invited', member_count: 0 });
      expect((await call(app(), 'POST', `${V1}/group/join`, { token: bob.token, body: { slug_name: 'secret' } })).body.data).toMatchObject({ my_state: 'active', member_count: 1 });
      expect(await members('secret', bob.token)).toEqual(['bob']);
      expect(await members('secret', ann.token)).toBe(404);
      const profile = async (token: string) => ((await call(app(), 'GET', `${V1}/personal/groups?username=bob`, { token })).body.data as { slug_name: string }[]).map((g) => g.slug_name);
      expect(await profile('')).toEqual([]);
      expect(await profile(admin)).toEqual(['secret']);
      expect(await profile(bob.token)).toEqual(['secret']);
    });

    it('joins open groups at once, files requests for request groups, and refuses invitation groups without an invitation', async (t) => {
      if (!site) return t.skip();
      const join = (slug: string, token: string) => call(app(), 'POST', `${V1}/group/join`, { token, body: { slug_name: slug } });
      expect((await join('brewers', '')).status).toBe(401);
      expect((await join('brewers', ann.token)).body.data).toMatchObject({ my_state: 'active', my_role: 'member', member_count: 1 });
      expect((await join('brewers', ann.token)).body.data.member_count).toBe(1);
      const refused = await join('secret', cat.token);
      expect(refused.status).toBe(404);
      await create({ slug_name: 'judges', display_name: 'Judges', join_policy: 'request' });
      expect((await join('judges', cat.token)).body.data).toMatchObject({ my_state: 'requested', member_count: 0 });
      expect((await join('judges', ann.token)).body.data.my_state).toBe('requested');
      // The pending list is for its managers: admins, and the moderators admins appoint.
      expect(await members('judges', bob.token, 'requested')).toBe(403);
      expect(await members('judges', admin, 'requested')).toEqual(['ann', 'cat']);
      expect((await act('judges', 'ann', 'approve', admin)).body.data).toEqual({ state: 'active' });
      expect((await act('judges', 'ann', 'promote', ann.token)).status).toBe(403);
      expect((await act('judges', 'ann', 'promote', admin)).status).toBe(200);
      expect(await members('judges', '')).toEqual(['ann*']);
      expect((await act('judges', 'cat', 'approve', ann.token)).body.data).toEqual({ state: 'active' });
      expect((await act('judges', 'cat', 'approve', ann.token)).body.msg).toBe('This member has not asked to join.');
      expect((await act('judges', 'bob', 'remove', cat.token)).status).toBe(403);
      expect((await act('judges', 'nobody-here', 'invite', ann.token)).body.data).toEqual([{ error_field: 'username', error_msg: 'There is no member with this username.' }]);
      expect((await act('judges', 'cat', 'remove', ann.token)).body.data).toEqual({ state: '' });
      expect((await group('judges')).body.data.member_count).toBe(1);
      // An invitation group: only those invited may join; leaving declines or leaves.
      await create({ slug_name: 'council', display_name: 'Council', join_policy: 'invitation' });
      expect((await join('council', cat.token)).status).toBe(403);
      expect((await join('council', cat.token)).body.msg).toBe('This group is joined by invitation only.');
      await act('council', 'cat', 'invite', admin);
      expect((await call(app(), 'POST', `${V1}/group/leave`, { token: cat.token, body: { slug_name: 'council' } })).body.data.my_state).toBe('');
      expect((await join('council', cat.token)).status).toBe(403);
    });

    it('keeps e-mail domain groups to the members whose confirmed address is at the domain', async (t) => {
      if (!site) return t.skip();
      const kysely = site.app.quorum.database!.kysely;
      const reg = async (name: string, e_mail: string) => (await call(app(), 'POST', `${V1}/user/register/email`, { body: { name, e_mail, pass: 'password-123' } })).body.data as { id: string; access_token: string };
      const early = await reg('early', 'early@corp.example');
      await kysely.updateTable('users').set({ mail_status: 1 }).where('id', '=', early.id).execute();
      const made = await create({ slug_name: 'corp', display_name: 'Corp', join_policy: 'domain', email_domains: ['Corp.Example'] });
      expect(made.body.data).toMatchObject({ email_domains: ['corp.example'], member_count: 1 });
      const after = box.messages.length;
      const late = await reg('late', 'late@corp.example');
      expect(await members('corp', admin)).toEqual(['early']);
      const code = codeFromMail(await box.waitFor('late@corp.example', { after }));
      expect((await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } })).status).toBe(200);
      expect(await members('corp', admin)).toEqual(['early', 'late']);
      const leave = await call(app(), 'POST', `${V1}/group/leave`, { token: late.access_token, body: { slug_name: 'corp' } });
      expect(leave.status).toBe(400);
      expect(leave.body.msg).toBe('Membership of this group follows its rule (e-mail domain or directory group); it cannot be changed by hand.');
      expect((await act('corp', 'late', 'remove', admin)).status).toBe(400);
      // Another domain: the rule's rows follow the saved rule.
      await call(app(), 'PUT', `${ADMIN}/group`, { token: admin, body: { ...made.body.data, email_domains: ['example.com'] } });
      expect(await members('corp', admin)).toEqual(['admin', 'ann', 'bob', 'cat']);
      // Without a rule, those members stay as ordinary members who may leave.
      await call(app(), 'PUT', `${ADMIN}/group`, { token: admin, body: { ...made.body.data, join_policy: 'open', email_domains: [] } });
      expect((await call(app(), 'POST', `${V1}/group/leave`, { token: bob.token, body: { slug_name: 'corp' } })).status).toBe(200);
      expect(await members('corp', admin)).toEqual(['admin', 'ann', 'cat']);
    });

    it('keeps directory groups to the members a directory login reported in the group', async (t) => {
      if (!site) return t.skip();
      const kysely = site.app.quorum.database!.kysely;
      await kysely.insertInto('directory_groups' as never).values([
        { user_id: ann.id, source: 'ldap', group_key: 'a', name: 'Engineering', dn: 'cn=Engineering,ou=groups,dc=example,dc=org', updated_at: 1 },
        { user_id: cat.id, source: 'saml', group_key: 'b', name: 'engineering', dn: 'engineering', updated_at: 1 },
        { user_id: bob.id, source: 'ldap', group_key: 'c', name: 'Sales', dn: 'cn=Sales,ou=groups,dc=example,dc=org', updated_at: 1 },
      ] as never).execute();
      const noName = await create({ slug_name: 'eng', display_name: 'Engineering', join_policy: 'directory' });
      expect(noName.body.data).toEqual([{ error_field: 'directory_group', error_msg: 'Enter the directory group whose members join this group.' }]);
      const made = await create({ slug_name: 'eng', display_name: 'Engineering', join_policy: 'directory', directory_group: 'ENGINEERING' });
      expect(made.body.data.member_count).toBe(2);
      expect(await members('eng', '')).toEqual(['ann', 'cat']);
      expect((await call(app(), 'POST', `${V1}/group/join`, { token: bob.token, body: { slug_name: 'eng' } })).status).toBe(400);
    });

    it('deletes a group with its memberships, audited, for admins only', async (t) => {
      if (!site) return t.skip();
      const id = (await group('judges')).body.data.id as string;
      expect((await call(app(), 'DELETE', `${ADMIN}/group`, { token: ann.token, body: { id } })).status).toBe(403);
      expect((await call(app(), 'DELETE', `${ADMIN}/group`, { token: admin, body: { id } })).status).toBe(200);
      expect((await group('judges')).status).toBe(404);
      expect((await call(app(), 'DELETE', `${ADMIN}/group`, { token: admin, body: { id } })).status).toBe(404);
      const left = await site.app.quorum.database!.kysely.selectFrom('group_members' as never).selectAll().where('group_id' as never, '=', id as never).execute();
      expect(left).toEqual([]);
      const list = (await call(app(), 'GET', `${ADMIN}/groups`, { token: admin })).body.data as { slug_name: string; pending_count: number }[];
      expect(list.map((g) => g.slug_name)).not.toContain('judges');
    });
  });
}
