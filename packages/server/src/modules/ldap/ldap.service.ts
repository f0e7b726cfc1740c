/**
 * Directory login (issue #38 item 3; docs/OPERATIONS.md "Directory login (LDAP)"): the login page's
 * "Log in with <directory>" form posts a username and password; the directory proves them (ldap.directory.ts), and
 * the entry becomes a member the way a connector's account does (modules/connector externalMember): an entry
 * linked before (external_logins, provider `ldap`, keyed by the entry's id attribute) logs in; otherwise its
 * e-mail links to the account with that address or creates one (the directory's address counts as verified: the
 * site's operator chose to trust that directory), under the login policy (open registrations, allowed domains,
 * approval). The groups the directory reports replace the member's stored ones (directory_groups).
 *
 * Password login is a separate route and never asks the directory, so a directory that is down or misconfigured
 * never locks the local administrator out. Attempts count against the same per-IP login limit as password login.
 */
import { UserStatus, type LdapSettings, type LdapTestResult } from '@quorum/contract';
import type { ExternalUser } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { AppError, badRequest } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { isSuspended, suspensionRefusal, type UserRow } from '../../core/auth/index.js';
import { externalMember, LoginFailure } from '../connector/index.js';
import { createSession, getUser, rateLimit } from '../user/index.js';
import { authenticate, DirectoryFailure, testConnection } from './ldap.directory.js';
import { replaceGroups } from './ldap.repository.js';
import { emitDomain } from '../../core/events.js';
import { ldapSettings } from './ldap.settings.js';

/** The provider name of directory logins in external_logins and directory_groups. */
export const LDAP_PROVIDER = 'ldap';

const LOGIN_FAILURES: Record<string, string> = {
  registration_closed: 'error.user.registration_closed',
  email_domain: 'error.email.domain_not_allowed',
  account_deleted: 'error.ldap.account_deleted',
};

/**
 * POST /answer/api/v1/ldap/login.
 * @returns the member and a new session token
 * @throws 404 `error.ldap.disabled` while directory login is off; 400 `error.ldap.invalid_credentials` for a wrong
 *   password or a name the directory does not know (the same answer for both); 503 `error.ldap.unavailable` when
 *   the directory cannot be reached, times out or refuses the service account (the detail is logged, without
 *   secrets); 400 `error.ldap.no_email` for an entry without an address; 400 registration closed, domain not
 *   allowed, account deleted; 403 suspended; 429 over the login rate limit
 */
export async function ldapLogin(ctx: AppContext, input: { username: string; password: string }, ip: string, lang: string): Promise<{ user: UserRow; token: string }> {
  const s = await ldapSettings(ctx);
  if (!s.enabled) throw new AppError(404, 'error.ldap.disabled');
  await rateLimit(ctx, 'login', { ip });
  let entry;
  try {
    entry = await authenticate(s, input.username, input.password);
  } catch (err) {
    if (!(err instanceof DirectoryFailure)) throw err;
    if (err.kind === 'invalid_credentials' || err.kind === 'unknown_user') {
      ctx.log.info({ ldap: err.kind, stage: err.stage }, 'directory login refused');
      throw badRequest('error.ldap.invalid_credentials', 'alert');
    }
    ctx.log.warn({ ldap: err.kind, stage: err.stage, detail: err.detail, url: s.url }, 'directory login failed: the directory did not answer as configured');
    throw new AppError(503, 'error.ldap.unavailable', { err_type: 'alert' });
  }
  if (!entry.email) throw badRequest('error.ldap.no_email', 'alert');
  const profile: ExternalUser = {
    external_id: entry.external_id,
    email: entry.email,
    email_verified: true,
    username: entry.username,
    display_name: entry.display_name,
    avatar: '',
    meta: JSON.stringify({ dn: entry.dn, attributes: entry.attributes }),
  };
  let userId: string;
  try {
    userId = await externalMember(ctx, LDAP_PROVIDER, profile);
  } catch (err) {
    if (err instanceof LoginFailure) throw badRequest(LOGIN_FAILURES[err.kind] ?? 'error.ldap.invalid_credentials', 'alert');
    throw err;
  }
  await replaceGroups(requireDb(ctx), userId, LDAP_PROVIDER, entry.groups, nowSeconds());
  await emitDomain(ctx, { type: 'member.identity', user_id: userId });
  const user = await getUser(ctx, userId);
  if (user.status === UserStatus.deleted) throw badRequest('error.ldap.account_deleted', 'alert');
  if (isSuspended(user)) throw await suspensionRefusal(ctx, user, lang);
  return { user, token: await createSession(ctx, userId) };
}

/**
 * POST /admin/api/ldap/test: tries the given (unsaved) settings: connect, StartTLS, service bind, read the search
 * base. The message is in the admin's language; `detail` is the directory's or the socket's own error text.
 */
export async function ldapTest(s: LdapSettings, lang: string): Promise<LdapTestResult> {
  const r = await testConnection(s);
  if (r.ok) return { ok: true, stage: 'done', message: translate('ldap.test.ok', lang), detail: '' };
  const { kind, stage, detail } = r.failure;
  const key = kind === 'service_bind' ? 'ldap.test.bind_refused' : kind === 'unavailable' ? `ldap.test.${stage === 'tls' ? 'tls_failed' : 'unreachable'}` : 'ldap.test.search_failed';
  return { ok: false, stage, message: translate(key, lang), detail };
}
