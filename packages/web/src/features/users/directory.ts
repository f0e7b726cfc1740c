/**
 * The call of the member directory on /users (UserListPage): GET /user/directory (Quorum). Apart from the profile
 * calls (api.ts), so the page loads only what it uses.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiKey, type DirectoryMember, type DirectorySort } from '@quorum/contract';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/types';

/** The directory's orders (the contract's DIRECTORY_SORTS, kept here so the page does not load the schemas). */
export const DIRECTORY_SORTS = ['reputation', 'newest', 'voters', 'editors', 'moderators'] as const satisfies readonly DirectorySort[];
/** Members per directory page (the contract's DIRECTORY_PAGE_SIZE; the server renders the first page with it). */
export const DIRECTORY_PAGE_SIZE = 24;
/** Longest name prefix the directory takes (the contract's limit: LIMITS.displayNameMax). */
export const DIRECTORY_QUERY_MAX = 30;
/** Highest page the directory serves (the contract's DIRECTORY_MAX_PAGE). */
export const DIRECTORY_MAX_PAGE = 10_000;

export type { DirectoryMember };

/** Key of one directory page, as the server embeds it when it renders /users (modules/ssr/ssr.users.ts). */
export function directoryKey(sort: DirectorySort, page: number, q: string): string {
  return apiKey('/answer/api/v1/user/directory', { sort, q, page, page_size: DIRECTORY_PAGE_SIZE });
}

/** GET /user/directory: one page of members; the previous page stays on screen while the next loads. */
export function useDirectory(sort: DirectorySort, page: number, q: string) {
  return useQuery({
    queryKey: [directoryKey(sort, page, q)],
    queryFn: () => api.get<PageData<DirectoryMember>>('/answer/api/v1/user/directory', { sort, q: q || undefined, page, page_size: DIRECTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
