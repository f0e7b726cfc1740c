import { QueryClient } from '@tanstack/react-query';

/**
 * Creates the query client. Data seeded from the server stays fresh for 30 s, so hydration makes no request.
 * @param seed API key -> payload (the `data` of the envelope), as prefetched by the server
 */
export function createQueryClient(seed: Record<string, unknown> = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  for (const [key, value] of Object.entries(seed)) {
    if (value !== undefined) client.setQueryData([key], value);
  }
  return client;
}

let active: QueryClient | null = null;

/** Registers the browser's query client so plain modules (auth, api) can update cached data. */
export function setActiveQueryClient(client: QueryClient): void {
  active = client;
}

/** The browser's query client, or null on the server. */
export function getActiveQueryClient(): QueryClient | null {
  return active;
}
