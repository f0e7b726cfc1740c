/**
 * The web session cookie (DESIGN.md "web session"): logging in sets an HttpOnly SameSite=Lax cookie (Secure over
 * HTTPS) beside a readable CSRF cookie; the cookie authenticates reads, writes need the CSRF header, the
 * Authorization header works as before without it; logout needs the header too, clears both cookies and ends the
 * session; a token kept by an older web client moves into the cookie; a private site's API and uploads accept it.
 * Our own web client (`X-Quorum-Client: web`) gets the session as the cookie only: every call that logs in, a
 * third-party login's e-mail binding included, answers it `access_token: ""`, while API clients still get the token.
 */
import { SESSION_TTL_SECONDS } from '@quorum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, adminToken, call, installedSite, shouldRun, type TestSite } from '../../../test/dialects.js';
import { getSettings, saveSection } from '../siteinfo/index.js';
import { enableOidc, loginThroughProvider, startProvider } from '../connector/provider.testkit.js';

const V1 = '/answer/api/v1';
const LOGIN = `${V1}/user/login/email`;
const TLS_HEADER = 'x-test-over-tls';
/** The header our web client sends on every API call (core/session-cookie.ts WEB_CLIENT_HEADER). */
const WEB = { 'x-quorum-client': 'web' };

interface SetCookie {
  name: string;
  value: string;
  attrs: Map<string, string>;
}

/** The Set-Cookie headers of a response, parsed: name, value and attributes (lower-cased names). */
function setCookies(headers: Record<string, unknown>): Map<string, SetCookie> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const out = new Map<string, SetCookie>();
  for (const line of lines) {
    const [pair, ...rest] = line.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    const attrs = new Map(rest.map((a) => { const i = a.indexOf('='); return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)]; }));
    out.set(pair!.slice(0, eq), { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attrs });
  }
  return out;
}

/** A browser's view after a response that set both cookies: the token and the CSRF value. */
interface Session {
  token: string;
  csrf: string;
}

function cookieHeader(s: Session): string {
  return `quorum_session=${s.token}; quorum_csrf=${s.csrf}`;
}

for (const dialect of DIALECTS) {
  describe(`web session cookie on ${dialect}`, () => {
    let site: TestSite | undefined;
    beforeAll(async () => {
      if (!(await shouldRun(dialect))) return;
      site = await installedSite(dialect);
      // A request marked with TLS_HEADER arrives as over TLS: req.protocol is then 'https' with no proxy involved.
      site.app.addHook('onRequest', async (req) => {
        if (req.headers[TLS_HEADER]) (req.raw.socket as { encrypted?: boolean }).encrypted = true;
      });
    });
    afterAll(async () => site?.close());
    const app = () => site!.app;

    async function loginSession(headers: Record<string, string> = {}): Promise<Session & { res: Awaited<ReturnType<typeof call>> }> {
      const res = await call(app(), 'POST', LOGIN, { body: { e_mail: ADMIN.email, pass: ADMIN.password }, headers });
      expect(res.status).toBe(200);
      const cookies = setCookies(res.headers);
      return { token: cookies.get('quorum_session')!.value, csrf: cookies.get('quorum_csrf')!.value, res };
    }

    it('login sets an HttpOnly SameSite=Lax session cookie for 7 days beside a readable CSRF cookie, and still returns the token', async (t) => {
      if (!site) return t.skip();
      const { res, token, csrf } = await loginSession();
      const cookies = setCookies(res.headers);
      const session = cookies.get('quorum_session')!;
      expect(token).toBe(res.body.data.access_token);
      expect(session.attrs.has('httponly')).toBe(true);
      expect(session.attrs.get('samesite')).toBe('Lax');
      expect(session.attrs.get('path')).toBe('/');
      expect(session.attrs.get('max-age')).toBe(String(SESSION_TTL_SECONDS));
      expect(session.attrs.has('secure')).toBe(false);
      const csrfCookie = cookies.get('quorum_csrf')!;
      expect(csrfCookie.attrs.has('httponly')).toBe(false);
      expect(csrfCookie.attrs.get('samesite')).toBe('Lax');
      expect(csrfCookie.attrs.get('max-age')).toBe(String(SESSION_TTL_SECONDS));
      expect(csrf).toMatch(/^[\w-]{43}$/);
      expect(csrf).not.toBe(token);
    });

    it('our web client gets the session only as the cookie: login answers access_token "" and the cookie reads, writes with CSRF and logs out', async (t) => {
      if (!site) return t.skip();
      const { res, token, csrf } = await loginSession(WEB);
      expect(res.body.data).toHaveProperty('access_token', '');
      expect(res.body.data.username).toBe(ADMIN.name);
      expect(JSON.stringify(res.body)).not.toContain(token);
      expect(token).toMatch(/^[\w-]{40,}$/);
      const s = { token, csrf };
      const info = await call(app(), 'GET', `${V1}/user/info`, { headers: { ...WEB, cookie: cookieHeader(s) } });
      expect(info.body.data).toMatchObject({ username: ADMIN.name, access_token: '' });
      const write = await call(app(), 'PUT', `${V1}/user/interface`, { body: { language: 'en_US' }, headers: { ...WEB, cookie: cookieHeader(s), 'x-csrf-token': csrf } });
      expect(write.status).toBe(200);
      const out = await call(app(), 'GET', `${V1}/user/logout`, { headers: { ...WEB, cookie: cookieHeader(s), 'x-csrf-token': csrf } });
      expect(out.status).toBe(200);
      expect((await call(app(), 'GET', `${V1}/user/info`, { token })).body.data).toBeNull();
    });

    it('our web client gets no token from registration, activation or GET /user/info, even with an Authorization header', async (t) => {
      if (!site) return t.skip();
      const reg = await call(app(), 'POST', `${V1}/user/register/email`, { headers: WEB, body: { name: 'web.reg', e_mail: 'web.reg@example.com', pass: 'password-123' } });
      expect(reg.status).toBe(200);
      expect(reg.body.data).toHaveProperty('access_token', '');
      const regToken = setCookies(reg.headers).get('quorum_session')!.value;
      expect(regToken).toMatch(/^[\w-]{40,}$/);
      expect((await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: `quorum_session=${regToken}` } })).body.data.username).toBe('web.reg');

      const admin = await adminToken(app());
      const link = await call(app(), 'GET', `/answer/admin/api/user/activation?user_id=${reg.body.data.id}`, { token: admin });
      const code = new URL(link.body.data.activation_url as string).searchParams.get('code');
      const activated = await call(app(), 'POST', `${V1}/user/email/verification`, { headers: WEB, body: { code } });
      expect(activated.status).toBe(200);
      expect(activated.body.data).toMatchObject({ username: 'web.reg', mail_status: 1, access_token: '' });
      const session = setCookies(activated.headers).get('quorum_session')!;
      expect(session.attrs.has('httponly')).toBe(true);
      expect(JSON.stringify(activated.body)).not.toContain(session.value);
      expect((await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: `quorum_session=${session.value}` } })).body.data.mail_status).toBe(1);

      // The header token is echoed to API clients, never to our web client.
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: session.value, headers: WEB })).body.data).toMatchObject({ username: 'web.reg', access_token: '' });
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: session.value })).body.data.access_token).toBe(session.value);
    });

    it('API clients and Answer\'s client (no X-Quorum-Client: web) keep getting the token in the body, the same as the cookie', async (t) => {
      if (!site) return t.skip();
      for (const headers of [{}, { 'x-quorum-client': 'answer' }, { 'x-quorum-client': '' }] as Record<string, string>[]) {
        const { res, token } = await loginSession(headers);
        expect(res.body.data.access_token).toBe(token);
        expect((await call(app(), 'GET', `${V1}/user/info`, { token })).body.data.username).toBe(ADMIN.name);
      }
      // The header's value is not case-sensitive.
      expect((await loginSession({ 'x-quorum-client': ' Web ' })).res.body.data.access_token).toBe('');
    });

    it('a third-party login that ends with an e-mail binding answers our web client no token either, only the cookie', async (t) => {
      if (!site) return t.skip();
      const idp = await startProvider();
      try {
        await enableOidc(app(), await adminToken(app()), idp.issuer);
        const bind = async (email: string, headers: Record<string, string>) => {
          idp.account = { sub: `${email}-sub`, name: 'No Mail' };
          const hopped = await loginThroughProvider(app());
          const bindingKey = new URL(hopped.location, 'http://x').searchParams.get('binding_key')!;
          return call(app(), 'POST', `${V1}/connector/binding/email`, { headers, body: { binding_key: bindingKey, email } });
        };
        const web = await bind('web.bound@example.com', WEB);
        expect(web.status).toBe(200);
        expect(web.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: false });
        const cookie = setCookies(web.headers).get('quorum_session')!.value;
        expect((await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: `quorum_session=${cookie}` } })).body.data.e_mail).toBe('web.bound@example.com');
        const api = await bind('api.bound@example.com', {});
        expect(api.body.data.access_token).toBe(setCookies(api.headers).get('quorum_session')!.value);
      } finally {
        await idp.stop();
      }
    });

    it('marks both cookies Secure when the request came over HTTPS', async (t) => {
      if (!site) return t.skip();
      const { res } = await loginSession({ [TLS_HEADER]: '1' });
      const cookies = setCookies(res.headers);
      expect(cookies.get('quorum_session')!.attrs.has('secure')).toBe(true);
      expect(cookies.get('quorum_csrf')!.attrs.has('secure')).toBe(true);
    });

    it('registration and account activation set the cookies too', async (t) => {
      if (!site) return t.skip();
      const reg = await call(app(), 'POST', `${V1}/user/register/email`, { body: { name: 'cookie.reg', e_mail: 'cookie.reg@example.com', pass: 'password-123' } });
      expect(reg.status).toBe(200);
      expect(setCookies(reg.headers).get('quorum_session')?.value).toBe(reg.body.data.access_token);
      const admin = await adminToken(app());
      const link = await call(app(), 'GET', `/answer/admin/api/user/activation?user_id=${reg.body.data.id}`, { token: admin });
      const code = new URL(link.body.data.activation_url as string).searchParams.get('code');
      const activated = await call(app(), 'POST', `${V1}/user/email/verification`, { body: { code } });
      expect(activated.status).toBe(200);
      const cookies = setCookies(activated.headers);
      expect(cookies.get('quorum_session')?.value).toBe(activated.body.data.access_token);
      expect(cookies.get('quorum_session')?.attrs.has('httponly')).toBe(true);
    });

    it('the cookie authenticates reads, and the token never comes back to a cookie caller', async (t) => {
      if (!site) return t.skip();
      const s = await loginSession();
      const info = await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: cookieHeader(s) } });
      expect(info.body.data).toMatchObject({ username: ADMIN.name, access_token: '' });
      // Only the session cookie counts: the CSRF cookie alone is no login.
      const csrfOnly = await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: `quorum_csrf=${s.csrf}` } });
      expect(csrfOnly.body.data).toBeNull();
      // The Authorization header still gets its token echoed (Answer's client).
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: s.token })).body.data.access_token).toBe(s.token);
    });

    it('a cookie-authenticated write needs the CSRF header: missing or wrong is 403, the right one works', async (t) => {
      if (!site) return t.skip();
      const s = await loginSession();
      const put = (headers: Record<string, string>, language: string) => call(app(), 'PUT', `${V1}/user/interface`, { body: { language }, headers: { cookie: cookieHeader(s), ...headers } });
      const language = async () => (await call(app(), 'GET', `${V1}/user/info`, { token: s.token })).body.data.language;

      const missing = await put({}, 'zh_CN');
      expect(missing.status).toBe(403);
      expect(missing.body.reason).toBe('error.session.csrf_invalid');
      expect(missing.body.msg).toBe('This request could not be confirmed as coming from this site. Reload the page and try again.');
      const wrong = await put({ 'x-csrf-token': 'A'.repeat(43), 'accept-language': 'zh-CN' }, 'zh_CN');
      expect(wrong.status).toBe(403);
      expect(wrong.body.msg).toBe('无法确认此请求来自本站。请刷新页面后重试。');
      // Another session's CSRF token does not fit this session.
      const other = await loginSession();
      expect((await put({ 'x-csrf-token': other.csrf }, 'zh_CN')).status).toBe(403);
      expect(await language()).not.toBe('zh_CN');

      const right = await put({ 'x-csrf-token': s.csrf }, 'zh_CN');
      expect(right.status).toBe(200);
      expect(await language()).toBe('zh_CN');
    });

    it('the Authorization header needs no CSRF token, even with a session cookie beside it', async (t) => {
      if (!site) return t.skip();
      const s = await loginSession();
      const plain = await call(app(), 'PUT', `${V1}/user/interface`, { token: s.token, body: { language: 'en_US' } });
      expect(plain.status).toBe(200);
      const other = await loginSession();
      const both = await call(app(), 'PUT', `${V1}/user/interface`, { token: s.token, body: { language: 'en_US' }, headers: { cookie: cookieHeader(other) } });
      expect(both.status).toBe(200);
    });

    it('a cookie of an ended session is no login: writes answer 401, not a CSRF refusal, and logging in again works', async (t) => {
      if (!site) return t.skip();
      const s = await loginSession();
      await call(app(), 'GET', `${V1}/user/logout`, { token: s.token });
      const stale = { cookie: cookieHeader(s) };
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { body: { language: 'en_US' }, headers: stale })).status).toBe(401);
      const again = await call(app(), 'POST', LOGIN, { body: { e_mail: ADMIN.email, pass: ADMIN.password }, headers: stale });
      expect(again.status).toBe(200);
    });

    it('logout by cookie needs the CSRF header, then clears both cookies and ends the session', async (t) => {
      if (!site) return t.skip();
      const s = await loginSession();
      // A cross-site link (SameSite=Lax sends the cookie on top-level navigation) cannot log anyone out.
      const forged = await call(app(), 'GET', `${V1}/user/logout`, { headers: { cookie: cookieHeader(s) } });
      expect(forged.status).toBe(403);
      expect(forged.body.reason).toBe('error.session.csrf_invalid');
      expect((await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: cookieHeader(s) } })).body.data?.username).toBe(ADMIN.name);

      const out = await call(app(), 'GET', `${V1}/user/logout`, { headers: { cookie: cookieHeader(s), 'x-csrf-token': s.csrf } });
      expect(out.status).toBe(200);
      const cleared = setCookies(out.headers);
      for (const name of ['quorum_session', 'quorum_csrf']) {
        expect(cleared.get(name)?.value).toBe('');
        expect(cleared.get(name)?.attrs.get('max-age')).toBe('0');
      }
      expect((await call(app(), 'GET', `${V1}/user/info`, { headers: { cookie: cookieHeader(s) } })).body.data).toBeNull();
      expect((await call(app(), 'GET', `${V1}/user/info`, { token: s.token })).body.data).toBeNull();
    });

    it('moves a token from the Authorization header into the cookies of the same session, for its remaining lifetime', async (t) => {
      if (!site) return t.skip();
      const token = await adminToken(app());
      // Two days of the session are gone already.
      const elapsed = 2 * 24 * 3600;
      await app().quorum.database!.kysely.updateTable('user_sessions').set((eb) => ({ expires_at: eb('expires_at', '-', elapsed) })).execute();
      const moved = await call(app(), 'POST', `${V1}/user/session/cookie`, { token });
      expect(moved.status).toBe(200);
      const cookies = setCookies(moved.headers);
      const session = cookies.get('quorum_session')!;
      expect(session.value).toBe(token);
      expect(session.attrs.has('httponly')).toBe(true);
      const maxAge = Number(session.attrs.get('max-age'));
      expect(maxAge).toBeLessThanOrEqual(SESSION_TTL_SECONDS - elapsed);
      expect(maxAge).toBeGreaterThan(SESSION_TTL_SECONDS - elapsed - 60);
      const s = { token, csrf: cookies.get('quorum_csrf')!.value };
      expect((await call(app(), 'PUT', `${V1}/user/interface`, { body: { language: 'en_US' }, headers: { cookie: cookieHeader(s), 'x-csrf-token': s.csrf } })).status).toBe(200);

      // Only a live token in the header: not the cookie itself, not an unknown or ended one.
      expect((await call(app(), 'POST', `${V1}/user/session/cookie`, { headers: { cookie: cookieHeader(s), 'x-csrf-token': s.csrf } })).status).toBe(401);
      expect((await call(app(), 'POST', `${V1}/user/session/cookie`, { token: 'not-a-token' })).status).toBe(401);
      await call(app(), 'GET', `${V1}/user/logout`, { token });
      const ended = await call(app(), 'POST', `${V1}/user/session/cookie`, { token });
      expect(ended.status).toBe(401);
      expect(setCookies(ended.headers).has('quorum_session')).toBe(false);
    });

    it('on a private site the cookie opens the API and /uploads', async (t) => {
      if (!site) return t.skip();
      const ctx = app().quorum;
      const s = await loginSession();
      const settings = await getSettings(ctx);
      await saveSection(ctx, 'login', { ...settings.login, login_required: true });
      try {
        const upload = '/uploads/2020/01/missing.png';
        expect((await app().inject({ method: 'GET', url: upload })).statusCode).toBe(401);
        expect((await app().inject({ method: 'GET', url: upload, headers: { cookie: cookieHeader(s) } })).statusCode).toBe(404);
        const page = `${V1}/question/page?page=1&page_size=5`;
        expect((await call(app(), 'GET', page)).status).toBe(401);
        expect((await call(app(), 'GET', page, { headers: { cookie: cookieHeader(s) } })).status).toBe(200);
        // A write on a private site still needs the CSRF header.
        const write = { body: { language: 'en_US' } };
        const refused = await call(app(), 'PUT', `${V1}/user/interface`, { ...write, headers: { cookie: cookieHeader(s) } });
        expect(refused.status).toBe(403);
        expect(refused.body.reason).toBe('error.session.csrf_invalid');
        expect((await call(app(), 'PUT', `${V1}/user/interface`, { ...write, headers: { cookie: cookieHeader(s), 'x-csrf-token': s.csrf } })).status).toBe(200);
      } finally {
        await saveSection(ctx, 'login', { ...settings.login, login_required: false });
      }
    });
  });
}
