import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerOverview } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/orders/seller/overview (bearer, seller): the sales overview of the caller's shop. */
export function getSalesOverview(signal?: AbortSignal): Promise<SellerOverview> {
  return api.get<SellerOverview>('/api/orders/seller/overview', { auth: true, signal });
}

/** Under the order lists' key, so whatever reloads the order lists (an update, a delete) reloads this too. */
export function salesOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'seller-overview'],
    queryFn: ({ signal }) => getSalesOverview(signal),
  });
}

export function useSalesOverview() {
  return useQuery(salesOverviewQueryOptions());
}
