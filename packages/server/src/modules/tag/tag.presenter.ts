import { renderMarkdown } from '../../core/markdown.js';
/** Tags as they leave the server: inside questions (Answer's TagResp), lists, details, synonyms. */
import { excerpt } from '../../core/markdown.js';
import type { TagRow } from './tag.repository.js';

/**
 * @param mainSlug slug of the main tag when `row` is a synonym
 * @param write recommended and reserved slugs from the write settings
 */
export function presentTag(row: TagRow, write: { recommend: Set<string>; reserved: Set<string> }, mainSlug = ''): Record<string, unknown> {
  return {
    slug_name: row.slug_name,
    display_name: row.display_name || row.slug_name,
    main_tag_slug_name: mainSlug,
    recommend: write.recommend.has(row.slug_name) || row.recommend === 1,
    reserved: write.reserved.has(row.slug_name) || row.reserved === 1,
  };
}

/** A member action offered to the viewer (Answer's PermissionMemberAction). */
export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

const TAG_STATUS: Record<number, string> = { 1: 'available', 10: 'deleted' };

/** One row of GET /tags/page (Answer's GetTagPageResp). */
export function presentTagPageItem(row: TagRow, write: { recommend: Set<string>; reserved: Set<string> }, isFollower: boolean): Record<string, unknown> {
  const summary = excerpt(row.parsed_text, 200);
  return {
    tag_id: row.id,
    slug_name: row.slug_name,
    display_name: row.display_name || row.slug_name,
    excerpt: summary,
    description: summary,
    original_text: row.original_text,
    parsed_text: row.parsed_text,
    follow_count: row.follow_count,
    question_count: row.question_count,
    is_follower: isFollower,
    recommend: write.recommend.has(row.slug_name) || row.recommend === 1,
    reserved: write.reserved.has(row.slug_name) || row.reserved === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** GET /tag (Answer's GetTagResp, plus `revision_count`). */
export function presentTagDetail(
  row: TagRow,
  write: { recommend: Set<string>; reserved: Set<string> },
  extra: { isFollower: boolean; mainSlug: string; memberActions: MemberAction[]; revisionCount: number },
): Record<string, unknown> {
  return {
    ...presentTagPageItem(row, write, extra.isFollower),
    main_tag_slug_name: extra.mainSlug,
    status: TAG_STATUS[row.status] ?? 'available',
    member_actions: extra.memberActions,
    revision_count: extra.revisionCount,
  };
}

/** A synonym (Answer's TagSynonym) or a followed tag (GetFollowingTagsResp, with recommend/reserved). */
export function presentTagRef(row: TagRow, write: { recommend: Set<string>; reserved: Set<string> }, mainSlug = ''): Record<string, unknown> {
  return { tag_id: row.id, ...presentTag(row, write, mainSlug) };
}

/**
 * A new, live tag row with zero counts (the one place that knows every column of a fresh tag).
 * @param fields id, slug, display name, author and time; description markdown optional (rendered here)
 */
export function newTagRow(fields: { id: string; slug_name: string; display_name: string; user_id: string; now: number; original_text?: string; revision_id?: string }): TagRow {
  const text = fields.original_text ?? '';
  return {
    id: fields.id,
    slug_name: fields.slug_name,
    display_name: fields.display_name || fields.slug_name,
    original_text: text,
    parsed_text: text ? renderMarkdown(text) : '',
    main_tag_id: '',
    recommend: 0,
    reserved: 0,
    follow_count: 0,
    question_count: 0,
    status: 1,
    user_id: fields.user_id,
    revision_id: fields.revision_id ?? '',
    created_at: fields.now,
    updated_at: fields.now,
  };
}
