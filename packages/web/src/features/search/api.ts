/**
 * Search calls (spec §7 GET /search; §3 search operators). Result shapes follow the server's search presenter
 * (Answer's SearchResp): `{count, extra, list: [{object_type, object}]}`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiKey, type SEARCH_ORDERS as CONTRACT_SEARCH_ORDERS } from '@quorum/contract';
import { api } from '../../lib/api';
import type { TagInfo } from '../../lib/types';
import type { TagDetail } from '../tags/api';

export const SEARCH = '/answer/api/v1/search';

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * The orders of GET /search: the contract's SEARCH_ORDERS (its type keeps the two the same), spelled out here
 * because the contract's module would bring zod and its schemas into the search page's first load.
 */
export const SEARCH_ORDERS: typeof CONTRACT_SEARCH_ORDERS = ['relevance', 'newest', 'active', 'score'];

export type SearchOrder = (typeof SEARCH_ORDERS)[number];

/** One hit: a question, or an answer shown under its question's title. */
export interface SearchHit {
  object_type: 'question' | 'answer';
  object: {
    id: string;
    question_id: string;
    title: string;
    url_title: string;
    excerpt: string;
    created_at: number;
    vote_count: number;
    answer_count: number;
    accepted: boolean;
    user_info: { id: string; username: string; display_name: string; rank: number; status: string };
    tags: TagInfo[];
    status: string;
  };
}

/** GET /search payload; `extra` is the tag of a single-tag query. */
export interface SearchResult {
  count: number;
  extra: TagDetail | null;
  list: SearchHit[];
}

/** Query of GET /search as sent (and keyed). */
export function searchQuery(q: string, order: SearchOrder, page: number, size = SEARCH_PAGE_SIZE) {
  return { q, order, page, size };
}

/** One page of results; idle for an empty query. The previous page stays while the next loads. */
export function useSearch(q: string, order: SearchOrder, page: number) {
  const query = searchQuery(q, order, page);
  return useQuery({
    queryKey: [apiKey(SEARCH, query)],
    queryFn: () => api.get<SearchResult>(SEARCH, query),
    enabled: !!q.trim(),
    placeholderData: keepPreviousData,
  });
}

/** The five best matches for the header's suggestions; errors stay quiet (the user can still press Enter). */
export function fetchSuggestions(q: string): Promise<SearchResult> {
  return api.get<SearchResult>(SEARCH, searchQuery(q, 'relevance', 1, 5), { passingError: true });
}

/**
 * Target of a search-engine cache query (spec §2 /search): for `cache:<url>` naming a page of this site,
 * its path with query and hash; otherwise null.
 * @param q the raw query
 * @param origin this site's origin (window.location.origin)
 * @param siteUrl the configured site URL, also accepted as this site
 */
export function cacheRedirectTarget(q: string, origin: string, siteUrl?: string): string | null {
  const m = /^\s*cache:(\S+)/i.exec(q);
  if (!m) return null;
  let raw = m[1]!;
  if (raw.startsWith('//')) raw = `http:${raw}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(raw) && !raw.startsWith('/')) raw = `http://${raw}`;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  const hosts = new Set([new URL(origin).host]);
  if (siteUrl) {
    try {
      hosts.add(new URL(siteUrl).host);
    } catch {
      // an unparsable site URL is simply not a match
    }
  }
  if (!hosts.has(url.host)) return null;
  return `${url.pathname}${url.search}${url.hash}` || '/';
}
