/**
 * The only place of modules/saml that touches Kysely (the settings document, the `saml` row of `settings`, goes
 * through modules/siteinfo's loadSettingsRow and saveSettingsRow): the message IDs of `saml_message_ids` (migration 044:
 * requests sent and assertions used, shared by every worker and node), and the SAML links of `external_logins`
 * (the NameID and session index of a member's last SAML login, for single logout).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation, type Db } from '../../core/db/index.js';

/** A row of `saml_message_ids` (migration 044). */
interface MessageIdRow {
  kind: string;
  id_hash: string;
  value: string;
  expires_at: number;
}

interface SamlTables {
  saml_message_ids: MessageIdRow;
  external_logins: { user_id: string; provider: string; external_id: string; info: string };
}

const k = (db: Db) => db.kysely as unknown as Kysely<SamlTables>;


const hash = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * Remembers a message ID of `kind` until `expiresAt` (unix seconds); rows of any kind past their expiry go first.
 * @returns false when the ID is already remembered and not expired (for an assertion: a replay)
 */
export async function rememberId(db: Db, kind: 'request' | 'assertion', id: string, value: string, expiresAt: number, now: number): Promise<boolean> {
  await k(db).deleteFrom('saml_message_ids').where('expires_at', '<', now).execute();
  try {
    await k(db).insertInto('saml_message_ids').values({ kind, id_hash: hash(id), value: value.slice(0, 191), expires_at: expiresAt }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The value remembered with a message ID, or null when unknown or expired. */
export async function recalledId(db: Db, kind: 'request' | 'assertion', id: string, now: number): Promise<string | null> {
  const row = await k(db).selectFrom('saml_message_ids').select('value').where('kind', '=', kind).where('id_hash', '=', hash(id)).where('expires_at', '>=', now).executeTakeFirst();
  return row ? row.value : null;
}

/** Forgets a message ID (a request that was answered). */
export async function forgetId(db: Db, kind: 'request' | 'assertion', id: string): Promise<void> {
  await k(db).deleteFrom('saml_message_ids').where('kind', '=', kind).where('id_hash', '=', hash(id)).execute();
}

/** The member linked to a SAML NameID (`external_logins`, provider `saml`), if any. */
export async function memberOfNameId(db: Db, provider: string, nameId: string): Promise<string | undefined> {
  const row = await k(db).selectFrom('external_logins').select('user_id').where('provider', '=', provider).where('external_id', '=', nameId).executeTakeFirst();
  return row?.user_id;
}

/** The member's SAML link: NameID and the stored login details (JSON written at each SAML login). */
export async function samlLinkOf(db: Db, provider: string, userId: string): Promise<{ external_id: string; info: string } | undefined> {
  return k(db).selectFrom('external_logins').select(['external_id', 'info']).where('provider', '=', provider).where('user_id', '=', userId).executeTakeFirst();
}
