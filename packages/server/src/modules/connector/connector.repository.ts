/**
 * The only place that queries `connector_attempts`, `connector_bindings` (migration 011) and `external_logins`
 * (migration 001: which provider account belongs to which member), plus the two user lookups the third-party
 * login needs.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { ConnectorAttemptsTable, ConnectorBindingsTable, ExternalLoginsTable } from '../../core/db/schema.js';

export type AttemptRow = Selectable<ConnectorAttemptsTable>;
export type BindingRow = Selectable<ConnectorBindingsTable>;
export type ExternalLoginRow = Selectable<ExternalLoginsTable>;

/** Stores a login attempt (and drops expired ones). */
export async function insertAttempt(db: Db, row: AttemptRow, now: number): Promise<void> {
  await db.kysely.deleteFrom('connector_attempts').where('expires_at', '<', now).execute();
  await db.kysely.insertInto('connector_attempts').values(row).execute();
}

/** An attempt by its state hash, or undefined. */
export async function findAttempt(db: Db, stateHash: string): Promise<AttemptRow | undefined> {
  return db.kysely.selectFrom('connector_attempts').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
}

/**
 * Takes an attempt once: deletes it and returns it, or undefined when another request took it first or it
 * never existed.
 */
export async function takeAttempt(db: Db, stateHash: string): Promise<AttemptRow | undefined> {
  const row = await findAttempt(db, stateHash);
  if (!row) return undefined;
  const r = await db.kysely.deleteFrom('connector_attempts').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(r.numDeletedRows) > 0 ? row : undefined;
}

/** Stores a provider account waiting for an e-mail proof (and drops expired ones). */
export async function insertBinding(db: Db, row: BindingRow, now: number): Promise<void> {
  await db.kysely.deleteFrom('connector_bindings').where('expires_at', '<', now).execute();
  await db.kysely.insertInto('connector_bindings').values(row).execute();
}

/** A pending binding by key hash or by confirmation-code hash, if not expired. */
export async function findBinding(db: Db, by: { key_hash: string } | { code_hash: string }, now: number): Promise<BindingRow | undefined> {
  const q = db.kysely.selectFrom('connector_bindings').selectAll().where('expires_at', '>=', now);
  return ('key_hash' in by ? q.where('key_hash', '=', by.key_hash) : q.where('code_hash', '=', by.code_hash).where('code_hash', '!=', '')).executeTakeFirst();
}

/** Records the address a member entered and the hash of the code mailed to it. */
export async function updateBinding(db: Db, keyHash: string, patch: { email: string; code_hash: string; expires_at: number }): Promise<void> {
  await db.kysely.updateTable('connector_bindings').set(patch).where('key_hash', '=', keyHash).execute();
}

/**
 * Deletes a pending binding.
 * @returns true when this call deleted it (so two confirmations of one link cannot both bind)
 */
export async function deleteBinding(db: Db, keyHash: string): Promise<boolean> {
  const r = await db.kysely.deleteFrom('connector_bindings').where('key_hash', '=', keyHash).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The link of a provider account, or undefined. */
export async function findExternalLogin(db: Db, provider: string, externalId: string): Promise<ExternalLoginRow | undefined> {
  return db.kysely.selectFrom('external_logins').selectAll().where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst();
}

/** Every provider account linked to a member. */
export async function externalLoginsOf(db: Db, userId: string): Promise<ExternalLoginRow[]> {
  return db.kysely.selectFrom('external_logins').selectAll().where('user_id', '=', userId).execute();
}

/** Links a provider account to a member, or moves an existing link to them, with the provider's latest profile. */
export async function saveExternalLogin(db: Db, row: ExternalLoginRow): Promise<void> {
  if (await findExternalLogin(db, row.provider, row.external_id)) {
    await db.kysely.updateTable('external_logins').set({ user_id: row.user_id, info: row.info }).where('provider', '=', row.provider).where('external_id', '=', row.external_id).execute();
    return;
  }
  await db.kysely.insertInto('external_logins').values(row).execute();
}

/**
 * Removes one of a member's provider links.
 * @returns how many rows went (0 when the member has no such link)
 */
export async function deleteExternalLogin(db: Db, userId: string, externalId: string): Promise<number> {
  const r = await db.kysely.deleteFrom('external_logins').where('user_id', '=', userId).where('external_id', '=', externalId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The id and statuses of the account with an e-mail address (lower-cased), or undefined. */
export async function findAccountByEmail(db: Db, email: string): Promise<{ id: string; status: number; mail_status: number } | undefined> {
  return db.kysely.selectFrom('users').select(['id', 'status', 'mail_status']).where('e_mail', '=', email).executeTakeFirst();
}

/** Id, status and whether a password is set, by id. */
export async function findAccount(db: Db, id: string): Promise<{ id: string; status: number; mail_status: number; has_password: boolean } | undefined> {
  const row = await db.kysely.selectFrom('users').select(['id', 'status', 'mail_status', 'pass']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, status: row.status, mail_status: row.mail_status, has_password: row.pass !== '' };
}

/** True when a username is taken. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return Boolean(await db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
}

/** Marks an account's e-mail verified and records the login time. */
export async function markLoggedIn(db: Db, id: string, now: number, verifyEmail: boolean): Promise<void> {
  await db.kysely.updateTable('users').set({ last_login_date: now, ...(verifyEmail ? { mail_status: 1 } : {}) }).where('id', '=', id).execute();
}
