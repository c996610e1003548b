import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderMessage } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY } from '#web/api/get-order.ts';
import { api } from '#web/lib/api-client.ts';

export function orderMessagesQueryKey(orderId: string) {
  return ['orders', 'messages', orderId] as const;
}

/** GET /api/orders/{id}/messages (bearer): the thread, oldest first; reading it marks it read. */
export function useOrderMessages(orderId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderMessagesQueryKey(orderId),
    queryFn: async ({ signal }) => {
      const thread = await api.get<OrderMessage[]>(`/api/orders/${encodeURIComponent(orderId)}/messages`, {
        auth: true,
        signal,
      });
      // Reading marked the thread read: the header's unread count (in one's own details) follows.
      void queryClient.invalidateQueries({ queryKey: ['users', 'detail'] });
      return thread;
    },
  });
}

/** POST /api/orders/{id}/messages (bearer): the message as written. */
export function usePostOrderMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<OrderMessage>(`/api/orders/${encodeURIComponent(orderId)}/messages`, { text }, { auth: true }),
    onSuccess: (message) => {
      queryClient.setQueryData<OrderMessage[]>(orderMessagesQueryKey(orderId), (thread) => [
        ...(thread ?? []),
        message,
      ]);
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    },
  });
}
