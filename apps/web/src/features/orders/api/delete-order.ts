import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/orders/{id} (bearer): an unpaid, undelivered Swish order; its stock goes back. */
export function deleteOrder(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/orders/${encodeURIComponent(id)}`, { auth: true });
}

/**
 * Deletes an order, then reloads the order lists and the products' stock. The order's cached
 * details go too, unless a page still shows them (that page forgets them once it stops).
 */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: async (_answer, id) => {
      const detail = queryClient.getQueryCache().find({ queryKey: orderQueryKey(id), exact: true });
      if (detail && detail.getObserversCount() === 0) queryClient.removeQueries({ queryKey: orderQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
