import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/orders/{id}/paypal (bearer): our server creates the PayPal order from the stored
 * total and answers its id, which the PayPal button's createOrder hands to PayPal.
 */
export function createPaypalOrder(orderId: string): Promise<{ id: string }> {
  return api.post<{ id: string }>(`/api/orders/${encodeURIComponent(orderId)}/paypal`, undefined, { auth: true });
}

export function useCreatePaypalOrder() {
  return useMutation({ mutationFn: createPaypalOrder });
}
