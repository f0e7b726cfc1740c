/**
 * Third-party login through connector plugins (spec §7 "Connectors and user center"; Answer's
 * connector_controller.go and user_external_login_service.go for the flow and shapes):
 *
 * login/{name} -> provider -> redirect/{name} (the callback): a known provider account logs in; otherwise a
 * provider-verified e-mail creates the account, or links to the account that already has that address; without an
 * e-mail, or with one the provider did not verify, the member proves an address on /users/confirm-email first.
 * Each attempt has its own state, nonce and PKCE verifier, kept 10 minutes and usable once, and is bound to the
 * browser that started it (login-browser.ts: the state also travels in an HttpOnly cookie on the callback path;
 * RFC 6749 §10.12). Every request a connector makes goes through the address guard (outbound.ts).
 */
import { randomBytes } from 'node:crypto';
import { MailStatus, UserStatus, USERNAME_PATTERN, LIMITS } from '@quorum/contract';
import { ConnectorError, type ExternalUser } from '@quorum/plugin-api';
import { nowSeconds, requireDb, type AppContext } from '../../core/context.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { callPlugin, enabledPlugin, enabledPlugins, type ActivePlugin } from '../plugin/index.js';
import { signUpNeedsApproval } from '../review/index.js';
import { getSettings } from '../siteinfo/index.js';
import { assertEmailDomainAllowed, createAccount, createSession } from '../user/index.js';
import * as repo from './connector.repository.js';
import { CONNECTOR_STATE_COOKIE, randomToken, sameSecret, sha256, type LoginBrowser } from './login-browser.js';
import { guardedFetch } from './outbound.js';
import { emitDomain } from '../../core/events.js';

/** How long a login attempt may take at the provider; a bind attempt from the settings page lives longer. */
const ATTEMPT_SECONDS = 10 * 60;
const BIND_ATTEMPT_SECONDS = 30 * 60;
/** How long a provider account waits for its e-mail proof. */
const BINDING_SECONDS = 24 * 60 * 60;

const token = randomToken;

/** A failed login, redirected to the landing page with `error=<kind>` (the page shows the spec §8 hint). */
export class LoginFailure extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

/** The site's absolute base URL without a trailing slash (settings site URL; else the request's origin). */
export async function siteBase(ctx: AppContext, origin: string): Promise<string> {
  return ((await getSettings(ctx)).general.site_url || origin).replace(/\/+$/, '');
}

/** A return path is kept only when it is a path on this site ('/x', not '//host' or a URL). */
export function safeReturnPath(p: unknown): string {
  return typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') && p.length <= 1000 ? p : '';
}

async function requireConnector(ctx: AppContext, slug: string): Promise<ActivePlugin> {
  const active = await enabledPlugin(ctx, slug, 'connector');
  if (!active?.plugin.connector) throw new LoginFailure('disabled');
  return active;
}

/** The path of a connector's callback (also the Path of its state cookie). */
export function callbackPath(slug: string): string {
  return `/answer/api/v1/connector/redirect/${encodeURIComponent(slug)}`;
}

/** The callback URL a provider sends the member back to. */
export function callbackUrl(base: string, slug: string): string {
  return `${base}${callbackPath(slug)}`;
}

/**
 * GET /connector/login/{name}: starts an attempt and returns the provider's authorization URL. A new attempt's
 * state is set in the browser's `quorum_login_state` cookie on the callback path, for the attempt's 10 minutes. A
 * `state` made by /connector/user/info (binding from account settings) is reused when it belongs to this connector;
 * its cookie was set by that call, in the member's browser, and is not set again here (a bind link opened in
 * another browser cannot finish).
 * @throws LoginFailure `disabled` (not installed or off), `plugin_error` (the plugin threw, e.g. its provider's
 *   address was refused: logged, kept as its last error)
 */
export async function startLogin(ctx: AppContext, slug: string, base: string, opts: { state?: string; returnTo?: string }, browser: LoginBrowser): Promise<string> {
  const { plugin, config } = await requireConnector(ctx, slug);
  const db = requireDb(ctx);
  const now = nowSeconds();
  let attempt = opts.state ? await repo.findAttempt(db, sha256(opts.state)) : undefined;
  let state = opts.state ?? '';
  if (!attempt || attempt.slug_name !== slug || attempt.expires_at < now) {
    state = token();
    attempt = { state_hash: sha256(state), slug_name: slug, intent: 'login', user_id: '', nonce: token(), code_verifier: token(), return_to: safeReturnPath(opts.returnTo), expires_at: now + ATTEMPT_SECONDS };
    await repo.insertAttempt(db, attempt, now);
    browser.bind(CONNECTOR_STATE_COOKIE, state, callbackPath(slug), ATTEMPT_SECONDS);
  }
  const a = attempt;
  try {
    return await callPlugin(ctx, slug, () => plugin.connector!.authorizationUrl(config, { state, nonce: a.nonce, code_verifier: a.code_verifier }, callbackUrl(base, slug), guardedFetch));
  } catch {
    throw new LoginFailure('plugin_error');
  }
}

/** Where the callback sends the browser, and the session it opened (if any). */
export type CallbackOutcome =
  | { kind: 'logged_in'; token: string; returnTo: string }
  | { kind: 'bound'; returnTo: string }
  | { kind: 'confirm_email'; bindingKey: string; noEmail: boolean }
  /** a QR login confirmed on another device: nothing happens in this browser (modules/user-center) */
  | { kind: 'other_device' };

/**
 * GET /connector/redirect/{name}: finishes an attempt. The browser must send the attempt's state in its
 * `quorum_login_state` cookie (set where the attempt started); a callback without it, or with another state, is
 * refused like an unknown state and leaves the attempt, and the browser's own cookie, to their own login. A
 * callback that matches clears the cookie, whatever comes of it.
 * @throws LoginFailure with the kind: `disabled`, `state_mismatch` (unknown, used or expired state, or not this
 *   browser's), `provider_error`, `code_refused`, `nonce_mismatch`, `id_token_invalid`, `no_external_id`,
 *   `plugin_error`, `registration_closed`, `email_domain`, `account_deleted`, `already_bound`
 */
export async function finishLogin(ctx: AppContext, slug: string, base: string, url: URL, browser: LoginBrowser): Promise<CallbackOutcome> {
  const { plugin, config } = await requireConnector(ctx, slug);
  const db = requireDb(ctx);
  const now = nowSeconds();
  const state = url.searchParams.get('state') ?? '';
  const refused = () => new LoginFailure(url.searchParams.get('error') ? 'provider_error' : 'state_mismatch');
  if (!sameSecret(browser.read(CONNECTOR_STATE_COOKIE), state)) throw refused();
  browser.clear(CONNECTOR_STATE_COOKIE, callbackPath(slug));
  const attempt = await repo.takeAttempt(db, sha256(state));
  if (!attempt || attempt.slug_name !== slug || attempt.expires_at < now) throw refused();
  let profile: ExternalUser;
  try {
    profile = await callPlugin(ctx, slug, () => plugin.connector!.finish(config, { state, nonce: attempt.nonce, code_verifier: attempt.code_verifier }, url, callbackUrl(base, slug), guardedFetch), (e) => e instanceof ConnectorError);
  } catch (err) {
    if (err instanceof ConnectorError) {
      ctx.log.warn({ plugin: slug, kind: err.kind, detail: err.message }, 'third-party login refused');
      throw new LoginFailure(err.kind);
    }
    throw new LoginFailure('plugin_error');
  }
  if (!profile.external_id) throw new LoginFailure('no_external_id');
  if (attempt.intent === 'bind') {
    await bindToMember(ctx, attempt.user_id, slug, profile);
    return { kind: 'bound', returnTo: '/users/settings/account' };
  }
  return externalLogin(ctx, slug, profile, attempt.return_to);
}

async function bindToMember(ctx: AppContext, userId: string, slug: string, profile: ExternalUser): Promise<void> {
  const db = requireDb(ctx);
  const account = await repo.findAccount(db, userId);
  if (!account || account.status === UserStatus.deleted) throw new LoginFailure('account_deleted');
  const existing = await repo.findExternalLogin(db, slug, profile.external_id);
  if (existing && existing.user_id !== userId) throw new LoginFailure('already_bound');
  await repo.saveExternalLogin(db, { user_id: userId, provider: slug, external_id: profile.external_id, info: profile.meta, created_at: nowSeconds() });
}

/**
 * Logs a provider's member in (also the external user center's login, modules/user-center): a linked provider
 * account logs in; a provider-verified e-mail links to the account with that address or creates one; otherwise an
 * e-mail proof is asked for first (`confirm_email`).
 * @throws LoginFailure `registration_closed`, `email_domain`, `account_deleted`
 */
export async function externalLogin(ctx: AppContext, slug: string, profile: ExternalUser, returnTo: string): Promise<CallbackOutcome> {
  const userId = await knownMember(ctx, slug, profile);
  if (userId) return { kind: 'logged_in', token: await createSession(ctx, userId), returnTo };
  const now = nowSeconds();
  const key = token();
  await repo.insertBinding(requireDb(ctx), { key_hash: sha256(key), slug_name: slug, external_id: profile.external_id, info: JSON.stringify(profile), email: '', code_hash: '', return_to: returnTo, expires_at: now + BINDING_SECONDS }, now);
  return { kind: 'confirm_email', bindingKey: key, noEmail: !profile.email };
}

/**
 * The member a provider's account stands for, without opening a session (a QR login confirmed on another device,
 * modules/user-center: the browser that started it signs in): like externalLogin, but no e-mail proof is offered
 * to a browser that did not start the login.
 * @returns the member's id
 * @throws LoginFailure `needs_same_device` when the provider did not vouch for an address (the proof must happen
 *   in the starting browser), and externalLogin's
 */
export async function externalMember(ctx: AppContext, slug: string, profile: ExternalUser): Promise<string> {
  const userId = await knownMember(ctx, slug, profile);
  if (!userId) throw new LoginFailure('needs_same_device');
  return userId;
}

/**
 * The linked member, or the account of a provider-verified address (linked now, created when there is none), with
 * the login recorded; undefined when an e-mail proof is needed first.
 */
async function knownMember(ctx: AppContext, slug: string, profile: ExternalUser): Promise<string | undefined> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const linked = await repo.findExternalLogin(db, slug, profile.external_id);
  if (linked) {
    const account = await repo.findAccount(db, linked.user_id);
    if (account && account.status !== UserStatus.deleted) {
      await repo.saveExternalLogin(db, { ...linked, info: profile.meta });
      await repo.markLoggedIn(db, account.id, now, false);
      return account.id;
    }
  }
  if (!profile.email || !profile.email_verified) return undefined;
  const userId = await accountForVerifiedEmail(ctx, profile);
  await repo.saveExternalLogin(db, { user_id: userId, provider: slug, external_id: profile.external_id, info: profile.meta, created_at: now });
  await repo.markLoggedIn(db, userId, now, true);
  await emitDomain(ctx, { type: 'member.identity', user_id: userId });
  return userId;
}

/** The account a provider-verified address belongs to, created when there is none (login policy permitting). */
async function accountForVerifiedEmail(ctx: AppContext, profile: ExternalUser): Promise<string> {
  const existing = await repo.findAccountByEmail(requireDb(ctx), profile.email);
  if (existing) {
    if (existing.status === UserStatus.deleted) throw new LoginFailure('account_deleted');
    return existing.id;
  }
  return (await newAccount(ctx, profile, profile.email, MailStatus.activated)).id;
}

/**
 * Creates an account without a password for a provider's member; the username comes from the provider's. Like an
 * e-mail sign-up (spec §3 login policy), it needs new registrations open and an allowed domain, and it waits in
 * the review queue (status pending) while the login setting `require_user_approval` is on (modules/review).
 */
async function newAccount(ctx: AppContext, profile: ExternalUser, email: string, mailStatus: number): Promise<{ id: string }> {
  const { login } = await getSettings(ctx);
  if (!login.allow_new_registrations) throw new LoginFailure('registration_closed');
  await assertEmailDomainAllowed(ctx, email).catch(() => {
    throw new LoginFailure('email_domain');
  });
  const username = await freeUsername(ctx, profile.username || profile.display_name || email.split('@')[0]!);
  const awaitingApproval = await signUpNeedsApproval(ctx);
  return createAccount(ctx, { username, email, password: '', displayName: (profile.display_name || username).slice(0, LIMITS.usernameMax), mailStatus, awaitingApproval });
}

/** A free username from a provider's name: allowed characters only, a number appended while taken. */
async function freeUsername(ctx: AppContext, wanted: string): Promise<string> {
  let base = wanted.toLowerCase().replace(/[^a-z0-9._-]+/g, '').slice(0, LIMITS.usernameMax - 4);
  if (base.length < 4 || !USERNAME_PATTERN.test(base)) base = `user${base}`.slice(0, LIMITS.usernameMax - 4);
  const db = requireDb(ctx);
  for (let i = 0; i < 20; i++) {
    const name = i === 0 ? base : `${base}${randomBytes(2).readUInt16BE(0) % 10000}`;
    if (!(await repo.usernameTaken(db, name))) return name;
  }
  return `user${randomBytes(6).toString('hex')}`;
}

/** Answer's ExternalLoginBindingUserSendEmailResp. */
export interface BindingEmailResult {
  access_token: string;
  email_exist_and_must_be_confirmed: boolean;
}

/**
 * POST /connector/binding/email: the member names an address for a provider account waiting on
 * /users/confirm-email. A new address creates the account (not activated; activation e-mail sent) and logs in; an
 * address that has an account answers `email_exist_and_must_be_confirmed` unless `must`, and then mails a link
 * whose code binds and logs in (confirmBinding).
 * @returns the new session's token when an account was created (also set as the session cookie by the route)
 * @throws 404 `error.object.not_found` for an unknown or expired binding key; 400 when registration is closed or
 *   the domain not allowed
 */
export async function bindingEmail(ctx: AppContext, input: { binding_key: string; email: string; must: boolean }, base: string, sendMail: (userId: string, to: string, link: string) => Promise<void>, sendActivation: (userId: string) => Promise<void>): Promise<BindingEmailResult> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const binding = await repo.findBinding(db, { key_hash: sha256(input.binding_key) }, now);
  if (!binding) throw notFound('error.object.not_found');
  const email = input.email.trim().toLowerCase();
  const profile = JSON.parse(binding.info) as ExternalUser;
  const existing = await repo.findAccountByEmail(db, email);
  if (existing && existing.status !== UserStatus.deleted) {
    if (!input.must) return { access_token: '', email_exist_and_must_be_confirmed: true };
    const code = token();
    await repo.updateBinding(db, binding.key_hash, { email, code_hash: sha256(code), expires_at: now + BINDING_SECONDS });
    await sendMail(existing.id, email, `${base}/users/confirm-email?code=${encodeURIComponent(code)}`);
    return { access_token: '', email_exist_and_must_be_confirmed: false };
  }
  if (existing) throw badRequest('error.object.not_found');
  let account: { id: string };
  try {
    account = await newAccount(ctx, profile, email, MailStatus.inactive);
  } catch (err) {
    if (err instanceof LoginFailure) throw badRequest(err.kind === 'email_domain' ? 'error.email.domain_not_allowed' : 'error.user.registration_closed');
    throw err;
  }
  if (!(await repo.deleteBinding(db, binding.key_hash))) throw notFound('error.object.not_found');
  await repo.saveExternalLogin(db, { user_id: account.id, provider: binding.slug_name, external_id: binding.external_id, info: profile.meta, created_at: now });
  await sendActivation(account.id).catch((err: unknown) => ctx.log.error({ err }, 'activation e-mail could not be queued'));
  return { access_token: await createSession(ctx, account.id), email_exist_and_must_be_confirmed: false };
}

/**
 * POST /connector/binding/confirm: the link of the binding e-mail proves the address; the provider account is
 * linked to that address's account, which logs in.
 * @returns the session token and where to go next
 * @throws 403 `url_expired` for an unknown, used or expired code
 */
export async function confirmBinding(ctx: AppContext, code: string): Promise<{ token: string; returnTo: string }> {
  const db = requireDb(ctx);
  const now = nowSeconds();
  const binding = await repo.findBinding(db, { code_hash: sha256(code) }, now);
  const expired = new AppError(403, 'error.email.link_expired', { type: 'url_expired' });
  if (!binding) throw expired;
  const account = await repo.findAccountByEmail(db, binding.email);
  if (!account || account.status === UserStatus.deleted || !(await repo.deleteBinding(db, binding.key_hash))) throw expired;
  const profile = JSON.parse(binding.info) as ExternalUser;
  await repo.saveExternalLogin(db, { user_id: account.id, provider: binding.slug_name, external_id: binding.external_id, info: profile.meta, created_at: now });
  await repo.markLoggedIn(db, account.id, now, true);
  return { token: await createSession(ctx, account.id), returnTo: binding.return_to };
}

/**
 * GET /connector/user/info: every enabled connector with whether the member is linked to it; an unlinked one's
 * link carries a fresh bind-intent `state` (Answer's ConnectorUserInfoResp), also set in this browser's
 * `quorum_login_state` cookie on that connector's callback path for the state's 30 minutes (the latest listing's
 * links are the ones that work).
 */
export async function memberConnectors(ctx: AppContext, userId: string, connectors: ActivePlugin[], base: string, browser: LoginBrowser): Promise<{ name: string; icon: string; link: string; binding: boolean; external_id: string }[]> {
  const db = requireDb(ctx);
  const links = new Map((await repo.externalLoginsOf(db, userId)).map((l) => [l.provider, l.external_id]));
  const now = nowSeconds();
  const out = [];
  for (const { plugin, config } of connectors) {
    const slug = plugin.manifest.slug_name;
    const externalId = links.get(slug) ?? '';
    let link = loginLink(base, slug);
    if (!externalId) {
      const state = token();
      await repo.insertAttempt(db, { state_hash: sha256(state), slug_name: slug, intent: 'bind', user_id: userId, nonce: token(), code_verifier: token(), return_to: '', expires_at: now + BIND_ATTEMPT_SECONDS }, now);
      browser.bind(CONNECTOR_STATE_COOKIE, state, callbackPath(slug), BIND_ATTEMPT_SECONDS);
      link = `${link}?state=${encodeURIComponent(state)}`;
    }
    const shown = await connectorButton(ctx, { plugin, config });
    if (!shown) continue;
    out.push({ name: shown.name, icon: svgData(shown.icon_svg), link, binding: Boolean(externalId), external_id: externalId });
  }
  return out;
}

/**
 * A connector's button (its `display` hook, isolated by callPlugin).
 * @returns undefined when the hook throws: the error is logged and kept as the plugin's last error, and the
 *   lists leave that connector out while the others keep working
 */
export async function connectorButton(ctx: AppContext, active: ActivePlugin): Promise<{ name: string; icon_svg: string } | undefined> {
  try {
    return await callPlugin(ctx, active.plugin.manifest.slug_name, async () => active.plugin.connector!.display(active.config));
  } catch {
    return undefined;
  }
}

/** The start of a connector's login. */
export function loginLink(base: string, slug: string): string {
  return `${base}/answer/api/v1/connector/login/${encodeURIComponent(slug)}`;
}

/** An SVG document as base64 (Answer's connector `icon`); '' stays ''. */
export function svgData(svg: string): string {
  return svg ? Buffer.from(svg, 'utf8').toString('base64') : '';
}

/**
 * DELETE /connector/user/unbinding: removes one of the member's provider links. A member cannot remove their last
 * way to log in: a link goes only while another switched-on connector is linked, or they have a password and
 * password login is on (login settings `allow_password_login`; with it off, connectors are the only way in).
 * @throws 400 `error.user.external_login_unbinding_forbidden` (set a password first) or, with password login off,
 *   `error.user.external_login_last_way`; 404 when the member has no such link
 */
export async function unbind(ctx: AppContext, userId: string, externalId: string): Promise<void> {
  const db = requireDb(ctx);
  const account = await repo.findAccount(db, userId);
  const links = await repo.externalLoginsOf(db, userId);
  if (!links.some((l) => l.external_id === externalId)) throw notFound('error.object.not_found');
  const passwordLogin = (await getSettings(ctx)).login.allow_password_login;
  const passwordWorks = Boolean(account?.has_password) && passwordLogin;
  const enabled = new Set((await enabledPlugins(ctx, 'connector')).map((p) => p.plugin.manifest.slug_name));
  const otherLinks = links.filter((l) => l.external_id !== externalId && enabled.has(l.provider)).length;
  // Setting a password helps only while password login is on.
  if (!passwordWorks && otherLinks === 0) throw badRequest(passwordLogin ? 'error.user.external_login_unbinding_forbidden' : 'error.user.external_login_last_way');
  await repo.deleteExternalLogin(db, userId, externalId);
}
