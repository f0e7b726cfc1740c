import { useQuery } from '@tanstack/react-query';
import { apiKey, DEFAULT_PRIMARY_COLOR } from '@quorum/contract';
import { api } from './api';
import type { SiteInfo } from './types';

/** Query key of GET /siteinfo (prefetched by the server). */
export const SITE_INFO_KEY = apiKey('/answer/api/v1/siteinfo');

/** Fallback site name when siteinfo has none (spec §3). */
export const DEFAULT_SITE_NAME = 'Quorum';

/**
 * Site settings from GET /answer/api/v1/siteinfo. Returns `{}` until loaded (server-seeded on SSR pages).
 */
export function useSiteInfo(): SiteInfo {
  const { data } = useQuery({
    queryKey: [SITE_INFO_KEY],
    queryFn: () => api.get<SiteInfo>('/answer/api/v1/siteinfo', undefined, { passingError: true }),
    staleTime: 5 * 60_000,
  });
  return data ?? {};
}

/** Site name, falling back to the default name. */
export function siteName(info: SiteInfo): string {
  return info.general?.name?.trim() || DEFAULT_SITE_NAME;
}

/** Permalink style 1-4 (spec §3: anything else is 1). */
export function permalinkStyle(info: SiteInfo): number {
  const p = Number(info.site_seo?.permalink ?? info.general?.permalink ?? 1);
  return [1, 2, 3, 4].includes(p) ? p : 1;
}

/** Primary colour of the active theme (default #0033FF), validated as a hex colour. */
export function primaryColor(info: SiteInfo): string {
  const theme = info.theme?.theme ?? 'default';
  const c = info.theme?.theme_config?.[theme]?.primary_color;
  return c && /^#[0-9a-fA-F]{6}$/.test(c) ? c : DEFAULT_PRIMARY_COLOR;
}
