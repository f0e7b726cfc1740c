/**
 * Turns Apache Answer 1.x rows into Quorum rows. Pure functions: no database access.
 * Facts from Answer's source (internal/entity, internal/migrations/init_data.go):
 * - ids are kept as they are: users are plain numbers, posts/tags/comments/collections are
 *   "1" + 3-digit type + 13-digit sequence, the same format as ours (answer-compat.md "IDs and enums");
 * - `activity`, `revision` and `notification` ids are auto-increment numbers there; they become our
 *   formatted ids of the same sequence number (revision 17 -> `10090000000000017`);
 * - "none" is `0` in id columns (ours: ''); times are TIMESTAMP columns (ours: unix seconds);
 * - statuses: posts 1 available, 2 closed, 10 deleted, 11 pending; users 1, 9 suspended, 10 deleted;
 *   answers `adopted` 2 = accepted; revisions 0 unreviewed, 1 approved, 2 rejected;
 *   notifications type 1 inbox, 2 achievement, is_read 2 = read;
 * - `activity.activity_type` is the id of a `config` row whose key names the action (`question.vote_up` ...).
 */
import { renderMarkdown, sanitizeHtml } from '../../core/markdown.js';
import { formatId } from '../../core/db/ids.js';
import type { Database } from '../../core/db/schema.js';
import type { NewRow } from './target.repository.js';
import { ObjectType, type ObjectTypeName } from '@quorum/contract';
import type { SourceRow } from './source.repository.js';

type Row<T extends keyof Database> = NewRow<T>;

/** A column as a string ('' for NULL); BigInt and Buffer values are converted exactly. */
export function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  return String(v);
}

/** An id column: '' for NULL and Answer's `0` ("none"). */
export function idOf(v: unknown): string {
  const s = str(v);
  return s === '0' ? '' : s;
}

/** A small integer column. */
export function int(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/**
 * A TIMESTAMP column as unix seconds: Date objects (PostgreSQL, MySQL), text `2024-05-01 10:00:00[.fff][+zz]`
 * (SQLite; read as UTC when it carries no zone), or numbers. Go's zero time and unreadable values give 0.
 */
export function seconds(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  let ms: number;
  if (v instanceof Date) ms = v.getTime();
  else if (typeof v === 'number' || typeof v === 'bigint') ms = Number(v) > 1e11 ? Number(v) : Number(v) * 1000;
  else {
    const s = str(v).trim().replace(' ', 'T');
    ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`);
  }
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
}

/** Body HTML for a post: rendered again from the Markdown with our renderer (the same sanitizer as posts written here). */
function html(original: string, parsed: string): string {
  return original ? renderMarkdown(original) : sanitizeHtml(parsed);
}

/** A `user` row; `roleId` from `user_role_rel` (1 user, 2 admin, 3 moderator). */
export function mapUser(r: SourceRow, roleId: number): Row<'users'> {
  const created = seconds(r.created_at);
  return {
    id: str(r.id),
    username: str(r.username).toLowerCase(),
    e_mail: str(r.e_mail).toLowerCase(),
    display_name: str(r.display_name) || str(r.username),
    pass: str(r.pass),
    mail_status: int(r.mail_status) || 1,
    status: [1, 9, 10].includes(int(r.status)) ? int(r.status) : 1,
    role_id: roleId,
    rank: int(r.rank),
    avatar: str(r.avatar),
    bio: str(r.bio),
    bio_html: str(r.bio_html),
    website: str(r.website),
    location: str(r.location),
    language: str(r.language),
    color_scheme: str(r.color_scheme),
    notice_status: int(r.notice_status) || 2,
    question_count: int(r.question_count),
    answer_count: int(r.answer_count),
    follow_count: int(r.follow_count),
    is_placeholder: 0,
    suspended_until: null,
    last_login_date: seconds(r.last_login_date),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** A `tag` row (synonyms point at their main tag through `main_tag_id`). */
export function mapTag(r: SourceRow): Row<'tags'> {
  const created = seconds(r.created_at);
  return {
    id: str(r.id),
    slug_name: str(r.slug_name),
    display_name: str(r.display_name) || str(r.slug_name),
    original_text: str(r.original_text),
    parsed_text: html(str(r.original_text), str(r.parsed_text)),
    main_tag_id: idOf(r.main_tag_id),
    recommend: r.recommend === true || int(r.recommend) === 1 ? 1 : 0,
    reserved: r.reserved === true || int(r.reserved) === 1 ? 1 : 0,
    follow_count: int(r.follow_count),
    question_count: int(r.question_count),
    status: int(r.status) === 10 ? 10 : 1,
    user_id: idOf(r.user_id),
    revision_id: revisionId(r.revision_id),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** Our id of an Answer revision number ('' for none). */
export function revisionId(v: unknown): string {
  const s = idOf(v);
  return s ? formatId('revision', Number(s)) : '';
}

/** A `question` row; `userIds` maps users that were given another id. */
export function mapQuestion(r: SourceRow, user: (id: string) => string): Row<'questions'> {
  const created = seconds(r.created_at);
  const updated = seconds(r.updated_at) || created;
  return {
    id: str(r.id),
    user_id: user(idOf(r.user_id)),
    last_edit_user_id: user(idOf(r.last_edit_user_id)),
    title: str(r.title),
    original_text: str(r.original_text),
    parsed_text: html(str(r.original_text), str(r.parsed_text)),
    status: int(r.status) || 1,
    pin: int(r.pin) || 1,
    show: int(r.show) || 1,
    view_count: int(r.view_count),
    unique_view_count: int(r.unique_view_count),
    vote_count: int(r.vote_count),
    answer_count: int(r.answer_count),
    collection_count: int(r.collection_count),
    follow_count: int(r.follow_count),
    accepted_answer_id: idOf(r.accepted_answer_id),
    last_answer_id: idOf(r.last_answer_id),
    revision_id: revisionId(r.revision_id),
    created_at: created,
    updated_at: updated,
    post_updated_at: seconds(r.post_update_time) || updated,
  };
}

/** An `answer` row. */
export function mapAnswer(r: SourceRow, user: (id: string) => string): Row<'answers'> {
  const created = seconds(r.created_at);
  return {
    id: str(r.id),
    question_id: idOf(r.question_id),
    user_id: user(idOf(r.user_id)),
    last_edit_user_id: user(idOf(r.last_edit_user_id)),
    original_text: str(r.original_text),
    parsed_text: html(str(r.original_text), str(r.parsed_text)),
    status: int(r.status) || 1,
    accepted: int(r.adopted) === 2 ? 2 : 1,
    vote_count: int(r.vote_count),
    revision_id: revisionId(r.revision_id),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** A `comment` row. */
export function mapComment(r: SourceRow, user: (id: string) => string): Row<'comments'> {
  const created = seconds(r.created_at);
  return {
    id: str(r.id),
    user_id: user(idOf(r.user_id)),
    reply_user_id: user(idOf(r.reply_user_id)),
    reply_comment_id: idOf(r.reply_comment_id),
    object_id: idOf(r.object_id),
    question_id: idOf(r.question_id),
    vote_count: int(r.vote_count),
    status: int(r.status) === 10 ? 10 : int(r.status) === 11 ? 11 : 1,
    original_text: str(r.original_text),
    parsed_text: html(str(r.original_text), str(r.parsed_text)),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** A `tag_rel` row (Answer's 1 available, 2 hidden, 10 deleted are kept). */
export function mapTagRel(r: SourceRow): Row<'tag_rel'> {
  return { object_id: idOf(r.object_id), tag_id: idOf(r.tag_id), status: int(r.status) || 1, created_at: seconds(r.created_at) };
}

/** A `collection` row (bookmark); Answer's collection groups are not kept: every bookmark is in one list. */
export function mapCollection(r: SourceRow, user: (id: string) => string): Row<'collections'> {
  return { id: str(r.id), user_id: user(idOf(r.user_id)), object_id: idOf(r.object_id), created_at: seconds(r.created_at) };
}

const REVISION_TYPES: Record<number, string> = { 1: 'question', 2: 'answer', 3: 'tag' };

/** Reads a key in our snake_case or Go's field name (Answer marshals its entities without JSON tags). */
function pick(o: Record<string, unknown>, snake: string, go: string): unknown {
  return o[snake] ?? o[go];
}

/** Revision body in our shape (revision.content.ts) from Answer's JSON snapshot of the object. */
export function revisionContent(objectType: string, raw: string): string {
  let v: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object') v = parsed as Record<string, unknown>;
  } catch {
    // not JSON: kept as the body text
    return JSON.stringify(objectType === 'tag' ? { original_text: raw } : { content: raw });
  }
  if (objectType === 'question') {
    const tags = Array.isArray(v.tags) ? (v.tags as Record<string, unknown>[]) : [];
    return JSON.stringify({
      title: str(pick(v, 'title', 'Title')),
      content: str(pick(v, 'original_text', 'OriginalText') ?? v.content),
      tags: tags.map((t) => ({ slug_name: str(pick(t, 'slug_name', 'SlugName')), display_name: str(pick(t, 'display_name', 'DisplayName')) })),
    });
  }
  if (objectType === 'answer') return JSON.stringify({ content: str(pick(v, 'original_text', 'OriginalText') ?? v.content) });
  return JSON.stringify({ slug_name: str(pick(v, 'slug_name', 'SlugName')), display_name: str(pick(v, 'display_name', 'DisplayName')), original_text: str(pick(v, 'original_text', 'OriginalText')) });
}

/** A `revision` row, or a reason it cannot be kept. */
export function mapRevision(r: SourceRow, user: (id: string) => string): Row<'revisions'> | string {
  const type = REVISION_TYPES[int(r.object_type)];
  if (!type) return `revision of an object type Quorum does not version (${str(r.object_type)})`;
  const created = seconds(r.created_at);
  const status = int(r.status);
  return {
    id: revisionId(r.id),
    user_id: user(idOf(r.user_id)),
    object_type: type,
    object_id: idOf(r.object_id),
    title: str(r.title),
    content: revisionContent(type, str(r.content)),
    log: str(r.log),
    status: status === 2 ? 3 : status === 0 ? 1 : 2,
    reviewer_id: user(idOf(r.review_user_id)),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** What one `activity` row becomes. */
export type MappedActivity =
  | { kind: 'vote'; vote: Row<'votes'>; activity?: Row<'activity'> }
  | { kind: 'follow'; follow: Row<'follows'> }
  | { kind: 'activity'; activity: Row<'activity'> }
  | { kind: 'skip'; reason: string };

/** Timeline names (activity.ts) of Answer's action keys, by the part after the object type. */
const TIMELINE: Record<string, string> = {
  asked: 'asked',
  answered: 'answered',
  commented: 'commented',
  edited: 'edited',
  rollback: 'rollback',
  deleted: 'deleted',
  undeleted: 'undeleted',
  closed: 'closed',
  reopened: 'reopened',
  pin: 'pin',
  unpin: 'unpin',
  show: 'show',
  hide: 'hide',
  accept: 'accept',
  accepted: 'accept',
  created: 'created',
  vote_up: 'upvote',
  voted_up: 'upvote',
  vote_down: 'downvote',
  voted_down: 'downvote',
  edit_accepted: 'edited',
};

/** Reputation rules we know (reputation.ts), by Answer's key. */
const RANK_KEYS = new Set(['question.voted_up', 'answer.voted_up', 'question.voted_down', 'answer.voted_down', 'question.vote_up', 'answer.vote_up', 'question.vote_down', 'answer.vote_down', 'answer.accepted', 'answer.accept', 'edit.accepted']);

/**
 * Maps one `activity` row, given the config key its `activity_type` points at.
 * Votes: the voter's own row (`<type>.vote_up|vote_down`, not cancelled) is the vote; it is also kept as
 * activity (the author's `voted_*` row carries the reputation). Follows (`<type>.follow`) become follows of
 * questions and tags. Cancelled rows are kept as cancelled activity (an undone vote or acceptance).
 */
export function mapActivity(r: SourceRow, key: string, user: (id: string) => string, objectType: (id: string) => string | undefined): MappedActivity {
  if (!key) return { kind: 'skip', reason: 'activity type missing from the config table' };
  const [scope = '', action = ''] = key.split(/\.(.*)/s);
  const objectId = idOf(r.object_id);
  const userId = user(idOf(r.user_id));
  const cancelled = int(r.cancelled) === 1 ? 1 : 0;
  const created = seconds(r.created_at);
  if (action === 'follow') {
    if (scope === 'user') return { kind: 'skip', reason: 'following a person (Quorum follows questions and tags only)' };
    if (cancelled) return { kind: 'skip', reason: 'follow undone' };
    return { kind: 'follow', follow: { user_id: userId, object_id: objectId, object_type: scope, created_at: created } };
  }
  const timeline = TIMELINE[action] ?? (key === 'edit.accepted' ? 'edited' : undefined);
  if (!timeline) return { kind: 'skip', reason: `activity "${key}" has no Quorum equivalent` };
  const trigger = user(idOf(r.trigger_user_id));
  const rankKey = RANK_KEYS.has(key) ? key : '';
  const activity: Row<'activity'> = {
    id: formatId('activity', int(r.id)),
    user_id: userId,
    trigger_user_id: trigger === userId ? '' : trigger,
    object_id: objectId,
    original_object_id: idOf(r.original_object_id) || objectId,
    activity_type: timeline,
    rank: int(r.rank),
    has_rank: int(r.has_rank) === 1 || int(r.rank) !== 0 ? 1 : 0,
    cancelled,
    revision_id: revisionId(r.revision_id),
    rank_key: rankKey,
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
  if ((action === 'vote_up' || action === 'vote_down') && ['question', 'answer', 'comment'].includes(scope) && objectType(objectId) === scope) {
    if (cancelled) return scope === 'comment' ? { kind: 'skip', reason: 'vote undone' } : { kind: 'activity', activity };
    const vote: Row<'votes'> = { user_id: userId, object_id: objectId, object_type: scope, vote_type: action === 'vote_up' ? 'up' : 'down', created_at: created };
    // Comment votes carry no activity here (vote.service.ts).
    return scope === 'comment' ? { kind: 'vote', vote } : { kind: 'vote', vote, activity };
  }
  return { kind: 'activity', activity };
}

/** Inbox sub-type of a notification action (notification.service.ts InboxType). */
function inboxType(action: string): number {
  if (/vote/.test(action)) return 2;
  if (/invite/.test(action)) return 3;
  return 1;
}

/** A `notification` row in our shape (content: notification.presenter.ts NotificationContent). */
export function mapNotification(r: SourceRow, user: (id: string) => string): Row<'notifications'> {
  let c: Record<string, unknown>;
  try {
    c = (JSON.parse(str(r.content)) ?? {}) as Record<string, unknown>;
  } catch {
    c = {};
  }
  const info = (c.object_info ?? {}) as Record<string, unknown>;
  const map = (info.object_map ?? {}) as Record<string, unknown>;
  const userInfo = (c.user_info ?? {}) as Record<string, unknown>;
  const achievement = int(r.type) === 2;
  const action = str(c.notification_action);
  const content = {
    action: achievement ? '' : action,
    trigger_user_id: user(idOf(c.trigger_user_id) || idOf(userInfo.id)),
    object_type: str(info.object_type),
    object_id: idOf(info.object_id) || idOf(r.object_id),
    title: str(info.title),
    ...(idOf(map.question) ? { question_id: idOf(map.question) } : {}),
    ...(idOf(map.answer) ? { answer_id: idOf(map.answer) } : {}),
    ...(idOf(map.comment) ? { comment_id: idOf(map.comment) } : {}),
    rank: int(c.rank),
  };
  const created = seconds(r.created_at);
  return {
    id: formatId('notification', int(r.id)),
    user_id: user(idOf(r.user_id)),
    object_id: idOf(r.object_id),
    type: achievement ? 'achievement' : 'inbox',
    content: JSON.stringify(content),
    is_read: int(r.is_read) === 2 ? 1 : 0,
    status: int(r.status) === 10 ? 10 : 1,
    inbox_type: achievement ? 0 : inboxType(action),
    created_at: created,
    updated_at: seconds(r.updated_at) || created,
  };
}

/** The sequence number inside one of our ids (`10010000000000042` -> 42; user "7" -> 7; 0 when not of `type`). */
export function sequenceOf(type: ObjectTypeName, id: string): number {
  if (type === 'user') return /^\d+$/.test(id) ? Number(id) : 0;
  const prefix = formatId(type, 0).slice(0, 4);
  return id.startsWith(prefix) && id.length === 17 ? Number(id.slice(4)) : 0;
}

/** Our object type of an id by its 3-digit type code ('user' for plain numbers, undefined when malformed). */
export function typeOfId(id: string): ObjectTypeName | undefined {
  if (/^\d{1,16}$/.test(id)) return 'user';
  if (!/^1\d{16}$/.test(id)) return undefined;
  const code = Number(id.slice(1, 4));
  return (Object.keys(ObjectType) as ObjectTypeName[]).find((k) => ObjectType[k] === code);
}

/** A `question_link` row (a question linked from another question or its answer), or why it is left out. */
export function mapQuestionLink(r: SourceRow): NewRow<'question_links'> | string {
  if (int(r.status) === 2) return 'link removed in Answer';
  const from = idOf(r.from_question_id);
  const to = idOf(r.to_question_id);
  if (!from || !to || from === to) return 'link without two questions';
  return { from_question_id: from, to_question_id: to, created_at: seconds(r.created_at) };
}

/** A `user_external_login` row (third-party login binding); the provider keeps Answer's connector name. */
export function mapExternalLogin(r: SourceRow, user: (id: string) => string): NewRow<'external_logins'> {
  return { user_id: user(idOf(r.user_id)), provider: str(r.provider), external_id: str(r.external_id), info: str(r.meta_info), created_at: seconds(r.created_at) };
}

/** Answer tables that are not imported, with the reason the summary gives. */
export const NOT_IMPORTED: Record<string, string> = {
  report: 'flags (reports) are not carried over',
  review: 'review queue entries are not carried over (pending edits come with the revisions)',
  meta: 'reactions and other post metadata are not carried over',
  user_notification_config: 'e-mail notification choices are not carried over (the defaults apply)',
  plugin_config: "plugin settings are not carried over (Quorum's plugins are its own)",
  plugin_user_config: "plugin settings are not carried over (Quorum's plugins are its own)",
  collection_group: 'bookmark lists: every bookmark is kept in one list',
  file_record: 'upload records are not carried over (the files are copied with --uploads)',
};
