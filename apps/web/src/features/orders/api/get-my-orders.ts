import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types';
import { api } from '../../../lib/api-client';
import { ORDER_LISTS_QUERY_KEY } from './get-order';

/** GET /api/orders/mine (bearer): the signed-in user's own outgoing orders, newest first. */
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get<Order[]>('/api/orders/mine', { auth: true, signal });
}

export function myOrdersQueryOptions() {
  return queryOptions({
    queryKey: [...ORDER_LISTS_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => getMyOrders(signal),
  });
}

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
