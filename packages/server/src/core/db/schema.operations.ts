/**
 * Table types of the operator-side features (migrations 009-014): scheduled mail, admin audit, the review queue,
 * badges, plugins and connectors, API keys and webhooks. Part of the Database type in schema.ts.
 */
import type { ColumnType } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
/** A string column with a database default: optional on insert. */
type Str = ColumnType<string, string | undefined, string>;

/**
 * Scheduled mail work (migration 009), unique per kind, member and period: a weekly digest (`job_key` = the
 * week's first day), a daily or weekly tag digest, the fan-out of one new question (`job_key` = its id).
 * Status 1 waiting, 2 claimed until `lease_until`, 3 done.
 */
export interface MailJobsTable {
  kind: string;
  user_id: string;
  job_key: string;
  status: Int;
  attempts: Int;
  lease_until: Int;
  item_count: Int;
  created_at: Int;
  updated_at: Int;
}

/** Admin actions (migration 006): who (operator), what (action, target) and the changes as JSON. */
export interface AdminAuditTable {
  id: string;
  operator_id: string;
  action: string;
  target_type: string;
  target_id: string;
  changes: string;
  created_at: Int;
}

/** A post or sign-up waiting for a moderator (migration 008); `id` is the object's id. */
export interface ReviewQueueTable {
  id: string;
  /** question, answer or user */
  object_type: string;
  /** The author of the post, or the user waiting to be approved. */
  user_id: string;
  /** Why it waits: low_reputation, first_posts, too_many_links, approval_required. */
  reason: Str;
  /** 1 pending, 2 approved, 3 rejected. */
  status: Int;
  reviewer_id: Str;
  created_at: Int;
  updated_at: Int;
}

/** A badge earned by a user (migration 010); `award_key` is the post of a per-post badge, '' otherwise. */
export interface BadgeAwardsTable {
  id: string;
  user_id: string;
  badge_id: string;
  award_key: Str;
  created_at: Int;
}

/** UTC days (unix seconds / 86400) on which a member was active (migration 010). */
export interface UserVisitDaysTable {
  user_id: string;
  day: number;
}

/** A plugin's enabled state, configuration (JSON of strings) and last hook error (migration 011). */
export interface PluginConfigsTable {
  slug_name: string;
  enabled: Int;
  config: string;
  last_error: string;
  last_error_at: Int;
  updated_at: Int;
}

/** A member's settings of one plugin, JSON (migration 011). */
export interface UserPluginConfigsTable {
  user_id: string;
  slug_name: string;
  config: string;
  updated_at: Int;
}

/** A third-party login in flight (migration 011): keyed by the SHA-256 of its OAuth `state`. */
export interface ConnectorAttemptsTable {
  state_hash: string;
  slug_name: string;
  /** login | bind */
  intent: string;
  /** the member binding a provider (intent bind), else '' */
  user_id: Str;
  nonce: string;
  code_verifier: string;
  /** site path to return to after logging in */
  return_to: Str;
  expires_at: number;
}

/** A provider's account waiting for an e-mail proof (migration 011). */
export interface ConnectorBindingsTable {
  key_hash: string;
  slug_name: string;
  external_id: string;
  /** JSON of the provider's ExternalUser */
  info: string;
  /** the address the member entered, once they did */
  email: Str;
  /** SHA-256 of the code in the confirmation e-mail, once sent */
  code_hash: Str;
  return_to: Str;
  expires_at: number;
}

/** An administrator's API key, stored as its SHA-256; 0 times mean never (migration 013). */
export interface ApiKeysTable {
  id: string;
  name: string;
  user_id: string;
  scope: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  expires_at: Int;
  last_used_at: Int;
  revoked_at: Int;
}

/** A registered webhook; `events` comma-separated (migration 014). */
export interface WebhooksTable {
  id: string;
  url: string;
  events: string;
  secret: string;
  enabled: Int;
  failure_count: Int;
  created_at: number;
}

/** One event for one webhook: queue row and delivery log (migration 014). */
export interface WebhookDeliveriesTable {
  id: string;
  seq: number;
  hook_id: string;
  event: string;
  object_id: string;
  payload: string;
  status: number;
  attempts: Int;
  next_at: number;
  lease_until: Int;
  response_code: Int;
  error: Str;
  created_at: number;
  delivered_at: Int;
}

/** A plugin's short-lived key-value entry (migration 015): see modules/user-center/plugin-store.repository.ts. */
export interface PluginStoreTable {
  slug_name: string;
  store_key: string;
  value: string;
  expires_at: number;
}
