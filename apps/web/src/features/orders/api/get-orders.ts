import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import type { OrderStateFilter } from '@torget/shared/rules/admin-lists';
import type { IncomingOrderFilter } from '@torget/shared/schemas/orders';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

/** The admin's order search: a number, buyer or shop; one state; Stockholm days. '' means none. */
export interface OrderSearch {
  search: string;
  state: OrderStateFilter | '';
  from: string;
  to: string;
}

export const NO_ORDER_SEARCH: OrderSearch = { search: '', state: '', from: '', to: '' };

/**
 * GET /api/orders?seller=&status=&search=&state=&from=&to=&pageNumber= (bearer): a page of
 * incoming orders with the buyer's name. `seller` is a seller's id, or '' for an admin's list of
 * all orders (spec section 7); `status` keeps the orders to act on, '' all; `find` is the
 * admin's search (admins only).
 */
export function getOrders(
  seller: string,
  page = 1,
  status: IncomingOrderFilter | '' = '',
  find: OrderSearch = NO_ORDER_SEARCH,
  signal?: AbortSignal,
): Promise<ListPage<Order>> {
  return apiListPage<Order>('/api/orders', {
    auth: true,
    signal,
    query: {
      seller,
      status: status || undefined,
      search: find.search || undefined,
      state: find.state || undefined,
      from: find.from || undefined,
      to: find.to || undefined,
      pageNumber: page,
    },
  });
}

export function ordersQueryOptions(
  seller: string,
  page = 1,
  status: IncomingOrderFilter | '' = '',
  find: OrderSearch = NO_ORDER_SEARCH,
) {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'incoming', seller, status, find.search, find.state, find.from, find.to, page],
    queryFn: ({ signal }) => getOrders(seller, page, status, find, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(
  seller: string,
  page = 1,
  status: IncomingOrderFilter | '' = '',
  find: OrderSearch = NO_ORDER_SEARCH,
) {
  return useQuery(ordersQueryOptions(seller, page, status, find));
}
