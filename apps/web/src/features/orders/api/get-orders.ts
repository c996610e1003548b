import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types';
import type { IncomingOrderFilter } from '@torget/shared/schemas/orders';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

/**
 * GET /api/orders?seller=&status=&pageNumber= (bearer): a page of incoming orders with the
 * buyer's name. `seller` is a seller's id, or '' for an admin's list of all orders (spec section
 * 7); `status` keeps the orders to act on, '' all.
 */
export function getOrders(
  seller: string,
  page = 1,
  status: IncomingOrderFilter | '' = '',
  signal?: AbortSignal,
): Promise<ListPage<Order>> {
  return apiListPage<Order>('/api/orders', {
    auth: true,
    signal,
    query: { seller, status: status || undefined, pageNumber: page },
  });
}

export function ordersQueryOptions(seller: string, page = 1, status: IncomingOrderFilter | '' = '') {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'incoming', seller, status, page],
    queryFn: ({ signal }) => getOrders(seller, page, status, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(seller: string, page = 1, status: IncomingOrderFilter | '' = '') {
  return useQuery(ordersQueryOptions(seller, page, status));
}
