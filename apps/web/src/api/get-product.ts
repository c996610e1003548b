import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /api/products/{id}: one product with its reviews, newest first. Sent with the token when
 * signed in, so a draft is seen by its seller and admins; everyone else gets 404.
 */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetails> {
  return api.get<ProductDetails>(`/api/products/${encodeURIComponent(id)}`, { auth: true, signal });
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
