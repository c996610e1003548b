import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** GET /api/config/google: the Maps API key as plain text; '' when none is configured. */
export async function getGoogleApiKey(signal?: AbortSignal): Promise<string> {
  const key = await api.get<unknown>('/api/config/google', { signal });
  return typeof key === 'string' ? key.trim() : '';
}

export function googleApiKeyQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'google'],
    queryFn: ({ signal }) => getGoogleApiKey(signal),
    staleTime: LONG_STALE_TIME,
  });
}

export function useGoogleApiKey() {
  return useQuery(googleApiKeyQueryOptions());
}
