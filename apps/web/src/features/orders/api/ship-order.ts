import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@torget/shared/api-types.generated';
import type { Carrier } from '@torget/shared/rules/shipping';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

export interface ShipPayload {
  carrier: Carrier;
  tracking_number: string;
}

/** PUT /api/orders/{id}/ship (bearer): the order as shipped. */
export async function shipOrder({ id, shipment }: { id: string; shipment: ShipPayload }): Promise<Order> {
  const answer = await api.put<{ message: string; order: Order }>(
    `/api/orders/${encodeURIComponent(id)}/ship`,
    shipment,
    { auth: true },
  );
  return answer.order;
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order._id), order);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
