import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderRefund } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

export interface RefundPayload {
  /** SEK with at most two decimals. */
  amount: number;
  lines?: { product: string; qty: number }[];
  note?: string;
  /** Swish only: the day the seller refunded ('YYYY-MM-DD'). */
  refunded_at?: string;
}

/** POST /api/orders/{id}/refunds (bearer): the refunded order and the refund. */
export async function refundOrder({ id, refund }: { id: string; refund: RefundPayload }) {
  return api.post<{ message: string; order: Order; refund: OrderRefund }>(
    `/api/orders/${encodeURIComponent(id)}/refunds`,
    refund,
    { auth: true },
  );
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderQueryKey(order._id), order);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
