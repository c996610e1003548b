import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@torget/shared/rules/settings';
import { api } from '#web/lib/api-client.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** The cache key of the site texts; the admin settings save fills it with the answer. */
export const SITE_SETTINGS_QUERY_KEY = ['settings'] as const;

/** GET /api/settings: the five site texts (public). */
export function getSiteSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return api.get<SiteSettings>('/api/settings', { signal });
}

export const siteSettingsQueryOptions = queryOptions({
  queryKey: SITE_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => getSiteSettings(signal),
  staleTime: LONG_STALE_TIME,
});

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
