/**
 * Directory (LDAP) login calls (docs/API.md "Directory login"):
 * - GET /answer/api/v1/ldap/info: `{enabled, name}` for the login page;
 * - POST /answer/api/v1/ldap/login `{username, password}`: logs in; answers like POST /user/login/email (the
 *   current user, with the session cookies set; the token in the body for API clients only);
 * - GET and PUT /answer/admin/api/ldap/settings (admins): the settings, the bind password masked;
 * - POST /answer/admin/api/ldap/test (admins): tries the form's settings without saving them.
 */
import type { FastifyInstance } from 'fastify';
import { LdapLoginReq, LdapSettingsReq, SESSION_TTL_SECONDS, type LdapInfo } from '@quorum/contract';
import { registerOrganizationLogin, requireAdmin } from '../../core/auth/index.js';
import { ok, parse } from '../../core/http.js';
import { bodyToken, setSessionCookies } from '../../core/session-cookie.js';
import { presentCurrentUser } from '../user/index.js';
import { ldapLogin, ldapTest } from './ldap.service.js';
import { ldapSettings, presentLdapSettings, saveLdapSettings, withStoredPassword } from './ldap.settings.js';

/** Fastify plugin registering the calls listed in this file's header; services come from `app.quorum`. */
export async function ldapRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.quorum;
  registerOrganizationLogin('ldap', async (c) => (await ldapSettings(c)).enabled);
  const strict = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  app.get('/answer/api/v1/ldap/info', async (req) => {
    const s = await ldapSettings(ctx);
    const info: LdapInfo = { enabled: s.enabled, name: s.enabled ? s.name : '' };
    return ok(req, info);
  });

  app.post('/answer/api/v1/ldap/login', strict, async (req, reply) => {
    const input = parse(LdapLoginReq, req.body);
    const { user, token } = await ldapLogin(ctx, input, req.ip, req.lang);
    setSessionCookies(req, reply, token, SESSION_TTL_SECONDS);
    return ok(req, presentCurrentUser(user, bodyToken(req, token)));
  });

  app.get('/answer/admin/api/ldap/settings', async (req) => {
    await requireAdmin(ctx, req);
    return ok(req, presentLdapSettings(await ldapSettings(ctx)));
  });

  app.put('/answer/admin/api/ldap/settings', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const input = parse(LdapSettingsReq, req.body);
    await saveLdapSettings(ctx, admin, input);
    return ok(req, null);
  });

  app.post('/answer/admin/api/ldap/test', strict, async (req) => {
    await requireAdmin(ctx, req);
    const input = parse(LdapSettingsReq, req.body);
    return ok(req, await ldapTest(withStoredPassword(input, await ldapSettings(ctx)), req.lang));
  });
}
