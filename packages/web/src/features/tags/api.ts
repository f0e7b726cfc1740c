/**
 * Tag queries and calls (spec §7 "Tags"; shapes from the server's tag presenter, Answer 1.4.x names).
 * Keys are `apiKey(path, query)`, the ones the server prefetches for /tags and /tags/{tagName}.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiKey, type TAG_ORDERS as CONTRACT_TAG_ORDERS } from '@quorum/contract';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/types';

export const TAGS_PAGE = '/answer/api/v1/tags/page';
export const TAG_INFO = '/answer/api/v1/tag';
export const TAG_SYNONYMS = '/answer/api/v1/tag/synonyms';
export const TAGS_FOLLOWING = '/answer/api/v1/tags/following';

/** Tags per page on /tags (divides into 2, 3 and 4 columns). */
export const TAG_PAGE_SIZE = 24;

/**
 * The orders of GET /tags/page: the contract's TAG_ORDERS (its type keeps the two the same), spelled out here because
 * the contract's module would bring zod and its schemas into the tags page's first load.
 */
export const TAG_ORDERS: typeof CONTRACT_TAG_ORDERS = ['popular', 'name', 'newest'];

export type TagOrder = (typeof TAG_ORDERS)[number];

/** An action the viewer may take on a tag (`member_actions`). */
export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

/** One row of GET /tags/page. */
export interface TagPageItem {
  tag_id: string;
  slug_name: string;
  display_name: string;
  excerpt: string;
  original_text: string;
  parsed_text: string;
  follow_count: number;
  question_count: number;
  is_follower: boolean;
  recommend: boolean;
  reserved: boolean;
  created_at: number;
  updated_at: number;
}

/** GET /tag: a tag with the viewer's follow state and actions. */
export interface TagDetail extends TagPageItem {
  /** Slug of the main tag when this tag is a synonym, else ''. */
  main_tag_slug_name: string;
  status: 'available' | 'deleted';
  member_actions: MemberAction[];
  revision_count: number;
}

/** A synonym or followed tag. */
export interface TagRef {
  tag_id: string;
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
}

/** GET /tag/synonyms. */
export interface TagSynonyms {
  synonyms: TagRef[];
  member_actions: MemberAction[];
}

/** Query of GET /tags/page as sent (and as keyed). */
export function tagPageQuery(order: TagOrder, page: number, filter?: string) {
  return { page, page_size: TAG_PAGE_SIZE, query_cond: order, slug_name: filter?.trim() || undefined };
}

/** One page of the tag list; the previous page stays on screen while the next one loads. */
export function useTagPage(order: TagOrder, page: number, filter?: string) {
  const query = tagPageQuery(order, page, filter);
  return useQuery({
    queryKey: [apiKey(TAGS_PAGE, query)],
    queryFn: () => api.get<PageData<TagPageItem>>(TAGS_PAGE, query),
    placeholderData: keepPreviousData,
  });
}

/** Key of GET /tag by slug (as the server prefetches it) or by id. */
export function tagInfoKey(by: { name?: string; id?: string }): string {
  return apiKey(TAG_INFO, by.id ? { id: by.id } : { name: by.name });
}

/** One tag by slug or id; a 404 shows the not-found page. */
export function useTagInfo(by: { name?: string; id?: string }) {
  const query = by.id ? { id: by.id } : { name: by.name };
  return useQuery({
    queryKey: [tagInfoKey(by)],
    queryFn: () => api.get<TagDetail>(TAG_INFO, query, { allow404: true }),
    enabled: !!(by.id || by.name),
  });
}

/** Synonyms of a tag (of its main tag when it is one). */
export function useTagSynonyms(tagId: string | undefined) {
  return useQuery({
    queryKey: [apiKey(TAG_SYNONYMS, { tag_id: tagId })],
    queryFn: () => api.get<TagSynonyms>(TAG_SYNONYMS, { tag_id: tagId }, { passingError: true }),
    enabled: !!tagId,
  });
}

/** Follows or unfollows a tag (POST /follow with the tag id). */
export async function setTagFollowed(tagId: string, follow: boolean): Promise<void> {
  await api.post('/answer/api/v1/follow', { object_id: tagId, is_cancel: !follow });
}

/** Marks every cached tag call stale (after a follow, edit, delete or synonym change). */
export function invalidateTags(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === 'string' && (key.startsWith(TAG_INFO) || key.startsWith('/answer/api/v1/tags') || key.startsWith('/answer/api/v1/search'));
    },
  });
}

/** Path of a tag's page. */
export function tagPath(slug: string, sub?: 'info'): string {
  return `/tags/${encodeURIComponent(slug)}${sub ? `/${sub}` : ''}`;
}
