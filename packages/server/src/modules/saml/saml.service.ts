/**
 * SAML 2.0 login (issue #38 item 4; docs/OPERATIONS.md "Single sign-on (SAML 2.0)"), Web Browser SSO profile with
 * the HTTP-Redirect binding towards the IdP and HTTP-POST back to our assertion consumer service (ACS):
 * - SP-initiated: GET /saml/login sends the browser to the IdP with an AuthnRequest whose ID is remembered
 *   (saml_message_ids); the IdP posts a Response whose InResponseTo names it.
 * - IdP-initiated: the IdP posts a Response without InResponseTo (when the admin allows it).
 * The signed assertion (saml.sp.ts checks signature, issuer, audience, times, InResponseTo) is then used once: its
 * ID is remembered until it expires, so a second post of the same assertion (a replay) is refused on every node.
 * Its NameID and attributes become a member the way a connector's account does (modules/connector
 * externalMember: a linked NameID logs in; else the e-mail links to or creates an account, the IdP's address
 * counting as verified), and the group claim replaces the member's `saml` groups (directory_groups).
 * Single logout: the IdP's signed LogoutRequest ends the member's sessions; our own logout sends a LogoutRequest.
 *
 * Password login is a separate route that never asks the IdP, so an IdP that is down or misconfigured never locks
 * the local administrator out.
 */
import { SamlStatusError, type Profile } from '@node-saml/node-saml';
import { UserStatus, type SamlErrorCode, type SamlSettings } from '@quorum/contract';
import type { ExternalUser } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { isSuspended, type UserRow } from '../../core/auth/index.js';
import { externalMember, LoginFailure } from '../connector/index.js';
import { replaceDirectoryGroups } from '../ldap/index.js';
import { emitDomain } from '../../core/events.js';
import { createSession, endUserSessions, getUser } from '../user/index.js';
import { memberOfNameId, rememberId, samlLinkOf } from './saml.repository.js';
import { SAML_PATHS, serviceProvider } from './saml.sp.js';
import { samlSettings } from './saml.settings.js';

/** The provider name of SAML logins in external_logins and directory_groups. */
export const SAML_PROVIDER = 'saml';

/** A refused SAML message: `code` is shown to the member (contract SAML_ERROR_CODES), `detail` only logged. */
export class SamlRefusal extends Error {
  constructor(
    readonly code: SamlErrorCode,
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'SamlRefusal';
  }
}

const LOGIN_FAILURES: Record<string, SamlErrorCode> = {
  registration_closed: 'registration_closed',
  email_domain: 'email_domain',
  account_deleted: 'account_deleted',
  needs_same_device: 'no_email',
};

/** How long at most an assertion ID is kept when the assertion names no expiry, seconds. */
const DEFAULT_ASSERTION_TTL = 60 * 60;

async function enabledSettings(ctx: AppContext): Promise<SamlSettings> {
  const s = await samlSettings(ctx);
  if (!s.enabled) throw new SamlRefusal('disabled');
  if (!s.idp_sso_url || !s.idp_cert.trim() || !s.idp_entity_id) throw new SamlRefusal('not_configured');
  return s;
}

/**
 * GET /saml/login: the IdP address the browser goes to, with a new AuthnRequest (its ID remembered).
 * @param returnTo a path on this site, carried as RelayState
 * @throws SamlRefusal `disabled`, `not_configured`
 */
export async function startLogin(ctx: AppContext, base: string, returnTo: string): Promise<string> {
  const s = await enabledSettings(ctx);
  return serviceProvider(ctx, s, base).getAuthorizeUrlAsync(returnTo, undefined, {});
}

/** node-saml's error for a refused Response, as one of our codes (the message text is node-saml's own). */
export function classify(err: unknown, responseXml: string): SamlRefusal {
  if (err instanceof SamlRefusal) return err;
  if (err instanceof SamlStatusError) return new SamlRefusal('idp_refused', err.message);
  const msg = err instanceof Error ? err.message : String(err);
  if (/No response found|Missing SAML|Unknown SAML/i.test(msg)) return new SamlRefusal('invalid', msg);
  if (/signature/i.test(msg)) return new SamlRefusal(/<([A-Za-z0-9_-]+:)?Signature[\s>]/.test(responseXml) ? 'signature' : 'unsigned', msg);
  if (/expired|not yet valid|too old/i.test(msg)) return new SamlRefusal('expired', msg);
  if (/audience/i.test(msg)) return new SamlRefusal('audience', msg);
  if (/issuer/i.test(msg)) return new SamlRefusal('issuer', msg);
  if (/InResponseTo/i.test(msg)) return new SamlRefusal('unsolicited', msg);
  return new SamlRefusal('invalid', msg);
}

type Xml = Record<string, unknown>;
const first = (v: unknown): Xml | undefined => (Array.isArray(v) && v.length ? (v[0] as Xml) : undefined);
const attrOf = (node: Xml | undefined, name: string): string => {
  const a = node?.$ as Record<string, string> | undefined;
  return typeof a?.[name] === 'string' ? a[name] : '';
};

/** The assertion's ID, the Recipients it names and its latest NotOnOrAfter (ms, 0 when none). */
function assertionFacts(profile: Profile): { id: string; recipients: string[]; notOnOrAfter: number } {
  const a = first([(profile.getAssertion?.() as Xml | undefined)?.Assertion]);
  const times: number[] = [];
  const conditions = first(a?.Conditions);
  if (attrOf(conditions, 'NotOnOrAfter')) times.push(Date.parse(attrOf(conditions, 'NotOnOrAfter')));
  const recipients: string[] = [];
  for (const sc of (first(a?.Subject)?.SubjectConfirmation as Xml[] | undefined) ?? []) {
    const data = first(sc.SubjectConfirmationData);
    if (attrOf(data, 'Recipient')) recipients.push(attrOf(data, 'Recipient'));
    if (attrOf(data, 'NotOnOrAfter')) times.push(Date.parse(attrOf(data, 'NotOnOrAfter')));
  }
  const valid = times.filter((t) => Number.isFinite(t));
  return { id: attrOf(a, 'ID'), recipients, notOnOrAfter: valid.length ? Math.max(...valid) : 0 };
}

/** The values of an attribute (node-saml puts them on the profile by Name: a string or a list). */
function values(profile: Profile, name: string): string[] {
  if (!name) return [];
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const v = attributes[name];
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.map((x) => (typeof x === 'string' ? x : typeof x === 'object' && x && '_' in x ? String((x as { _: unknown })._) : String(x))).map((x) => x.trim()).filter(Boolean);
}

/** The member data of a verified profile, by the settings' attribute mapping. */
export function mapProfile(s: SamlSettings, profile: Profile): { external: ExternalUser; groups: string[] } {
  const nameIsEmail = /emailAddress$/.test(profile.nameIDFormat ?? '') || /^[^\s@]+@[^\s@]+$/.test(profile.nameID);
  const email = values(profile, s.attr_email)[0] ?? (nameIsEmail ? profile.nameID : '');
  const username = values(profile, s.attr_username)[0] ?? email.split('@')[0] ?? '';
  const displayName = values(profile, s.attr_display_name)[0] ?? username;
  const groups = [...new Set(values(profile, s.attr_groups))];
  const meta = { name_id: profile.nameID, name_id_format: profile.nameIDFormat, session_index: profile.sessionIndex ?? '', issuer: profile.issuer, groups };
  return { external: { external_id: profile.nameID, email, email_verified: true, username, display_name: displayName, avatar: '', meta: JSON.stringify(meta) }, groups };
}

/**
 * POST /saml/acs: verifies the IdP's Response, uses its assertion up and logs the member in.
 * @returns the member, a new session token and the RelayState path ('' when none or not a local path)
 * @throws SamlRefusal with the code of the first check that failed
 */
export async function finishLogin(ctx: AppContext, base: string, samlResponse: string): Promise<{ user: UserRow; token: string }> {
  const s = await enabledSettings(ctx);
  if (!samlResponse) throw new SamlRefusal('invalid', 'no SAMLResponse');
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(ctx, s, base).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    throw classify(err, xml);
  }
  if (!profile?.nameID) throw new SamlRefusal('invalid', 'no NameID');
  // node-saml compares the Issuer of logout messages only: the assertion's is ours to check.
  if (profile.issuer !== s.idp_entity_id) throw new SamlRefusal('issuer', `Issuer ${profile.issuer} is not ${s.idp_entity_id}`);
  const facts = assertionFacts(profile);
  if (!facts.id) throw new SamlRefusal('invalid', 'assertion without ID');
  const acs = `${base}${SAML_PATHS.acs}`;
  if (facts.recipients.length && !facts.recipients.includes(acs)) throw new SamlRefusal('recipient', `Recipient ${facts.recipients.join(', ')} is not ${acs}`);
  const now = nowSeconds();
  const expires = facts.notOnOrAfter ? Math.ceil(facts.notOnOrAfter / 1000) + s.clock_skew_seconds : now + DEFAULT_ASSERTION_TTL;
  const db = requireDb(ctx);
  if (!(await rememberId(db, 'assertion', `${profile.issuer}\n${facts.id}`, '', Math.max(expires, now + 1), now))) throw new SamlRefusal('replayed', `assertion ${facts.id} was used before`);
  const { external, groups } = mapProfile(s, profile);
  if (!external.email) throw new SamlRefusal('no_email', `NameID format ${profile.nameIDFormat}, no ${s.attr_email} attribute`);
  let userId: string;
  try {
    userId = await externalMember(ctx, SAML_PROVIDER, external);
  } catch (err) {
    if (err instanceof LoginFailure) throw new SamlRefusal(LOGIN_FAILURES[err.kind] ?? 'invalid', err.kind);
    throw err;
  }
  if (s.attr_groups) {
    await replaceDirectoryGroups(db, userId, SAML_PROVIDER, groups.map((g) => ({ dn: g, name: g })), now);
    // Groups that follow a directory group (modules/group) are brought up to date for this member.
    await emitDomain(ctx, { type: 'member.identity', user_id: userId });
  }
  const user = await getUser(ctx, userId);
  if (user.status === UserStatus.deleted) throw new SamlRefusal('account_deleted');
  if (isSuspended(user)) throw new SamlRefusal('suspended');
  return { user, token: await createSession(ctx, userId) };
}

/**
 * GET /saml/slo: the IdP's LogoutRequest (HTTP-Redirect binding, signed: an unsigned one is refused, or anyone could
 * log members out) ends every session of the member its NameID is linked to, and answers the IdP's LogoutResponse
 * URL; the IdP's LogoutResponse to our own LogoutRequest answers '/'.
 * @param query the parsed query; `rawQuery` the query text as sent (the signature covers it)
 * @throws SamlRefusal for a message that is not valid
 */
export async function singleLogout(ctx: AppContext, base: string, query: Record<string, string>, rawQuery: string): Promise<string> {
  const s = await enabledSettings(ctx);
  const sp = serviceProvider(ctx, s, base);
  if (query.SAMLRequest) {
    if (!query.Signature) throw new SamlRefusal('unsigned', 'LogoutRequest without Signature');
    let profile: Profile | null;
    try {
      ({ profile } = await sp.validateRedirectAsync(query, rawQuery));
    } catch (err) {
      throw classify(err, '<Signature>');
    }
    if (!profile) throw new SamlRefusal('invalid', 'no LogoutRequest');
    const userId = await memberOfNameId(requireDb(ctx), SAML_PROVIDER, profile.nameID);
    if (userId) await endUserSessions(ctx, userId);
    return sp.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
  }
  if (query.SAMLResponse) {
    try {
      await sp.validateRedirectAsync(query, rawQuery);
    } catch (err) {
      throw classify(err, '');
    }
    return '/';
  }
  throw new SamlRefusal('invalid', 'neither SAMLRequest nor SAMLResponse');
}

/**
 * POST /saml/logout (the member's own logout, after the local session ended): the IdP's single logout URL with a
 * LogoutRequest for the member's last SAML login, or '' when SAML or its logout URL is off or the member never
 * logged in with SAML.
 */
export async function logoutRedirect(ctx: AppContext, base: string, userId: string): Promise<string> {
  const s = await samlSettings(ctx);
  if (!s.enabled || !s.idp_slo_url || !s.idp_cert.trim()) return '';
  const link = await samlLinkOf(requireDb(ctx), SAML_PROVIDER, userId);
  if (!link) return '';
  let info: { name_id_format?: string; session_index?: string; issuer?: string } = {};
  try {
    info = JSON.parse(link.info) as typeof info;
  } catch {
    /* an unreadable record: NameID alone */
  }
  const profile: Profile = { issuer: info.issuer ?? s.idp_entity_id, nameID: link.external_id, nameIDFormat: info.name_id_format ?? s.name_id_format, ...(info.session_index ? { sessionIndex: info.session_index } : {}) };
  return serviceProvider(ctx, s, base).getLogoutUrlAsync(profile, '/', {});
}
