import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, ShippingAddress } from '@torget/shared/api-types.generated';
import type { CartItem, PaymentMethod } from '@torget/shared/rules/orders';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/orders: the cart lines as orderItems, the address and the method (spec section 7).
 * The server reads only product ids and quantities and prices everything from the database.
 */
export interface CreateOrderPayload {
  orderItems: CartItem[];
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
}

export function createOrder(payload: CreateOrderPayload): Promise<{ message: string; order: Order }> {
  return api.post<{ message: string; order: Order }>('/api/orders', payload, { auth: true });
}

/** Places the order; its details are cached for the order page, and order lists and stock reload. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderQueryKey(order._id), order);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
      // Stock went down.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
