import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/** What PayPal's capture answered; the server reads its `id` and checks the rest with PayPal itself. */
export interface PaypalPaymentResult {
  id: string;
  [field: string]: unknown;
}

/** PUT /api/orders/{id}/pay (bearer): the paid order, once the server has verified the capture. */
export function payOrder({ id, paymentResult }: { id: string; paymentResult: PaypalPaymentResult }): Promise<Order> {
  return api.put<Order>(`/api/orders/${encodeURIComponent(id)}/pay`, paymentResult, { auth: true });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order._id), order);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
      // Reload the order, as the spec's pay flow does after a successful payment.
      await queryClient.invalidateQueries({ queryKey: orderQueryKey(order._id) });
    },
    // A refused payment may still have been taken by PayPal (the order was cancelled or expired
    // meanwhile): the order, read again, shows it is being refunded.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: orderQueryKey(id) }),
  });
}
