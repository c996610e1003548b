import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TopSeller } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** GET /api/users/top-sellers: the best-rated shops. */
export function getTopSellers(signal?: AbortSignal): Promise<TopSeller[]> {
  return api.get<TopSeller[]>('/api/users/top-sellers', { signal });
}

export const topSellersQueryOptions = queryOptions({
  queryKey: ['sellers', 'top'],
  queryFn: ({ signal }) => getTopSellers(signal),
  staleTime: LONG_STALE_TIME,
});

export function useTopSellers() {
  return useQuery(topSellersQueryOptions);
}
