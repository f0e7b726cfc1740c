/**
 * What Answer 1.4.2's web client reads from each call of the pages it renders, written from Answer's response
 * structs (internal/schema) and its client (ui/src/services): the keys every object must carry, by JSON type.
 * `list:X` means `{count: number, list: X[]}`; `X[]` an array of X. Only keys the client reads or Answer always
 * sends are listed; extra keys are allowed (Answer's client ignores them).
 */
export type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null|object';
export type Shape = Record<string, Kind>;

/** Answer's UserBasicInfo. */
export const USER_BASIC: Shape = { id: 'string', username: 'string', rank: 'number', display_name: 'string', avatar: 'string', status: 'string' };

/** Answer's QuestionPageResp (list items of question/page and question/recommend/page). */
export const QUESTION_ITEM: Shape = {
  id: 'string', title: 'string', url_title: 'string', description: 'string', pin: 'number', show: 'number', status: 'number',
  tags: 'array', view_count: 'number', unique_view_count: 'number', vote_count: 'number', answer_count: 'number',
  collection_count: 'number', follow_count: 'number', accepted_answer_id: 'string', last_answer_id: 'string',
  created_at: 'number', operator: 'object',
};

/** Answer's QuestionInfoResp (question/info; `question` of answer/info and of POST /answer). */
export const QUESTION_INFO: Shape = {
  id: 'string', title: 'string', url_title: 'string', content: 'string', html: 'string', tags: 'array', view_count: 'number',
  answer_count: 'number', collection_count: 'number', follow_count: 'number', vote_count: 'number', accepted_answer_id: 'string',
  create_time: 'number', update_time: 'number', edit_time: 'number', status: 'number', pin: 'number', show: 'number', user_info: 'object',
  collected: 'boolean', vote_status: 'string', is_followed: 'boolean', member_actions: 'array', extends_actions: 'array',
};

/** Answer's AnswerInfo (answer/page items; `info` of answer/info and of POST /answer). */
export const ANSWER_INFO: Shape = {
  id: 'string', question_id: 'string', content: 'string', html: 'string', create_time: 'number', update_time: 'number',
  accepted: 'number', user_info: 'object', update_user_info: 'null|object', collected: 'boolean', vote_status: 'string',
  vote_count: 'number', status: 'number', member_actions: 'array',
};

/** Answer's GetOtherUserInfoByUsernameResp (personal/user/info, flat). */
export const PROFILE: Shape = {
  id: 'string', username: 'string', display_name: 'string', avatar: 'string', rank: 'number', bio: 'string', bio_html: 'string',
  website: 'string', location: 'string', status: 'string', question_count: 'number', answer_count: 'number',
  follow_count: 'number', created_at: 'number', last_login_date: 'number',
};

/** Answer's NotificationContent (notification/page items); `notification_action` only on inbox items. */
export const NOTIFICATION: Shape = { id: 'string', object_info: 'object', rank: 'number', is_read: 'boolean', update_time: 'number' };
export const NOTIFICATION_OBJECT: Shape = { title: 'string', object_id: 'string', object_map: 'object', object_type: 'string' };

/** Answer's RedDot (notification/status). */
export const RED_DOT: Shape = { inbox: 'number', achievement: 'number', revision: 'number', can_revision: 'boolean', badge_award: 'null|object' };

/** Answer's GetCurrentLoginUserInfoResp (user/info), the keys the header and settings read. */
export const CURRENT_USER: Shape = {
  id: 'string', username: 'string', e_mail: 'string', display_name: 'string', avatar: 'object', rank: 'number', role_id: 'number',
  status: 'string', mail_status: 'number', access_token: 'string', bio: 'string', website: 'string', location: 'string', language: 'string',
};

/** Answer's admin GetUserPageResp items (admin/api/users/page). */
export const ADMIN_USER: Shape = { user_id: 'string', username: 'string', e_mail: 'string', rank: 'number', display_name: 'string', avatar: 'string', status: 'string', role_id: 'number', role_name: 'string', created_at: 'number' };

/** Answer's GetSMTPConfigResp (admin/api/setting/smtp). */
export const SMTP: Shape = { from_email: 'string', from_name: 'string', smtp_host: 'string', smtp_port: 'number', encryption: 'string', smtp_username: 'string', smtp_password: 'string', smtp_authentication: 'boolean' };

/** Answer's GetPrivilegesConfigResp (admin/api/setting/privileges). */
export const PRIVILEGES: Shape = { options: 'array', selected_level: 'number' };
