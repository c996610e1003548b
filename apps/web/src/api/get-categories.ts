import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** GET /api/products/categories: the category names. */
export function getCategories(signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/api/products/categories', { signal });
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
  staleTime: LONG_STALE_TIME,
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
