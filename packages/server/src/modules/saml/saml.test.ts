/**
 * SAML 2.0 login over HTTP on every engine, against the test identity provider of test/saml-idp.ts (xml-crypto
 * signatures, a key pair and certificate made in the test):
 * - the admin saves the settings (turning on needs the IdP's entity ID, SSO URL and certificate), tests them; the
 *   metadata names our entity ID, ACS and SLO; the login page's info call offers the button;
 * - SP-initiated login: /saml/login sends the browser to the IdP with an AuthnRequest; the Response to it logs the
 *   member in with the mapped username, display name, e-mail and groups (directory_groups, source `saml`);
 *   IdP-initiated login works too, and can be switched off;
 * - refused, each with its own code on the login page: a forged (tampered) assertion, one signed with another key,
 *   an expired one (the clock skew setting decides at the edge), a replayed one, one for another audience, an
 *   unsigned one, a signed Response around an unsigned assertion, another issuer, another recipient, an
 *   InResponseTo we never sent;
 * - single logout: the IdP's signed LogoutRequest ends the member's sessions (an unsigned one is refused); our
 *   logout answers the IdP's logout URL with a LogoutRequest, and its LogoutResponse comes back to '/';
 * - a misconfigured or unreachable IdP gives a clear error and the local admin still logs in with a password; on a
 *   private site the SAML endpoints stay reachable.
 */
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { freePort } from '../../../test/ports.js';
import { makeKeyPair, testIdp, type IdpUser, type KeyPair, type TestIdp } from '../../../test/saml-idp.js';
import { directoryGroupsOf } from '../ldap/index.js';
import { getSettings, saveSection } from '../siteinfo/index.js';

const V1 = '/answer/api/v1';
const SETTINGS = '/answer/admin/api/saml/settings';
const BASE = 'http://localhost:9080';
const ALICE: IdpUser = { nameId: 'alice@example.org', password: 'alice-pass', attributes: { uid: 'alice', displayName: 'Alice Liddell', email: 'alice@example.org', groups: ['engineering', 'staff'] } };
const BOB: IdpUser = { nameId: 'bob@example.org', password: 'bob-pass', attributes: { uid: 'bob', displayName: 'Bob Builder', email: 'bob@example.org', groups: 'staff' } };

let idp: TestIdp;
let otherKey: KeyPair;
beforeAll(async () => {
  idp = await testIdp(BASE);
  otherKey = await makeKeyPair('Not the IdP');
}, 30000);

/** The settings trusting the test IdP. */
const settings = (extra: Record<string, unknown> = {}) => ({ enabled: true, name: 'Example Corp SSO', ...idp.settings, clock_skew_seconds: 60, ...extra });

/** Where a redirect goes, and the saml_error code it carries ('' for none). */
function refusal(r: { status?: number; statusCode?: number; headers: Record<string, unknown> }): string {
  expect(r.status ?? r.statusCode).toBe(302);
  return new URL(String(r.headers.location), BASE).searchParams.get('saml_error') ?? '';
}

for (const dialect of DIALECTS) {
  describe(`SAML login on ${dialect}`, () => {
    let site: TestSite | undefined;
    let admin = '';
    const acs = (samlResponse: string, relay = '') =>
      site!.app.inject({ method: 'POST', url: `${V1}/saml/acs`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relay }).toString() });
    const sessionOf = (r: { headers: Record<string, unknown> }) => /quorum_session=([^;]+)/.exec(String(r.headers['set-cookie']))?.[1] ?? '';
    const save = async (body: Record<string, unknown>) => expect((await call(site!.app, 'PUT', SETTINGS, { token: admin, body })).status).toBe(200);
    /** An AuthnRequest ID, from the redirect /saml/login answers. */
    const startLogin = async () => {
      const r = await site!.app.inject({ method: 'GET', url: `${V1}/saml/login?redirect=/questions` });
      expect(r.statusCode).toBe(302);
      const location = new URL(String(r.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(idp.settings.idp_sso_url);
      expect(location.searchParams.get('RelayState')).toBe('/questions');
      const xml = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest')!, 'base64')).toString();
      expect(xml).toContain(`AssertionConsumerServiceURL="${BASE}/answer/api/v1/saml/acs"`);
      return /\sID="([^"]+)"/.exec(xml)![1]!;
    };
    const options = (o: Record<string, unknown> = {}) => ({ user: ALICE, acsUrl: `${BASE}${V1}/saml/acs`, audience: `${BASE}${V1}/saml/metadata`, ...o });

    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      admin = await adminToken(site.app);
    }, 60000);
    afterAll(async () => site?.close());

    it('saves the settings, serves the metadata and offers the button', async (t) => {
      if (!site) return t.skip();
      const off = await call(site.app, 'GET', `${V1}/saml/info`);
      expect(off.body.data).toEqual({ enabled: false, name: '', login_url: '' });
      expect(refusal(await call(site.app, 'GET', `${V1}/saml/login`))).toBe('disabled');
      const incomplete = await call(site.app, 'PUT', SETTINGS, { token: admin, body: { enabled: true, idp_sso_url: 'ftp://x' } });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['idp_cert', 'idp_entity_id', 'idp_sso_url']);
      expect((await call(site.app, 'PUT', SETTINGS, { body: settings() })).status).toBe(401);
      await save(settings());
      expect((await call(site.app, 'GET', SETTINGS, { token: admin })).body.data).toMatchObject({ enabled: true, idp_entity_id: idp.entityId, clock_skew_seconds: 60, allow_idp_initiated: true });
      expect((await call(site.app, 'GET', `${V1}/saml/info`)).body.data).toEqual({ enabled: true, name: 'Example Corp SSO', login_url: `${V1}/saml/login` });
      const meta = await site.app.inject({ method: 'GET', url: `${V1}/saml/metadata` });
      expect(meta.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
      expect(meta.body).toContain(`entityID="${BASE}${V1}/saml/metadata"`);
      expect(meta.body).toContain(`Location="${BASE}${V1}/saml/acs"`);
      expect(meta.body).toContain(`Location="${BASE}${V1}/saml/slo"`);
      expect(meta.body).toContain('WantAssertionsSigned="true"');
    });

    it('logs a member in, SP-initiated and IdP-initiated, with the mapped attributes and groups', async (t) => {
      if (!site) return t.skip();
      const requestId = await startLogin();
      const r = await acs(idp.response(options({ inResponseTo: requestId })), '/questions');
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe('/users/auth-landing?redirect=%2Fquestions');
      const me = await call(site.app, 'GET', `${V1}/user/info`, { token: sessionOf(r) });
      expect(me.body.data).toMatchObject({ username: 'alice', display_name: 'Alice Liddell', e_mail: 'alice@example.org' });
      const groups = await directoryGroupsOf(site.app.quorum.database!, me.body.data.id, 'saml');
      expect(groups.map((g) => g.name)).toEqual(['engineering', 'staff']);
      // The request was answered: a second Response to it is refused.
      expect(refusal(await acs(idp.response(options({ inResponseTo: requestId }))))).toBe('unsolicited');
      // IdP-initiated: no InResponseTo; the same member, groups replaced.
      const again = await acs(idp.response(options({ user: { ...ALICE, attributes: { ...ALICE.attributes, groups: 'staff' } } })));
      expect(again.statusCode).toBe(303);
      const me2 = await call(site.app, 'GET', `${V1}/user/info`, { token: sessionOf(again) });
      expect(me2.body.data.id).toBe(me.body.data.id);
      expect((await directoryGroupsOf(site.app.quorum.database!, me.body.data.id, 'saml')).map((g) => g.name)).toEqual(['staff']);
      await save(settings({ allow_idp_initiated: false }));
      expect(refusal(await acs(idp.response(options())))).toBe('unsolicited');
      await save(settings());
    });

    it('refuses forged, expired, replayed, unsigned and misdirected assertions, each with its own code', async (t) => {
      if (!site) return t.skip();
      const used = idp.response(options({ user: BOB }));
      expect((await acs(used)).statusCode).toBe(303);
      expect(refusal(await acs(used))).toBe('replayed');
      expect(refusal(await acs(idp.response(options({ tamper: true }))))).toBe('signature');
      expect(refusal(await acs(idp.response(options({ key: otherKey }))))).toBe('signature');
      expect(refusal(await acs(idp.response(options({ validFor: -600 }))))).toBe('expired');
      expect(refusal(await acs(idp.response(options({ audience: 'https://other.example/sp' }))))).toBe('audience');
      expect(refusal(await acs(idp.response(options({ sign: 'none' }))))).toBe('unsigned');
      expect(refusal(await acs(idp.response(options({ sign: 'response' }))))).toBe('signature');
      expect(refusal(await acs(idp.response(options({ issuer: 'https://evil.example/idp' }))))).toBe('issuer');
      expect(refusal(await acs(idp.response(options({ recipient: 'https://other.example/acs' }))))).toBe('recipient');
      expect(refusal(await acs(idp.response(options({ inResponseTo: '_never-sent' }))))).toBe('unsolicited');
      expect(refusal(await acs(Buffer.from('<not-saml/>').toString('base64')))).toBe('invalid');
      expect(refusal(await acs(''))).toBe('invalid');
      // Clock skew: 30 s past expiry passes with 60 s of skew and not with none.
      expect((await acs(idp.response(options({ validFor: -30 })))).statusCode).toBe(303);
      await save(settings({ clock_skew_seconds: 0 }));
      expect(refusal(await acs(idp.response(options({ validFor: -30 }))))).toBe('expired');
      // Also requiring a signed Response: an assertion signed alone is refused, both signed pass.
      await save(settings({ want_response_signed: true }));
      expect(refusal(await acs(idp.response(options())))).toBe('signature');
      expect((await acs(idp.response(options({ sign: 'both' })))).statusCode).toBe(303);
      await save(settings());
    });

    it('single logout: the IdP ends the sessions, and our logout asks the IdP to end its own', async (t) => {
      if (!site) return t.skip();
      const token = sessionOf(await acs(idp.response(options({ sessionIndex: '_s1' }))));
      const other = sessionOf(await acs(idp.response(options())));
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token })).body.data.username).toBe('alice');
      const unsigned = idp.redirectQuery('SAMLRequest', idp.logoutRequestXml(ALICE.nameId)).replace(/&SigAlg=.*$/, '');
      expect(refusal(await call(site.app, 'GET', `${V1}/saml/slo?${unsigned}`))).toBe('unsigned');
      const forged = idp.redirectQuery('SAMLRequest', idp.logoutRequestXml(ALICE.nameId), 'x', otherKey);
      expect(refusal(await call(site.app, 'GET', `${V1}/saml/slo?${forged}`))).toBe('signature');
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token })).body.data.username).toBe('alice');
      const r = await call(site.app, 'GET', `${V1}/saml/slo?${idp.redirectQuery('SAMLRequest', idp.logoutRequestXml(ALICE.nameId), 'relay-1')}`);
      expect(r.status).toBe(302);
      const back = new URL(String(r.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(idp.settings.idp_slo_url);
      expect(back.searchParams.get('RelayState')).toBe('relay-1');
      expect(inflateRawSync(Buffer.from(back.searchParams.get('SAMLResponse')!, 'base64')).toString()).toContain('status:Success');
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token })).body.data).toBeNull();
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token: other })).body.data).toBeNull();

      // Our own logout: this session ends, and the IdP's logout URL carries a LogoutRequest for the member.
      const mine = sessionOf(await acs(idp.response(options({ sessionIndex: '_s2' }))));
      const out = await call(site.app, 'POST', `${V1}/saml/logout`, { token: mine });
      expect(out.status).toBe(200);
      const to = new URL(out.body.data.redirect_url);
      expect(`${to.origin}${to.pathname}`).toBe(idp.settings.idp_slo_url);
      const request = inflateRawSync(Buffer.from(to.searchParams.get('SAMLRequest')!, 'base64')).toString();
      expect(request).toContain('alice@example.org');
      expect(request).toContain('_s2');
      expect((await call(site.app, 'GET', `${V1}/user/info`, { token: mine })).body.data).toBeNull();
      const requestId = /\sID="([^"]+)"/.exec(request)![1]!;
      const done = await call(site.app, 'GET', `${V1}/saml/slo?${idp.redirectQuery('SAMLResponse', idp.logoutResponseXml(requestId))}`);
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/');
      // A member who never used SAML logs out locally only.
      expect((await call(site.app, 'POST', `${V1}/saml/logout`, { token: await adminToken(site.app) })).body.data).toEqual({ redirect_url: '' });
      expect((await call(site.app, 'POST', `${V1}/saml/logout`)).status).toBe(401);
    });

    it('a misconfigured or unreachable IdP gives a clear error and the admin keeps the password login', async (t) => {
      if (!site) return t.skip();
      const closed = await freePort();
      const test = async (body: Record<string, unknown>) => (await call(site!.app, 'POST', '/answer/admin/api/saml/test', { token: admin, body })).body.data;
      expect(await test(settings({ idp_cert: '-----BEGIN CERTIFICATE-----\nnot a cert\n-----END CERTIFICATE-----' }))).toMatchObject({ ok: false, stage: 'cert', message: "The identity provider's certificate could not be read." });
      process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE = 'on';
      try {
        const down = await test(settings({ idp_sso_url: `http://127.0.0.1:${closed}/sso` }));
        expect(down).toMatchObject({ ok: false, stage: 'sso_url', message: "The identity provider's sign-on address did not answer (address, firewall or timeout)." });
        expect(down.detail).toMatch(/ECONNREFUSED/);
      } finally {
        delete process.env.QUORUM_WEBHOOK_ALLOW_PRIVATE;
      }
      // The IdP's certificate changed without the settings: every assertion is refused, clearly.
      await save(settings({ idp_cert: otherKey.cert, idp_sso_url: `http://127.0.0.1:${closed}/sso` }));
      expect(refusal(await acs(idp.response(options())))).toBe('signature');
      const password = await call(site.app, 'POST', `${V1}/user/login/email`, { body: { e_mail: ADMIN.email, pass: ADMIN.password } });
      expect(password.status).toBe(200);
      expect(password.body.data.role_id).toBe(2);
      await save(settings());
    });

    it('keeps the SAML endpoints open on a private site', async (t) => {
      if (!site) return t.skip();
      const ctx = site.app.quorum;
      const s = await getSettings(ctx);
      await saveSection(ctx, 'login', { ...s.login, login_required: true });
      try {
        expect((await site.app.inject({ method: 'GET', url: `${V1}/saml/metadata` })).statusCode).toBe(200);
        expect((await call(site.app, 'GET', `${V1}/saml/info`)).status).toBe(200);
        expect((await site.app.inject({ method: 'GET', url: `${V1}/saml/login` })).statusCode).toBe(302);
        const bob = await acs(idp.response(options({ user: BOB })));
        expect([bob.statusCode, bob.headers.location]).toEqual([303, '/users/auth-landing?redirect=%2F']);
        expect((await call(site.app, 'GET', `${V1}/saml/slo?${idp.redirectQuery('SAMLRequest', idp.logoutRequestXml(BOB.nameId))}`)).status).toBe(302);
      } finally {
        await saveSection(ctx, 'login', { ...s.login, login_required: false });
      }
    });
  });
}
