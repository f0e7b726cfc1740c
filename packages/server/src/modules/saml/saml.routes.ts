/**
 * SAML 2.0 login calls (docs/API.md "SAML single sign-on"):
 * - GET /answer/api/v1/saml/info: `{enabled, name, login_url}` for the login page;
 * - GET /answer/api/v1/saml/metadata: the SP metadata (XML) to give the IdP;
 * - GET /answer/api/v1/saml/login?redirect=/path: SP-initiated login, a redirect to the IdP;
 * - POST /answer/api/v1/saml/acs (form: SAMLResponse, RelayState): the assertion consumer service; logs in and
 *   sends the browser to /users/auth-landing, or back to /users/login?saml_error=<code> when refused;
 * - GET /answer/api/v1/saml/slo: single logout (the IdP's LogoutRequest, or its LogoutResponse to ours);
 * - POST /answer/api/v1/saml/logout (a member): ends this session and answers where to end the IdP's;
 * - GET and PUT /answer/admin/api/saml/settings, POST /answer/admin/api/saml/test (admins).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SamlSettingsReq, SESSION_TTL_SECONDS, type SamlInfo, type SamlLogoutResult } from '@quorum/contract';
import { registerOrganizationLogin, requestCredential, requireAdmin, requireUser } from '../../core/auth/index.js';
import { ok, parse } from '../../core/http.js';
import { clearSessionCookies, setSessionCookies } from '../../core/session-cookie.js';
import { safeReturnPath, siteBase } from '../connector/index.js';
import { endSession } from '../user/index.js';
import { finishLogin, logoutRedirect, SamlRefusal, singleLogout, startLogin } from './saml.service.js';
import { samlSettings, samlTest, saveSamlSettings } from './saml.settings.js';
import { metadataXml, SAML_PATHS } from './saml.sp.js';

/** SAML Responses are base64 XML with a certificate or two: 512 KB is plenty. */
const FORM_LIMIT = 512 * 1024;

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function samlRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  registerOrganizationLogin('saml', async (c) => (await samlSettings(c)).enabled);
  // Per IP: an office behind one address may log in many members at once; the ACS parses signed XML.
  const strict = { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };
  // The IdP posts an HTML form (SAML Bindings §3.5); this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  /** Sends the browser back to the login page with the refusal's code; the detail goes to the log. */
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown, step: string) => {
    if (!(err instanceof SamlRefusal)) throw err;
    ctx.log.warn({ saml: err.code, step, detail: err.detail }, 'SAML message refused');
    return reply.redirect(`/users/login?saml_error=${encodeURIComponent(err.code)}`, 302);
  };

  app.get('/answer/api/v1/saml/info', async (req) => {
    const s = await samlSettings(ctx);
    const info: SamlInfo = { enabled: s.enabled, name: s.enabled ? s.name : '', login_url: s.enabled ? SAML_PATHS.login : '' };
    return ok(req, info);
  });

  app.get(SAML_PATHS.metadata, async (req, reply) => {
    const xml = metadataXml(ctx, await samlSettings(ctx), await siteBase(ctx, origin(req)));
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
  });

  app.get<{ Querystring: { redirect?: string } }>(SAML_PATHS.login, strict, async (req, reply) => {
    try {
      const url = await startLogin(ctx, await siteBase(ctx, origin(req)), safeReturnPath(req.query.redirect) || '/');
      return reply.redirect(url, 302);
    } catch (err) {
      return refuse(req, reply, err, 'login');
    }
  });

  app.post<{ Body: Record<string, string> | undefined }>(SAML_PATHS.acs, strict, async (req, reply) => {
    try {
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const { token } = await finishLogin(ctx, await siteBase(ctx, origin(req)), typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '');
      setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
      const returnTo = safeReturnPath(body.RelayState) || '/';
      return reply.redirect(`/users/auth-landing?redirect=${encodeURIComponent(returnTo)}`, 303);
    } catch (err) {
      return refuse(req, reply, err, 'acs');
    }
  });

  app.get<{ Querystring: Record<string, string> }>(SAML_PATHS.slo, strict, async (req, reply) => {
    try {
      // The HTTP-Redirect binding signs the query exactly as the IdP encoded it (SAML Bindings §3.4.4.1), so the
      // signature is checked on the raw query string; the path was decided by the router.
      const q = req.url.indexOf('?');
      const raw = q < 0 ? '' : req.url.slice(q + 1);
      return reply.redirect(await singleLogout(ctx, await siteBase(ctx, origin(req)), req.query, raw), 302);
    } catch (err) {
      return refuse(req, reply, err, 'slo');
    }
  });

  // A write: with the session cookie it needs the CSRF header (requireUser checks it), so no other site can log out.
  app.post('/answer/api/v1/saml/logout', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const redirect = await logoutRedirect(ctx, await siteBase(ctx, origin(req)), user.id);
    const { token, source } = requestCredential(req);
    if (token) await endSession(ctx, token);
    if (source === 'cookie') clearSessionCookies(req, reply);
    const out: SamlLogoutResult = { redirect_url: redirect };
    return ok(req, out);
  });

  app.get('/answer/admin/api/saml/settings', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await samlSettings(ctx));
  });

  app.put('/answer/admin/api/saml/settings', async (req) => {
    const admin = await requireAdmin(ctx, req);
    await saveSamlSettings(ctx, admin, parse(SamlSettingsReq, req.body));
    return ok(req, null);
  });

  app.post('/answer/admin/api/saml/test', strict, async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, await samlTest(parse(SamlSettingsReq, req.body), req.lang));
  });
}
