/** Badges as they leave the server (Answer's badge schema shapes), names and descriptions in the reader's language. */
import { urlTitle } from '@quorum/contract';
import { objectTypeOf } from '../../core/db/index.js';
import { type UserRow } from '../../core/auth/index.js';
import { presentBasicUser } from '../user/index.js';
import type { BadgeDef } from './badge.data.js';
import { badgeText } from './badge.i18n.js';
import type { BadgeAwardRow } from './badge.repository.js';

/** `{id, name, icon, level}` of a badge. */
export function presentBadgeBase(d: BadgeDef, lang: string): { id: string; name: string; icon: string; level: number } {
  return { id: d.id, name: badgeText(d.slug, 'name', lang), icon: d.icon, level: d.level };
}

/** The badge's description in `lang`. */
export function badgeDescription(d: BadgeDef, lang: string): string {
  return badgeText(d.slug, 'desc', lang);
}

/** The group's name in `lang`. */
export function groupName(group: BadgeDef['group'], lang: string): string {
  return badgeText('group', group, lang);
}

/**
 * One award of GET /badge/awards/page: `{created_at, object_id, question_id, answer_id, comment_id, object_type,
 * url_title, author_user_info}`; the object fields are '' for a badge earned once or a post that is gone.
 */
export function presentAward(
  row: BadgeAwardRow,
  posts: Map<string, { question_id: string; title: string }>,
  users: Map<string, UserRow>,
): Record<string, unknown> {
  const post = row.award_key ? posts.get(row.award_key) : undefined;
  const type = post ? objectTypeOf(row.award_key) : undefined;
  return {
    created_at: row.created_at,
    object_id: post ? row.award_key : '',
    question_id: post?.question_id ?? '',
    answer_id: post && type === 'answer' ? row.award_key : '',
    comment_id: '',
    object_type: post ? (type ?? '') : '',
    url_title: post ? urlTitle(post.title) : '',
    author_user_info: presentBasicUser(users.get(row.user_id)),
  };
}
