/**
 * TanStack Query as the server-side renderer sees it: the SSR build resolves every `@tanstack/react-query` import
 * to this module (vite.config.ts), which is the real package with a cheaper `useQuery`.
 *
 * The real hook builds a `QueryObserver` per call, merges the default options two or three times, hashes the key,
 * and tracks which result fields are read, all to serve later updates a server render never has: it renders once,
 * runs no effects and fetches nothing. That was ~9% of a question page's CPU for the page's nine queries
 * (docs/BENCHMARKS.md). Here a call reads the query the server seeded into the render's client
 * (lib/queryClient.ts) and returns the result the real observer computes on its first, optimistic pass:
 * - data in the cache: `success`, and `fetching` only when the data is stale for this call's `staleTime` (and
 *   `refetchOnMount` allows it), as the real hook would report;
 * - no data: `pending`, `fetching` when the query is enabled (the browser fetches it after hydration), `idle`
 *   when it is not; `placeholderData` applies as in the real hook (the function gets no previous data);
 * - `select` applies to the data.
 * The markup is the same as with the real hook (bench/ssr-render.ts compares every build's markup).
 */
import { hashKey, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

export * from '@tanstack/react-query';

/** Resolves an option that may be a value or a function of the query (`enabled`, `staleTime`, ...). */
function resolve<T>(value: T | ((query: never) => T) | undefined, query: unknown): T | undefined {
  return typeof value === 'function' ? (value as (q: unknown) => T)(query) : value;
}

const noRefetch = (): Promise<never> => Promise.reject(new Error('refetch is not available while rendering on the server'));

/**
 * `useQuery` for one server render (see the file header).
 * @param options the same options as the real hook; `queryKeyHashFn` respected
 * @param queryClient an explicit client, else the one from context
 */
export function useQuery<TQueryFnData = unknown, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  queryClient?: QueryClient,
): UseQueryResult<TData, TError> {
  const client = useQueryClient(queryClient);
  const defaults = client.getDefaultOptions().queries ?? {};
  const hash = (options.queryKeyHashFn ?? defaults.queryKeyHashFn ?? hashKey)(options.queryKey);
  const query = client.getQueryCache().get(hash);
  const enabled = resolve(options.enabled ?? defaults.enabled, query) !== false;
  const state = query?.state;
  let data: unknown = state?.data;
  let status: 'pending' | 'success' | 'error' = state?.status ?? 'pending';
  let fetching: boolean;
  let isPlaceholderData = false;
  let stale = enabled;
  if (data !== undefined && query) {
    const staleTime = resolve(options.staleTime ?? defaults.staleTime, query) ?? 0;
    stale = enabled && query.isStaleByTime(staleTime as number);
    const refetchOnMount = resolve(options.refetchOnMount ?? defaults.refetchOnMount, query);
    fetching = enabled && refetchOnMount !== false && (refetchOnMount === 'always' || stale);
  } else {
    fetching = enabled && !(status === 'error' && resolve(options.retryOnMount ?? defaults.retryOnMount, query) === false);
    const placeholder = options.placeholderData;
    if (placeholder !== undefined && status === 'pending') {
      const value = typeof placeholder === 'function' ? (placeholder as (prev: undefined, prevQuery: undefined) => unknown)(undefined, undefined) : placeholder;
      if (value !== undefined) {
        data = value;
        status = 'success';
        isPlaceholderData = true;
      }
    }
  }
  if (options.select && data !== undefined) data = (options.select as (d: unknown) => unknown)(data);
  const isPending = status === 'pending';
  const isError = status === 'error';
  const isLoading = isPending && fetching;
  const hasData = data !== undefined;
  const fetchStatus = fetching ? 'fetching' : (state?.fetchStatus ?? 'idle');
  return {
    status,
    fetchStatus,
    isPending,
    isSuccess: status === 'success',
    isError,
    isInitialLoading: isLoading,
    isLoading,
    data,
    dataUpdatedAt: state?.dataUpdatedAt ?? 0,
    error: state?.error ?? null,
    errorUpdatedAt: state?.errorUpdatedAt ?? 0,
    failureCount: state?.fetchFailureCount ?? 0,
    failureReason: state?.fetchFailureReason ?? null,
    errorUpdateCount: state?.errorUpdateCount ?? 0,
    isFetched: (state?.dataUpdateCount ?? 0) > 0 || (state?.errorUpdateCount ?? 0) > 0,
    isFetchedAfterMount: false,
    isFetching: fetchStatus === 'fetching',
    isRefetching: fetchStatus === 'fetching' && !isPending,
    isLoadingError: isError && !hasData,
    isPaused: fetchStatus === 'paused',
    isPlaceholderData,
    isRefetchError: isError && hasData,
    isStale: stale,
    refetch: noRefetch,
    isEnabled: enabled,
  } as unknown as UseQueryResult<TData, TError>;
}
