/**
 * Directory (LDAP) login over HTTP on every engine, against a real OpenLDAP server (test/slapd.ts: Debian's slapd
 * on free local ports with a seeded directory):
 * - the admin saves the settings (bind password masked on the way back, kept when the mask is sent again, asked
 *   for again when the address changes) and tests the connection;
 * - search-then-bind over StartTLS (service account, user filter) creates the member with the mapped name,
 *   display name and e-mail, stores the groups from memberOf, and a second login is the same member;
 * - a wrong password and an unknown name get the same clear refusal; filter metacharacters in a name match nothing;
 * - a directory that refuses connections, or accepts and never answers, gives a clear 503, and the local admin
 *   still logs in with a password; a refused service account is reported by the test call;
 * - bind-DN mode over ldaps:// with groups from a group search;
 * - an entry without an e-mail is refused with its own message; switched off, the login call answers 404;
 * - failures are logged with their stage and the directory's text, never a password; on a private site the
 *   login calls stay open to visitors.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LDAP_PASSWORD_MASK } from '@quorum/contract';
import { ADMIN, DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { freePort } from '../../../test/ports.js';
import { BASE_DN, READER, ldapShouldRun, startDirectory, type TestDirectory } from '../../../test/slapd.js';

const V1 = '/answer/api/v1';
const SETTINGS = '/answer/admin/api/ldap/settings';
const TEST = '/answer/admin/api/ldap/test';
const RUN = ldapShouldRun();

let dir: TestDirectory | undefined;
/** A server that accepts connections and never answers (a hung directory). */
let silent: Server | undefined;
let silentPort = 0;

beforeAll(async () => {
  if (!RUN) return;
  dir = await startDirectory();
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
}, 30000);
afterAll(async () => {
  await dir?.close();
  silent?.close();
});

/** The settings of search-then-bind over StartTLS with the service account and groups from memberOf. */
function searchSettings(d: TestDirectory): Record<string, unknown> {
  return {
    enabled: true,
    name: 'Example Corp directory',
    url: d.url,
    start_tls: true,
    tls_ca: d.caPem,
    bind_mode: 'search',
    bind_dn: READER.dn,
    bind_password: READER.password,
    search_base: `ou=people,${BASE_DN}`,
    user_filter: '(&(objectClass=inetOrgPerson)(uid={username}))',
    attr_username: 'uid',
    attr_display_name: 'displayName',
    attr_email: 'mail',
    attr_id: 'entryUUID',
    group_source: 'member_of',
    timeout_seconds: 3,
  };
}

for (const dialect of DIALECTS) {
  describe.runIf(RUN)(`directory login on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    }, 60000);
    afterAll(async () => {
      await site?.close();
    });

    const save = async (body: Record<string, unknown>) => call(site!.app, 'PUT', SETTINGS, { token: admin, body });
    const login = (username: string, password: string) => call(site!.app, 'POST', `${V1}/ldap/login`, { body: { username, password } });
    const groupsOf = async (userId: string) =>
      (await site!.app.quorum.database!.kysely.selectFrom('directory_groups' as never).select(['name', 'dn', 'source'] as never).where('user_id' as never, '=', userId as never).orderBy('name' as never).execute()) as unknown as { name: string; dn: string; source: string }[];

    it('is off until the admin turns it on: info says so and the login call answers 404', async (t) => {
      if (!site) return t.skip();
      expect((await call(site.app, 'GET', `${V1}/ldap/info`)).body.data).toEqual({ enabled: false, name: '' });
      const r = await login('alice', 'alice-pw');
      expect(r.status).toBe(404);
      expect(r.body.reason).toBe('error.ldap.disabled');
    });

    it('saves the settings with the bind password masked, and tests the connection', async (t) => {
      if (!site) return t.skip();
      const bad = await save({ ...searchSettings(dir!), user_filter: '(uid=alice)', url: 'http://x' });
      expect(bad.status).toBe(400);
      expect(bad.body.data.map((f: { error_field: string }) => f.error_field).sort()).toEqual(['url', 'user_filter']);
      expect((await save(searchSettings(dir!))).status).toBe(200);
      const got = (await call(site.app, 'GET', SETTINGS, { token: admin })).body.data;
      expect(got).toMatchObject({ enabled: true, url: dir!.url, bind_dn: READER.dn, bind_password: LDAP_PASSWORD_MASK });
      expect(JSON.stringify(got)).not.toContain(READER.password);
      // The audit log says the password changed, never what it is.
      const audit = await site.app.quorum.database!.kysely.selectFrom('admin_audit').selectAll().where('action', '=', 'settings.ldap').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.changes as string)).toMatchObject({ bind_password: 'changed', enabled: [false, true] });
      expect(JSON.stringify(audit)).not.toContain(READER.password);
      // The mask sent back keeps the stored password: the test call binds with it.
      const tested = await call(site.app, 'POST', TEST, { token: admin, body: got });
      expect(tested.status).toBe(200);
      expect(tested.body.data, JSON.stringify(tested.body.data)).toMatchObject({ ok: true, stage: 'done' });
      // ...but not for another address: the password must be typed again.
      const moved = await call(site.app, 'POST', TEST, { token: admin, body: { ...got, url: `ldap://127.0.0.1:${silentPort}` } });
      expect(moved.status).toBe(400);
      expect(moved.body.data[0].error_field).toBe('bind_password');
      const wrong = await call(site.app, 'POST', TEST, { token: admin, body: { ...got, bind_password: 'not-the-password' } });
      expect(wrong.body.data).toMatchObject({ ok: false, stage: 'bind' });
      expect(wrong.body.data.message).toMatch(/refused the bind/);
      // Members cannot read or test the settings.
      expect((await call(site.app, 'GET', SETTINGS)).status).toBe(401);
      expect((await call(site.app, 'GET', `${V1}/ldap/info`)).body.data).toEqual({ enabled: true, name: 'Example Corp directory' });
    });

    it('logs a directory member in by search-then-bind over StartTLS, creating the account with the mapped fields and groups', async (t) => {
      if (!site) return t.skip();
      const r = await login('alice', 'alice-pw');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ username: 'alice', display_name: 'Alice Liddell', e_mail: 'alice@example.org', mail_status: 1 });
      expect(r.body.data.access_token).toBeTruthy();
      expect(String(r.headers['set-cookie'])).toContain('quorum_session=');
      const me = await call(site.app, 'GET', `${V1}/user/info`, { token: r.body.data.access_token });
      expect(me.body.data.e_mail).toBe('alice@example.org');
      expect(await groupsOf(r.body.data.id)).toEqual([
        { name: 'admins', dn: `cn=admins,ou=groups,${BASE_DN}`, source: 'ldap' },
        { name: 'developers', dn: `cn=developers,ou=groups,${BASE_DN}`, source: 'ldap' },
      ]);
      // The second login is the same member (linked by entryUUID), with no second account.
      const again = await login('alice', 'alice-pw');
      expect(again.body.data.id).toBe(r.body.data.id);
      const count = await site.app.quorum.database!.kysely.selectFrom('users').select((e) => e.fn.countAll().as('n')).where('e_mail', '=', 'alice@example.org').executeTakeFirst();
      expect(Number(count!.n)).toBe(1);
      const link = await site.app.quorum.database!.kysely.selectFrom('external_logins').selectAll().where('user_id', '=', r.body.data.id).execute();
      expect(link).toHaveLength(1);
      expect(link[0]).toMatchObject({ provider: 'ldap' });
      expect(link[0]!.external_id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a wrong password and an unknown name with the same clear message, and matches nothing for filter characters', async (t) => {
      if (!site) return t.skip();
      const wrong = await login('alice', 'not-alices-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.reason).toBe('error.ldap.invalid_credentials');
      expect(wrong.body.msg).toBe('The directory did not accept this username and password.');
      const unknown = await login('mallory', 'whatever');
      expect(unknown.status).toBe(400);
      expect(unknown.body.reason).toBe('error.ldap.invalid_credentials');
      for (const name of ['*', 'a*', 'alice)(uid=*', '*)(|(uid=*']) {
        const r = await login(name, 'alice-pw');
        expect(r.status, name).toBe(400);
        expect(r.body.reason).toBe('error.ldap.invalid_credentials');
      }
      const empty = await login('alice', '');
      expect(empty.status).toBe(400);
      expect(empty.body.data[0]).toMatchObject({ error_field: 'password' });
    });

    it('refuses an entry without an e-mail address with its own message', async (t) => {
      if (!site) return t.skip();
      const r = await login('nomail', 'nomail-pw');
      expect(r.status).toBe(400);
      expect(r.body.reason).toBe('error.ldap.no_email');
    });

    it('gives a clear error when the directory is down or hangs, and the local admin still logs in with a password', async (t) => {
      if (!site) return t.skip();
      for (const url of [`ldap://127.0.0.1:${await freePort()}`, `ldap://127.0.0.1:${silentPort}`]) {
        expect((await save({ ...searchSettings(dir!), url, start_tls: false, timeout_seconds: 1 })).status).toBe(200);
        const started = Date.now();
        const r = await login('alice', 'alice-pw');
        expect(r.status, url).toBe(503);
        expect(r.body.reason).toBe('error.ldap.unavailable');
        expect(r.body.msg).toMatch(/cannot be reached/);
        expect(Date.now() - started).toBeLessThan(5000);
        const tested = await call(site.app, 'POST', TEST, { token: admin, body: { ...searchSettings(dir!), url, start_tls: false, timeout_seconds: 1 } });
        expect(tested.body.data).toMatchObject({ ok: false });
        expect(tested.body.data.message).toMatch(/could not be reached/);
        const local = await call(site.app, 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
        expect(local.status).toBe(200);
        expect(local.body.data.role_id).toBe(2);
      }
      // A service account the directory refuses is the site's problem, not the member's: the same 503.
      expect((await save({ ...searchSettings(dir!), bind_password: 'wrong-service-password' })).status).toBe(200);
      expect((await login('alice', 'alice-pw')).status).toBe(503);
    });

    it('logs why a login failed without any password, and stays open to visitors on a private site', async (t) => {
      if (!site) return t.skip();
      const log = site.app.quorum.log;
      const spies = (['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const).map((level) => vi.spyOn(log, level));
      try {
        expect((await save({ ...searchSettings(dir!), bind_password: 'service-secret-9' })).status).toBe(200);
        expect((await login('alice', 'member-secret-1')).status).toBe(503);
        expect((await save(searchSettings(dir!))).status).toBe(200);
        expect((await login('alice', 'member-secret-2')).status).toBe(400);
        expect((await save({ ...searchSettings(dir!), url: `ldap://127.0.0.1:${await freePort()}`, start_tls: false })).status).toBe(200);
        expect((await login('alice', 'member-secret-3')).status).toBe(503);
        const logged = JSON.stringify(spies.flatMap((s) => s.mock.calls));
        expect(logged).toContain('"stage":"bind"');
        expect(logged).toContain('InvalidCredentialsError');
        for (const secret of ['service-secret-9', 'member-secret-1', 'member-secret-2', 'member-secret-3', READER.password]) expect(logged).not.toContain(secret);
      } finally {
        for (const s of spies) s.mockRestore();
      }
      expect((await save(searchSettings(dir!))).status).toBe(200);
      const policy = (await call(site.app, 'GET', '/answer/admin/api/siteinfo/login', { token: admin })).body.data;
      expect((await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: { ...policy, login_required: true } })).status).toBe(200);
      try {
        expect((await call(site.app, 'GET', `${V1}/question/page`)).status).toBe(401);
        expect((await call(site.app, 'GET', `${V1}/ldap/info`)).body.data.enabled).toBe(true);
        expect((await login('alice', 'alice-pw')).status).toBe(200);
      } finally {
        await call(site.app, 'PUT', '/answer/admin/api/siteinfo/login', { token: admin, body: policy });
      }
    });

    it('logs in by bind DN over ldaps:// with groups from a group search', async (t) => {
      if (!site) return t.skip();
      const direct = {
        enabled: true,
        name: 'Example Corp directory',
        url: dir!.ldapsUrl,
        start_tls: false,
        tls_ca: dir!.caPem,
        bind_mode: 'direct',
        user_dn_template: `uid={username},ou=people,${BASE_DN}`,
        attr_display_name: 'cn',
        attr_id: '',
        group_source: 'search',
        group_search_base: `ou=groups,${BASE_DN}`,
        group_filter: '(&(objectClass=groupOfNames)(member={dn}))',
        attr_group_name: 'cn',
      };
      expect((await save(direct)).status).toBe(200);
      const r = await login('bob', 'bob-pw');
      expect(r.status).toBe(200);
      // Usernames have at least 4 characters here: a shorter directory name gets the site's `user` prefix.
      expect(r.body.data).toMatchObject({ username: 'userbob', display_name: 'Bob Builder', e_mail: 'bob@example.org' });
      expect(await groupsOf(r.body.data.id)).toEqual([{ name: 'developers', dn: `cn=developers,ou=groups,${BASE_DN}`, source: 'ldap' }]);
      // Without an id attribute the entry's DN is the link.
      const link = await site.app.quorum.database!.kysely.selectFrom('external_logins').select('external_id').where('user_id', '=', r.body.data.id).executeTakeFirst();
      expect(link!.external_id).toBe(`uid=bob,ou=people,${BASE_DN}`);
      expect((await login('bob', 'alice-pw')).body.reason).toBe('error.ldap.invalid_credentials');
      // DN metacharacters in a name are escaped: no other entry can be named.
      expect((await login('bob,ou=people', 'bob-pw')).body.reason).toBe('error.ldap.invalid_credentials');
      // A certificate the configured CA did not sign fails the handshake: a 503, never a login without TLS checks.
      expect((await save({ ...direct, tls_ca: '' })).status).toBe(200);
      expect((await login('bob', 'bob-pw')).status).toBe(503);
    });
  });
}
