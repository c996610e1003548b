import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSeller } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';

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
  });
}

export function usePublicSeller(id: string) {
  return useQuery(publicSellerQueryOptions(id));
}
