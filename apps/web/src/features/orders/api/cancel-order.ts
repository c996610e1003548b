import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/** PUT /api/orders/{id}/cancel (bearer): the seller or an admin cancels an unpaid PayPal order. */
export function cancelOrder(id: string): Promise<{ message: string; order: Order }> {
  return api.put<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(id)}/cancel`, undefined, {
    auth: true,
  });
}

/** Cancels an order, shows it cancelled at once, then reloads the order lists and the stock. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async ({ order }, id) => {
      queryClient.setQueryData(orderQueryKey(id), order);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      await queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
