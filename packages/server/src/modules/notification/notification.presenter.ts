/** Notifications as they leave the server (Answer's NotificationContent shape). */
import { urlTitle } from '@quorum/contract';
import { translate } from '../../core/i18n.js';
import { badgeText } from '../badge/badge.i18n.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { NotificationRow } from './notification.repository.js';

/** What a notification row's `content` holds (JSON). */
export interface NotificationContent {
  /** e.g. comment_question, comment_answer, reply_to_you, mention_you, invited_you_to_answer, answer_the_question, accept_answer; '' for achievements */
  action: string;
  trigger_user_id: string;
  object_type: string;
  object_id: string;
  title: string;
  question_id?: string;
  answer_id?: string;
  comment_id?: string;
  rank?: number;
}

/** Parses stored content; tolerates rows written by older code. */
export function parseContent(row: NotificationRow): NotificationContent {
  try {
    return JSON.parse(row.content) as NotificationContent;
  } catch {
    return { action: '', trigger_user_id: '', object_type: '', object_id: row.object_id, title: '' };
  }
}

/**
 * The phrase of a stored action key in `lang` (e.g. `answer_the_question` -> "answered your question"): Answer's
 * server translates `notification_action` for the reader and its client shows it as it comes. Unknown keys get
 * the generic phrase; '' (achievements) stays ''.
 */
export function actionPhrase(action: string, lang: string): string {
  if (!action) return '';
  const key = `notification.action.${action}`;
  const phrase = translate(key, lang);
  return phrase === key ? translate('notification.action.other', lang) : phrase;
}

/**
 * One item of GET /notification/page: `{id, user_info?, object_info: {title, url_title, object_id, object_map,
 * object_type}, rank, notification_action?, is_read, update_time}` (Answer's NotificationContent;
 * `notification_action` is the translated phrase and is left out when empty, as Answer's omitempty does for
 * achievements; `url_title` is Quorum's, '' for achievements). Badge awards: object_type `badge_award`,
 * `object_map.badge_id`.
 */
export function presentNotification(row: NotificationRow, content: NotificationContent, users: Map<string, UserRow>, lang: string): Record<string, unknown> {
  const objectMap: Record<string, string> = {};
  if (content.question_id) objectMap.question = content.question_id;
  if (content.answer_id) objectMap.answer = content.answer_id;
  if (content.comment_id) objectMap.comment = content.comment_id;
  const isBadge = content.object_type === 'badge';
  // A badge award goes out as Answer's does (badge_award_service): object_type `badge_award`, the award (this
  // notification's id) as object and the badge in object_map.badge_id, which Answer's client links to.
  if (isBadge) objectMap.badge_id = content.object_id;
  const out: Record<string, unknown> = {
    id: row.id,
    object_info: {
      title: isBadge ? badgeText(content.title, 'name', lang) : content.title,
      // The question's permalink slug, so links to it need no redirect (Quorum; Answer's client slugs titles itself).
      url_title: !isBadge && (objectMap.question || content.object_type === 'question') && content.title ? urlTitle(content.title) : '',
      object_id: isBadge ? row.id : content.object_id,
      object_map: objectMap,
      object_type: isBadge ? 'badge_award' : content.object_type,
    },
    rank: content.rank ?? 0,
    is_read: row.is_read === 1,
    update_time: row.created_at,
  };
  const phrase = isBadge ? badgeText('award', 'action', lang) : actionPhrase(content.action, lang);
  if (phrase) out.notification_action = phrase;
  if (content.trigger_user_id) out.user_info = presentBasicUser(users.get(content.trigger_user_id));
  return out;
}
