/**
 * Enumerations of the wire format (answer-compat.md "IDs and enums", spec §3-§4).
 */

/** Post status codes: question and answer rows. */
export const PostStatus = { normal: 1, closed: 2, deleted: 10, pending: 11 } as const;
export type PostStatusCode = (typeof PostStatus)[keyof typeof PostStatus];

/** `pin` field: 1 unpinned, 2 pinned. */
export const PinState = { unpinned: 1, pinned: 2 } as const;
/** `show` field: 1 listed, 2 unlisted. */
export const ShowState = { listed: 1, unlisted: 2 } as const;

/** Role ids (spec §6). */
export const Role = { user: 1, admin: 2, moderator: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

/** `mail_status`: 1 activated, 2 not activated. */
export const MailStatus = { activated: 1, inactive: 2 } as const;

/**
 * Stored user status codes; the wire form is a string (see `userStatusName`). `pending`: a new account waiting for a
 * moderator's approval (login setting `require_user_approval`; Quorum, not in Answer).
 */
export const UserStatus = { normal: 1, suspended: 9, deleted: 10, pending: 11 } as const;

/** Object types encoded in ids (answer-compat.md): "1" + 3-digit type + 13-digit sequence. */
export const ObjectType = {
  question: 1,
  answer: 2,
  tag: 3,
  user: 4,
  collection: 6,
  comment: 7,
  report: 8,
  revision: 9,
  activity: 10,
  notification: 11,
  file: 12,
  vote: 13,
  meta: 14,
} as const;
export type ObjectTypeName = keyof typeof ObjectType;

/** Question list orders (GET /question/page `order`); `featured` (Quorum's): questions with an open bounty, newest bounty first. */
export const QUESTION_ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered', 'hot', 'featured'] as const;
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];

/** Database engines the installer offers, with Answer's `db_type` names. */
export const DB_TYPES = ['sqlite3', 'postgres', 'mysql'] as const;
export type DbType = (typeof DB_TYPES)[number];

/**
 * Languages the product can ship (spec §1), with the label the language menus show (Answer's labels). A language
 * is offered when its folder `i18n/<value>/` exists (the server checks); the completeness test fails for a
 * folder missing here, so adding a language is a folder plus one line.
 */
export const LANGUAGES = [
  { label: 'English', value: 'en_US' },
  { label: '中文(CN)', value: 'zh_CN' },
  { label: 'Español', value: 'es_ES' },
  { label: 'Français', value: 'fr_FR' },
  { label: 'Deutsch', value: 'de_DE' },
  { label: '日本語', value: 'ja_JP' },
  { label: 'Português(BR)', value: 'pt_BR' },
  { label: 'Русский', value: 'ru_RU' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';

/**
 * The right-to-left pseudo-locale: en_US strings generated mirrored at run time, for checking layouts right to
 * left. Never listed or offered; the server accepts it only with QUORUM_PSEUDO_LOCALE=on (tests).
 */
export const PSEUDO_RTL_LANGUAGE = 'ar_XB';

/** Writing direction of a language code (`ar_XB`, `he_IL`, `fa_IR` ... are right to left). */
export function textDirection(lang: string): 'ltr' | 'rtl' {
  return /^(ar|he|fa|ur|ps|yi|dv|ckb)(_|-|$)/i.test(lang) ? 'rtl' : 'ltr';
}
