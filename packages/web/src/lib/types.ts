/**
 * Wire shapes the web app reads (docs/API.md; Answer 1.4.x field names). Only the fields the UI uses are
 * required; the server may send more.
 */

/** Avatar of the logged-in user: `{type, gravatar, custom}`. */
export interface AvatarInfo {
  type: string;
  gravatar: string;
  custom: string;
}

/** GET /user/info: the logged-in user (spec §3 "Logged-in user"). */
export interface CurrentUser {
  id: string;
  username: string;
  e_mail: string;
  display_name: string;
  avatar: AvatarInfo | string;
  rank: number;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  /** 'normal' | 'suspended' */
  status: string;
  /** A silence in force (Quorum's, modules/penalty): read-only until `silenced_until` (unix seconds, 0 = forever). */
  silenced?: boolean;
  silenced_until?: number;
  /** 1 activated, 2 not activated. */
  mail_status: number;
  /** 'Default' or a language code. */
  language: string;
  color_scheme: string;
  is_admin: boolean;
  role_id: number;
  have_password: boolean;
  question_count: number;
  answer_count: number;
  follow_count: number;
  created_at: number;
  last_login_date: number;
  /** Always '' for this client (it sends `X-Quorum-Client: web`): its session is the HttpOnly cookie alone. */
  access_token?: string;
}

/** Basic user info embedded in posts. `avatar` is a URL, possibly empty. */
export interface UserBasic {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  rank: number;
  status: string;
  website?: string;
  location?: string;
  language?: string;
}

/** A tag as embedded in questions. */
export interface TagInfo {
  slug_name: string;
  display_name: string;
  main_tag_slug_name?: string;
  recommend?: boolean;
  reserved?: boolean;
}

/** `{count, list}` paged payload. */
export interface PageData<T> {
  count: number;
  list: T[];
}

/** One row of GET /question/page. */
export interface QuestionListItem {
  id: string;
  title: string;
  url_title: string;
  description: string;
  status: number;
  pin: number;
  show: number;
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
  created_at: number;
  operated_at: number;
  /** e.g. 'asked' | 'answered' | 'modified' */
  operation_type: string;
  operator: Pick<UserBasic, 'id' | 'username' | 'display_name' | 'rank' | 'status'> & { avatar?: string };
  tags: TagInfo[];
}

/** GET /question/info. */
export interface QuestionInfo {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  description: string;
  tags: TagInfo[];
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
  created_at: number;
  create_time: number;
  /** Last activity on the post (an answer, an edit). */
  update_time: number;
  /** Last edit of the question itself. */
  edit_time: number;
  post_update_time: number;
  status: number;
  pin: number;
  show: number;
  user_info: UserBasic | null;
  update_user_info: UserBasic | null;
  last_answered_user_info: UserBasic | null;
  answered: boolean;
  first_answer_id: string;
  collected: boolean;
  vote_status: string;
  is_followed: boolean;
  /** The viewer's menu actions (edit, close, pin, delete, ...). */
  member_actions?: MemberAction[];
  /** Community wiki (modules/wiki), and how many members wrote its revisions. */
  wiki?: boolean;
  wiki_editor_count?: number;
  /** Why the question is not simply open (closed, pending, deleted), or null. */
  operation?: { type: string; name?: string; description: string; msg: string; time: number; level: string } | null;
}

/** A post menu entry the server offers the viewer (Answer's PermissionMemberAction). */
export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

/** One answer (GET /answer/page item, POST /answer result). */
export interface AnswerInfo {
  id: string;
  question_id: string;
  content: string;
  html: string;
  create_time: number;
  update_time: number;
  /** 1 not accepted, 2 accepted. */
  accepted: number;
  user_info: UserBasic | null;
  update_user_info: UserBasic | null;
  collected: boolean;
  vote_status: string;
  vote_count: number;
  status: number;
  member_actions?: MemberAction[];
  /** Community wiki (modules/wiki), and how many members wrote its revisions. */
  wiki?: boolean;
  wiki_editor_count?: number;
}

/** GET /siteinfo (spec §3 "Site info"); every group may be absent on a fresh install. */
export interface SiteInfo {
  general?: {
    name?: string;
    description?: string;
    short_description?: string;
    site_url?: string;
    contact_email?: string;
    permalink?: number;
  };
  interface?: { language?: string; time_zone?: string; default_avatar?: string };
  branding?: { logo?: string; square_icon?: string; mobile_logo?: string; favicon?: string };
  login?: {
    allow_new_registrations?: boolean;
    login_required?: boolean;
    allow_email_registrations?: boolean;
    allow_password_login?: boolean;
    /** Quorum's: with LDAP or SAML on, password login is for administrators (issue #38 item 6). */
    password_login_admins_only?: boolean;
  };
  site_users?: Record<string, unknown>;
  custom_css_html?: {
    custom_css?: string;
    custom_head?: string;
    custom_header?: string;
    custom_footer?: string;
    custom_sidebar?: string;
  };
  theme?: {
    theme?: string;
    color_scheme?: string;
    theme_config?: Record<string, { navbar_style?: string; primary_color?: string } | undefined>;
  };
  site_seo?: { robots?: string; permalink?: number };
  site_write?: { restrict_answer?: boolean; recommend_tags?: unknown[]; required_tag?: boolean; min_tags?: number; min_content?: number };
  version?: string;
  revision?: string;
}
