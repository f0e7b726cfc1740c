/**
 * The conversation with the directory server (ldapts): connect (ldap:// or ldaps://), StartTLS when asked, then
 * either search-then-bind (bind as the service account or anonymously, find exactly one entry with the user
 * filter, bind as that entry with the member's password) or direct bind (the DN template), read the mapped
 * attributes and the groups (the entry's memberOf-style attribute, or a search of group entries). Typed values are
 * escaped before they reach a filter (RFC 4515) or a DN (RFC 4514). Every operation and the connection have the
 * settings' timeout. Nothing here logs; a failure is a {@link DirectoryFailure} whose `detail` is the server's or
 * the socket's own error text, which never holds a password.
 */
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { ConnectionOptions } from 'node:tls';
import type { LdapSettings } from '@quorum/contract';

/** What the directory says about a member who proved their password. */
export interface DirectoryEntry {
  dn: string;
  /** the `attr_id` value, or the DN when there is none */
  external_id: string;
  username: string;
  display_name: string;
  email: string;
  groups: { dn: string; name: string }[];
  /** the mapped attributes as read, for reference (stored with the login link) */
  attributes: Record<string, string | string[]>;
}

/** Where a directory conversation stopped. */
export type DirectoryStage = 'connect' | 'tls' | 'bind' | 'search';

/**
 * A refused or failed directory conversation. `kind`: `unavailable` (could not connect, TLS failed, timed out, the
 * server is busy), `service_bind` (the service account was refused: a settings problem), `invalid_credentials`
 * (the member's bind was refused), `unknown_user` (no entry, or more than one, matched), `error` (anything else the
 * server answered).
 */
export class DirectoryFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'service_bind' | 'invalid_credentials' | 'unknown_user' | 'error',
    readonly stage: DirectoryStage,
    readonly detail: string,
  ) {
    super(`${kind} at ${stage}: ${detail}`);
    this.name = 'DirectoryFailure';
  }
}

/** RFC 4515 §3: a value inside a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** RFC 4514 §2.4: a value inside a DN's attribute value. */
export function escapeDnValue(value: string): string {
  let out = value.replace(/[\\,+"<>;=\0]/g, (ch) => (ch === '\0' ? '\\00' : `\\${ch}`));
  if (/^[ #]/.test(out)) out = `\\${out}`;
  if (out.endsWith(' ')) out = `${out.slice(0, -1)}\\ `;
  return out;
}

/** The text of the first RDN's value of a DN (`cn=developers,ou=groups,...` -> `developers`). */
export function firstRdnValue(dn: string): string {
  const m = /^[^=]+=((?:\\.|[^,+\\])*)/.exec(dn);
  return (m?.[1] ?? dn).replace(/\\(.)/g, '$1').trim();
}

function tlsOptions(s: LdapSettings): ConnectionOptions {
  const host = /^ldaps?:\/\/\[?([^\]/:]+)/i.exec(s.url)?.[1] ?? '';
  return { ...(s.tls_ca.trim() ? { ca: s.tls_ca } : {}), servername: /^[\d.]+$|:/.test(host) ? undefined : host, minVersion: 'TLSv1.2' };
}

const NETWORK = /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|timeout|socket|closed|connect/i;

function failure(err: unknown, stage: DirectoryStage): DirectoryFailure {
  if (err instanceof DirectoryFailure) return err;
  const e = err as { code?: unknown; message?: string; name?: string };
  const detail = `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message ?? String(err)}`.slice(0, 500);
  if (err instanceof InvalidCredentialsError) return new DirectoryFailure(stage === 'bind' ? 'service_bind' : 'invalid_credentials', stage, detail);
  // Busy (51) and unavailable (52) servers, and sockets that fail or time out, are "the directory is down".
  if (e.code === 51 || e.code === 52 || stage === 'connect' || stage === 'tls' || (typeof e.code === 'string' && NETWORK.test(e.code)) || NETWORK.test(e.message ?? '')) return new DirectoryFailure('unavailable', stage, detail);
  return new DirectoryFailure('error', stage, detail);
}

/** An open, possibly TLS-upgraded connection; `close()` always. */
async function open(s: LdapSettings): Promise<Client> {
  const ms = s.timeout_seconds * 1000;
  // ldapts opens an implicit-TLS socket whenever the client has TLS options: give them only to ldaps:// addresses.
  const secure = /^ldaps:/i.test(s.url);
  const client = new Client({ url: s.url.replace(/\/+$/, ''), timeout: ms, connectTimeout: ms, ...(secure ? { tlsOptions: tlsOptions(s) } : {}), strictDN: false });
  if (s.start_tls) {
    try {
      await client.startTLS(tlsOptions(s));
    } catch (err) {
      await close(client);
      throw failure(err, 'tls');
    }
  }
  return client;
}

async function close(client: Client): Promise<void> {
  await client.unbind().catch(() => undefined);
}

/** The connection is opened lazily by the first operation: a failure there is a connection failure. */
async function first<T>(client: Client, stage: DirectoryStage, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const f = failure(err, stage);
    if (!client.isConnected && f.kind === 'error') throw new DirectoryFailure('unavailable', 'connect', f.detail);
    if (!client.isConnected && NETWORK.test(f.detail)) throw new DirectoryFailure('unavailable', 'connect', f.detail);
    throw f;
  }
}

/** Binds as the service account (anonymous when no bind DN). */
async function serviceBind(client: Client, s: LdapSettings): Promise<void> {
  if (!s.bind_dn) return;
  await first(client, 'bind', () => client.bind(s.bind_dn, s.bind_password));
}

function values(entry: Entry, name: string): string[] {
  if (!name) return [];
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? entry[key] : undefined;
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x))).filter((x) => x !== '');
}

function wantedAttributes(s: LdapSettings): string[] {
  const list = [s.attr_username, s.attr_display_name, s.attr_email, s.attr_id, s.group_source === 'member_of' ? s.attr_member_of : ''];
  return [...new Set(list.filter(Boolean))];
}

async function groupsOf(client: Client, s: LdapSettings, entry: Entry, username: string): Promise<{ dn: string; name: string }[]> {
  if (s.group_source === 'member_of') return values(entry, s.attr_member_of).map((dn) => ({ dn, name: firstRdnValue(dn) }));
  if (s.group_source !== 'search') return [];
  const filter = s.group_filter.replaceAll('{dn}', escapeFilterValue(entry.dn)).replaceAll('{username}', escapeFilterValue(username));
  const r = await client.search(s.group_search_base, { scope: 'sub', filter, attributes: [s.attr_group_name || 'cn'], sizeLimit: 1000 });
  return r.searchEntries.map((g) => ({ dn: g.dn, name: values(g, s.attr_group_name || 'cn')[0] ?? firstRdnValue(g.dn) }));
}

/**
 * Proves a member's password with the directory and reads their entry and groups.
 * @param password must not be empty (an empty password is an unauthenticated bind, which servers accept)
 * @throws DirectoryFailure (see its kinds)
 */
export async function authenticate(s: LdapSettings, username: string, password: string): Promise<DirectoryEntry> {
  if (!password) throw new DirectoryFailure('invalid_credentials', 'search', 'empty password');
  const client = await open(s);
  try {
    let dn: string;
    if (s.bind_mode === 'search') {
      await serviceBind(client, s);
      const filter = s.user_filter.replaceAll('{username}', escapeFilterValue(username));
      const found = await first(client, 'search', () => client.search(s.search_base, { scope: 'sub', filter, attributes: ['dn'], sizeLimit: 2 }));
      if (found.searchEntries.length !== 1) throw new DirectoryFailure('unknown_user', 'search', `${found.searchEntries.length} entries matched`);
      dn = found.searchEntries[0]!.dn;
      await first(client, 'search', () => client.bind(dn, password));
    } else {
      dn = s.user_dn_template.replaceAll('{username}', escapeDnValue(username));
      await first(client, 'search', () => client.bind(dn, password));
    }
    // Read as the member (their own entry), so the service account needs no more than search rights.
    const own = await first(client, 'search', () => client.search(dn, { scope: 'base', filter: '(objectClass=*)', attributes: wantedAttributes(s) }));
    const entry = own.searchEntries[0];
    if (!entry) throw new DirectoryFailure('unknown_user', 'search', 'entry not readable after bind');
    const groups = await first(client, 'search', () => groupsOf(client, s, entry, username));
    const attributes: Record<string, string | string[]> = {};
    for (const a of wantedAttributes(s)) attributes[a] = values(entry, a);
    return {
      dn: entry.dn,
      external_id: values(entry, s.attr_id)[0] ?? entry.dn.toLowerCase(),
      username: values(entry, s.attr_username)[0] ?? username,
      display_name: values(entry, s.attr_display_name)[0] ?? '',
      email: (values(entry, s.attr_email)[0] ?? '').trim().toLowerCase(),
      groups,
      attributes,
    };
  } catch (err) {
    throw failure(err, 'search');
  } finally {
    await close(client);
  }
}

/**
 * The admin's "test connection": connect, StartTLS, service bind, and a base-scope read of the search base (the
 * group search base too, when groups are searched).
 * @returns the last stage reached; throws nothing
 */
export async function testConnection(s: LdapSettings): Promise<{ ok: true } | { ok: false; failure: DirectoryFailure }> {
  let client: Client | undefined;
  try {
    client = await open(s);
    const c = client;
    if (s.bind_dn) await serviceBind(c, s);
    else await first(c, 'connect', () => c.search('', { scope: 'base', filter: '(objectClass=*)', attributes: ['namingContexts'] }));
    const base = s.bind_mode === 'search' ? s.search_base : s.user_dn_template.split(',').slice(1).join(',');
    if (base) await first(c, 'search', () => c.search(base, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] }));
    if (s.group_source === 'search' && s.group_search_base) await first(c, 'search', () => c.search(s.group_search_base, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] }));
    return { ok: true };
  } catch (err) {
    return { ok: false, failure: failure(err, 'connect') };
  } finally {
    if (client) await close(client);
  }
}
