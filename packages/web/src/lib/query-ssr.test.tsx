/**
 * The server render's `useQuery` (lib/query-ssr.ts) must report what TanStack Query's own hook reports on a
 * server render, or a page's markup would differ from the browser's first render and hydration would fail.
 * Each case renders one component with both hooks and compares every field of the results.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keepPreviousData, QueryClientProvider, useQuery as realUseQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useQuery as ssrUseQuery } from './query-ssr';
import { createQueryClient } from './queryClient';

type Hook = (options: UseQueryOptions<unknown, Error, unknown, readonly unknown[]>) => UseQueryResult<unknown, Error>;

/** The result fields a component can read, as plain values (functions and the promise left out). */
function fields(result: UseQueryResult<unknown, Error>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) {
    if (typeof v === 'function' || k === 'promise') continue;
    out[k] = v;
  }
  return out;
}

/** Renders one component calling `hook(options)` on a fresh client seeded with `seed`; the result's fields. */
function renderWith(hook: Hook, options: UseQueryOptions<unknown, Error, unknown, readonly unknown[]>, seed: Record<string, unknown>): Record<string, unknown> {
  const client = createQueryClient(seed);
  let seen: Record<string, unknown> = {};
  function Probe() {
    seen = fields(hook(options));
    return null;
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  client.clear();
  return seen;
}

const fetcher = () => Promise.resolve('fetched');
const seed = { '/answer/api/v1/question/info?id=1': { id: '1', title: 'Seeded' } };
const seededKey = ['/answer/api/v1/question/info?id=1'] as const;
const missingKey = ['/answer/api/v1/answer/page?question_id=1'] as const;

const cases: Array<[string, UseQueryOptions<unknown, Error, unknown, readonly unknown[]>]> = [
  ['seeded data', { queryKey: seededKey, queryFn: fetcher }],
  ['seeded data, stale for this call (staleTime 0)', { queryKey: seededKey, queryFn: fetcher, staleTime: 0 }],
  ['seeded data, stale but refetchOnMount false', { queryKey: seededKey, queryFn: fetcher, staleTime: 0, refetchOnMount: false }],
  ['seeded data, refetchOnMount always', { queryKey: seededKey, queryFn: fetcher, refetchOnMount: 'always' }],
  ['seeded data, disabled', { queryKey: seededKey, queryFn: fetcher, enabled: false }],
  ['seeded data, disabled and stale', { queryKey: seededKey, queryFn: fetcher, enabled: false, staleTime: 0 }],
  ['seeded data with select', { queryKey: seededKey, queryFn: fetcher, select: (d) => (d as { title: string }).title.toUpperCase() }],
  ['no data, enabled', { queryKey: missingKey, queryFn: fetcher }],
  ['no data, disabled', { queryKey: missingKey, queryFn: fetcher, enabled: false }],
  ['no data, keepPreviousData', { queryKey: missingKey, queryFn: fetcher, placeholderData: keepPreviousData }],
  ['no data, placeholder value', { queryKey: missingKey, queryFn: fetcher, placeholderData: { id: 'placeholder' } }],
  ['no data, placeholder function', { queryKey: missingKey, queryFn: fetcher, placeholderData: () => ({ id: 'made' }) }],
];

describe('server-render useQuery', () => {
  for (const [name, options] of cases) {
    it(`reports what the real hook reports: ${name}`, () => {
      const real = renderWith(realUseQuery as Hook, options, seed);
      const ssr = renderWith(ssrUseQuery as Hook, options, seed);
      // The time the seed was written differs between the two clients by the milliseconds between renders.
      expect(Math.abs(Number(ssr.dataUpdatedAt) - Number(real.dataUpdatedAt))).toBeLessThan(1000);
      expect({ ...ssr, dataUpdatedAt: 0 }).toEqual({ ...real, dataUpdatedAt: 0 });
    });
  }
});
