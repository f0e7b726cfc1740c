/**
 * Table types of the Quorum schema, as Kysely sees them. Created by src/migrations.
 * Conventions: ids are strings (answer-compat.md), times are unix seconds (bigint), booleans are 0/1 integers,
 * JSON documents are text.
 */
import type { ColumnType, Generated } from 'kysely';

type Int = ColumnType<number, number | undefined, number>;
/** A string column with a database default: optional on insert. */
type Str = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: string;
  username: string;
  e_mail: string;
  display_name: Str;
  pass: Str;
  mail_status: Int;
  status: Int;
  role_id: Int;
  rank: Int;
  avatar: Str;
  bio: string;
  bio_html: string;
  website: Str;
  location: Str;
  language: Str;
  color_scheme: Str;
  notice_status: Int;
  question_count: Int;
  answer_count: Int;
  follow_count: Int;
  is_placeholder: Int;
  suspended_until: number | null;
  last_login_date: Int;
  created_at: Int;
  updated_at: Int;
}

export interface UserSessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Int;
  expires_at: Int;
}

export interface SettingsTable {
  name: string;
  value: string;
  updated_at: Int;
}

export interface ConfigTable {
  name: string;
  value: string;
}

export interface IdSequencesTable {
  name: string;
  next_value: number;
}

export interface QuestionsTable {
  id: string;
  user_id: string;
  last_edit_user_id: Str;
  title: string;
  original_text: string;
  parsed_text: string;
  status: Int;
  pin: Int;
  show: Int;
  view_count: Int;
  unique_view_count: Int;
  vote_count: Int;
  answer_count: Int;
  collection_count: Int;
  follow_count: Int;
  accepted_answer_id: Str;
  last_answer_id: Str;
  revision_id: Str;
  created_at: Int;
  updated_at: Int;
  post_updated_at: Int;
}

export interface AnswersTable {
  id: string;
  question_id: string;
  user_id: string;
  last_edit_user_id: Str;
  original_text: string;
  parsed_text: string;
  status: Int;
  accepted: Int;
  vote_count: Int;
  revision_id: Str;
  created_at: Int;
  updated_at: Int;
}

export interface TagsTable {
  id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  main_tag_id: Str;
  recommend: Int;
  reserved: Int;
  follow_count: Int;
  question_count: Int;
  status: Int;
  user_id: Str;
  revision_id: Str;
  created_at: Int;
  updated_at: Int;
}

export interface TagRelTable {
  object_id: string;
  tag_id: string;
  status: Int;
  created_at: Int;
}

export interface CommentsTable {
  id: string;
  user_id: string;
  reply_user_id: Str;
  reply_comment_id: Str;
  object_id: string;
  question_id: string;
  vote_count: Int;
  status: Int;
  original_text: string;
  parsed_text: string;
  created_at: Int;
  updated_at: Int;
}

export interface VotesTable {
  user_id: string;
  object_id: string;
  object_type: string;
  vote_type: string;
  created_at: Int;
}

export interface ActivityTable {
  id: string;
  user_id: string;
  trigger_user_id: Str;
  object_id: string;
  original_object_id: Str;
  activity_type: string;
  rank: Int;
  has_rank: Int;
  cancelled: Int;
  revision_id: Str;
  /** Reputation rule applied by this row (migration 003), '' when none. */
  rank_key: Str;
  /** Reason text of a moderator action (migration 008), '' when none. */
  reason: Str;
  created_at: Int;
  updated_at: Int;
}

export interface RevisionsTable {
  id: string;
  user_id: string;
  object_type: string;
  object_id: string;
  title: Str;
  content: string;
  log: Str;
  status: Int;
  reviewer_id: Str;
  created_at: Int;
  updated_at: Int;
}

export interface CollectionsTable {
  id: string;
  user_id: string;
  object_id: string;
  created_at: Int;
}

export interface FollowsTable {
  user_id: string;
  object_id: string;
  object_type: string;
  created_at: Int;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  object_id: Str;
  type: string;
  content: string;
  is_read: Int;
  status: Int;
  /** Inbox sub-type (migration 004): 1 posts, 2 votes, 3 invites, 4 messages; 0 achievements. */
  inbox_type: Int;
  created_at: Int;
  updated_at: Int;
}

export interface ReportsTable {
  id: string;
  user_id: string;
  object_id: string;
  object_type: string;
  reported_user_id: Str;
  report_type: Int;
  content: string;
  flagged_content: string;
  status: Int;
  handled_by: Str;
  created_at: Int;
  updated_at: Int;
}

export interface OutboxTable {
  id: string;
  kind: string;
  payload: string;
  status: Int;
  attempts: Int;
  next_attempt_at: Int;
  last_error: string;
  created_at: Int;
  updated_at: Int;
  /** One key per event and recipient (migration 009), unique; NULL for mails that need none. */
  dedup_key?: string | null;
}

export interface FilesTable {
  id: string;
  user_id: string;
  path: string;
  mime: string;
  size: Int;
  created_at: Int;
}

export interface MetaTable {
  id: string;
  object_id: string;
  name: string;
  value: string;
  user_id: Str;
  created_at: Int;
}

export interface ExternalLoginsTable {
  user_id: string;
  provider: string;
  external_id: string;
  info: string;
  created_at: Int;
}

export interface ImportMapTable {
  source: string;
  kind: string;
  external_id: string;
  internal_id: string;
}

export interface QuestionLinksTable {
  from_question_id: string;
  to_question_id: string;
  created_at: Int;
}

/** One-time codes sent by e-mail (migration 005); only the SHA-256 of a code is stored. */
export interface UserCodesTable {
  code_hash: string;
  user_id: string;
  /** activate | reset_password | change_email | unsubscribe */
  purpose: string;
  /** JSON, e.g. the new address of an e-mail change. */
  payload: string;
  expires_at: Int;
  /** 0 while unused. */
  used_at: Int;
  created_at: Int;
}

/** Captcha answers, single use (migration 005). */
export interface CaptchasTable {
  id: string;
  answer_hash: string;
  action: string;
  expires_at: Int;
  created_at: Int;
}

/** A user's e-mail notification options, 0/1 (migration 005). */
export interface UserNotificationConfigTable {
  user_id: string;
  inbox: Int;
  all_new_question: Int;
  all_new_question_for_following_tags: Int;
  updated_at: Int;
  /** New questions in followed tags: instant, daily or weekly (migration 009). */
  tag_frequency: Str;
}

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

export interface Database {
  users: UsersTable;
  user_sessions: UserSessionsTable;
  settings: SettingsTable;
  config: ConfigTable;
  id_sequences: IdSequencesTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  tags: TagsTable;
  tag_rel: TagRelTable;
  comments: CommentsTable;
  votes: VotesTable;
  activity: ActivityTable;
  revisions: RevisionsTable;
  collections: CollectionsTable;
  follows: FollowsTable;
  notifications: NotificationsTable;
  reports: ReportsTable;
  outbox: OutboxTable;
  files: FilesTable;
  meta: MetaTable;
  external_logins: ExternalLoginsTable;
  import_map: ImportMapTable;
  question_links: QuestionLinksTable;
  user_codes: UserCodesTable;
  captchas: CaptchasTable;
  user_notification_config: UserNotificationConfigTable;
  mail_jobs: MailJobsTable;
  admin_audit: AdminAuditTable;
  review_queue: ReviewQueueTable;
  badge_awards: BadgeAwardsTable;
  user_visit_days: UserVisitDaysTable;
  plugin_configs: PluginConfigsTable;
  user_plugin_configs: UserPluginConfigsTable;
  connector_attempts: ConnectorAttemptsTable;
  connector_bindings: ConnectorBindingsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

/** Placeholder to keep `Generated` importable for future auto columns. */
export type _Generated = Generated<number>;
