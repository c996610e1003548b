import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

/** GET /api/orders/mine?pageNumber= (bearer): a page of the user's own outgoing orders, newest first. */
export function getMyOrders(page = 1, signal?: AbortSignal): Promise<ListPage<Order>> {
  return apiListPage<Order>('/api/orders/mine', { auth: true, signal, query: { pageNumber: page } });
}

export function myOrdersQueryOptions(page = 1) {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'mine', page],
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyOrders(page = 1) {
  return useQuery(myOrdersQueryOptions(page));
}
