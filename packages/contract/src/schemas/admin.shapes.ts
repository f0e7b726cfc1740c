/**
 * Response shapes of the admin console calls (under /answer/admin/api): Answer 1.4.2's field names, plus Quorum's
 * additions where noted. Requests are validated with the schemas of admin.ts.
 */

/** GET /admin/api/language/options and /admin/api/theme/options: `[{label, value}]`. */
export interface LabelValue {
  label: string;
  value: string;
}

/* ---------------- Dashboard: GET /admin/api/dashboard -> {info: DashboardInfo} ---------------- */

/** One day of the 30-day charts: `date` is YYYY-MM-DD in the site's time zone. */
export interface DashboardDay {
  date: string;
  questions: number;
  answers: number;
  users: number;
}

/** A first-run checklist item: `key` names it (smtp, legal, registration), `done` when fixed, `link` the admin page. */
export interface DashboardChecklistItem {
  key: 'smtp' | 'legal' | 'registration';
  done: boolean;
  link: string;
}

/** One recorded admin action (audit log). `changes`: field -> [before, after] for settings; details for user actions. */
export interface AdminAuditEntry {
  id: string;
  created_at: number;
  /** settings.update, user.status, user.role, user.password, user.add, user.profile, question.status, answer.status ... */
  action: string;
  target_type: 'settings' | 'user' | 'question' | 'answer' | 'group';
  target_id: string;
  changes: Record<string, unknown>;
  operator: { user_id: string; username: string; display_name: string };
}

/**
 * Answer's DashboardInfo fields plus Quorum's: review_count (posts and edits waiting for review), outbox_pending
 * (e-mails waiting), database_type, uploads and database sizes in bytes, the 30-day series, the first-run checklist
 * and the recent admin actions.
 */
export interface DashboardInfo {
  question_count: number;
  answer_count: number;
  comment_count: number;
  vote_count: number;
  user_count: number;
  report_count: number;
  review_count: number;
  /** Listed open or closed questions that have an accepted answer, and their share of question_count ('33.33'). */
  resolved_count: number;
  resolved_rate: string;
  /** Listed open or closed questions without any answer, and their share of question_count ('0.00' when none). */
  unanswered_count: number;
  unanswered_rate: string;
  uploading_files: boolean;
  /** Answer's SMTP state: `enabled` (host, port and sender set), `not_configured`, `disabled` (unreadable). */
  smtp: 'enabled' | 'disabled' | 'not_configured';
  https: boolean;
  login_required: boolean;
  time_zone: string;
  /** Human-readable size of the uploads directory, e.g. '1.2 MB'. */
  occupying_storage_space: string;
  uploads_size_bytes: number;
  /** Seconds since this process started, as a string (Answer). */
  app_start_time: string;
  version_info: { version: string; revision: string; remote_version: string };
  database_type: 'sqlite3' | 'postgres' | 'mysql';
  database_version: string;
  /** Human-readable size, e.g. '35.1 MB'. */
  database_size: string;
  database_size_bytes: number;
  outbox_pending: number;
  days: DashboardDay[];
  checklist: DashboardChecklistItem[];
  recent_actions: AdminAuditEntry[];
}

/* ---------------- Contents: rows of the question and answer lists ---------------- */

/** The author of a listed post (Answer's UserBasicInfo, trimmed). */
export interface AdminPostAuthor {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  status: string;
}

/** One row of the admin question list (Answer's AdminQuestionInfo + status and url_title). */
export interface AdminQuestionItem {
  id: string;
  title: string;
  url_title: string;
  vote_count: number;
  answer_count: number;
  accepted_answer_id: string;
  status: 'normal' | 'closed' | 'deleted' | 'pending';
  pin: number;
  show: number;
  create_time: number;
  update_time: number;
  edit_time: number;
  user_info: AdminPostAuthor;
}

/** One row of the admin answer list (Answer's AdminAnswerInfo + status). */
export interface AdminAnswerItem {
  id: string;
  question_id: string;
  description: string;
  accepted: number;
  vote_count: number;
  status: 'normal' | 'deleted' | 'pending';
  create_time: number;
  update_time: number;
  user_info: AdminPostAuthor;
  question_info: { id: string; title: string; url_title: string };
}

/* ---------------- Users ---------------- */

/** The users/{user_id} page: the list row plus profile fields, counts and the user's recent admin history. */
export interface AdminUserDetail {
  user_id: string;
  username: string;
  display_name: string;
  e_mail: string;
  avatar: string;
  rank: number;
  role_id: number;
  role_name: string;
  status: 'normal' | 'suspended' | 'deleted' | 'inactive' | 'pending';
  created_at: number;
  deleted_at: number;
  suspended_at: number;
  /** 0 = not suspended or forever (see status). */
  suspended_until: number;
  bio: string;
  website: string;
  location: string;
  last_login_date: number;
  question_count: number;
  answer_count: number;
  history: AdminAuditEntry[];
}
