import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/** The seller's update of a Swish order (spec section 7); a date is 'YYYY-MM-DD', '' when unticked. */
export interface OrderUpdatePayload {
  is_paid: boolean;
  paid_date: string;
  is_delivered: boolean;
  delivered_date: string;
}

/** PUT /api/orders/{id}/update (bearer): the updated order. */
export function updateOrder({ id, update }: { id: string; update: OrderUpdatePayload }): Promise<Order> {
  return api.put<Order>(`/api/orders/${encodeURIComponent(id)}/update`, update, { auth: true });
}

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order._id), order);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
