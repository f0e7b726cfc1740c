/**
 * The data the server-rendered /users page (the member directory, web features/users/UserListPage) is rendered and
 * hydrated with, read from the page's address as the web page reads it (`usersState`): `sort` one of the directory's
 * orders (else reputation), `page` a whole number from 1 (at most 10,000; else 1), `q` trimmed to 30 characters. The
 * page is keyed as the web app's `directoryKey`, so hydration finds it and makes no request.
 */
import { apiKey, DIRECTORY_MAX_PAGE, DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, LIMITS, type DirectorySort } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { userDirectory } from '../personal/index.js';

/** First value of a query parameter as URLSearchParams.get gives it (a repeated parameter's first). */
function first(v: unknown): string {
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : '';
}

/**
 * The embedded data of /users for a request's query: `{[key]: payload}` with the directory page. Never throws for a
 * malformed query (it falls back as the web page does).
 */
export async function usersPageData(ctx: AppContext, query: Record<string, unknown>): Promise<Record<string, unknown>> {
  const raw = first(query.sort);
  const sort: DirectorySort = (DIRECTORY_SORTS as readonly string[]).includes(raw) ? (raw as DirectorySort) : 'reputation';
  const n = Number(first(query.page));
  const page = Number.isInteger(n) && n >= 1 ? Math.min(n, DIRECTORY_MAX_PAGE) : 1;
  const q = first(query.q).trim().slice(0, LIMITS.displayNameMax).trim();
  const key = apiKey('/answer/api/v1/user/directory', { sort, q, page, page_size: DIRECTORY_PAGE_SIZE });
  return { [key]: await userDirectory(ctx, { sort, q, page, page_size: DIRECTORY_PAGE_SIZE }) };
}
