import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';
import { siteSeller } from '#web/lib/hosts.ts';

/**
 * GET /api/users/{id} as a storefront reads it: the seller's public profile. No token is sent, so
 * the shop's owner sees exactly what visitors see (and an unknown or closed shop is a 404).
 */
export function getPublicSeller(id: string, signal?: AbortSignal): Promise<PublicSeller> {
  return api.get<PublicSeller>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

export function publicSellerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['sellers', 'public', id],
    queryFn: ({ signal }) => getPublicSeller(id, signal),
    // On a seller's own domain the server wrote their profile into the page: the storefront
    // shows at once, and refreshes it once it is stale like any other answer.
    initialData: () => siteSeller(id),
  });
}

export function usePublicSeller(id: string) {
  return useQuery(publicSellerQueryOptions(id));
}
