import { useQuery } from '@tanstack/react-query';
import type { ProductRemoval } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/** GET /api/products/{id}/removal (bearer: its seller, an admin): the statement of reasons of a removed product. */
export function useProductRemoval(id: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['products', id, 'removal'],
    queryFn: ({ signal }) =>
      api.get<{ removal: ProductRemoval | null }>(`/api/products/${encodeURIComponent(id)}/removal`, {
        auth: true,
        signal,
      }),
  });
}
