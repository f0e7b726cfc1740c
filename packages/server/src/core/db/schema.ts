/**
 * Table types of the Quorum schema, as Kysely sees them. Created by src/migrations.
 * Conventions: ids are strings (answer-compat.md), times are unix seconds (bigint), booleans are 0/1 integers,
 * JSON documents are text.
 */
import type { ColumnType, Generated } from 'kysely';
import type { MailJobsTable, AdminAuditTable, ReviewQueueTable, BadgeAwardsTable, UserVisitDaysTable, PluginConfigsTable, UserPluginConfigsTable, ConnectorAttemptsTable, ConnectorBindingsTable, ApiKeysTable, WebhooksTable, WebhookDeliveriesTable } from './schema.operations.js';

export type { MailJobsTable, AdminAuditTable, ReviewQueueTable, BadgeAwardsTable, UserVisitDaysTable, PluginConfigsTable, UserPluginConfigsTable, ConnectorAttemptsTable, ConnectorBindingsTable, ApiKeysTable, WebhooksTable, WebhookDeliveriesTable } from './schema.operations.js';

import type { PluginStoreTable } from './schema.operations.js';
import type { UserPenaltiesTable } from './schema.penalty.js';
import type { TagMergesTable } from './schema.tagmerge.js';
import type { PostLocksTable, QuestionProtectionsTable } from './schema.lock.js';
import type { CloseVoteRoundsTable, CloseVotesTable } from './schema.closevote.js';
import type { BountiesTable } from './schema.bounty.js';
import type { StagingFeedbackTable, StagingQuestionsTable } from './schema.staging.js';

export type { UserPenaltiesTable } from './schema.penalty.js';
export type { TagMergesTable } from './schema.tagmerge.js';
export type { PostLocksTable, QuestionProtectionsTable } from './schema.lock.js';
export type { CloseVoteRoundsTable, CloseVotesTable } from './schema.closevote.js';
export type { BountiesTable } from './schema.bounty.js';
export type { StagingFeedbackTable, StagingQuestionsTable } from './schema.staging.js';

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
  /** The silence in force (migration 027): null none, 0 forever, else when it ends (unix seconds). */
  silenced_until: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** 0, or unix seconds of when the question became community wiki (migration 033). */
  wiki_at: Int;
  /** The open bounty's amount, start and end (unix seconds), all 0 when none is open (migration 035, modules/bounty). */
  bounty_amount: Int;
  bounty_started_at: Int;
  bounty_ends_at: Int;
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
  /** 0, or unix seconds of when the answer became community wiki (migration 033). */
  wiki_at: Int;
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
  /** The question's list order keys, kept by triggers (migration 042); written by no code. */
  q_listed: Generated<number>;
  q_pin: Generated<number>;
  q_created_at: Generated<number>;
  q_post_updated_at: Generated<number>;
  q_vote_count: Generated<number>;
  q_view_count: Generated<number>;
  q_answer_count: Generated<number>;
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
  /** The flag's weight when filed, in thousandths (migration 029; 1000 = a new member's flag). */
  weight: Int;
  /** 0, or the post's status before this flag hid it pending review (migration 029). */
  hid_status: Int;
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
  /** Mailing-list mode: every new post of followed tags by e-mail, 0/1 (migration 039). */
  mailing_list: Int;
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
  plugin_store: PluginStoreTable;
  user_penalties: UserPenaltiesTable;
  tag_merges: TagMergesTable;
  post_locks: PostLocksTable;
  question_protections: QuestionProtectionsTable;
  close_vote_rounds: CloseVoteRoundsTable;
  close_votes: CloseVotesTable;
  bounties: BountiesTable;
  staging_questions: StagingQuestionsTable;
  staging_feedback: StagingFeedbackTable;
}

/** Placeholder to keep `Generated` importable for future auto columns. */
export type _Generated = Generated<number>;
