import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';

/** The cache key of one order's details. */
export function orderQueryKey(id: string) {
  return ['orders', 'detail', id] as const;
}

/** The prefix of every order list (own orders, incoming orders), to reload them all at once. */
export const ORDER_LISTS_QUERY_KEY = ['orders', 'lists'] as const;

/** GET /api/orders/{id} (bearer): the order, for its buyer, its seller or an admin. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, { auth: true, signal });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
