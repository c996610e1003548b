import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';
import { ORDER_LISTS_QUERY_KEY } from './get-order';

/**
 * GET /api/orders?seller= (bearer): incoming orders with the buyer's name. `seller` is a
 * seller's id, or '' for an admin's list of all orders (spec section 7).
 */
export function getOrders(seller: string, signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>('/api/orders', { auth: true, signal, query: { seller } });
}

export function ordersQueryOptions(seller: string) {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'incoming', seller],
    queryFn: ({ signal }) => getOrders(seller, signal),
  });
}

export function useOrders(seller: string) {
  return useQuery(ordersQueryOptions(seller));
}
