import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderWithdrawal, WithdrawalListEntry } from '@torget/shared/api-types.generated';
import { ORDER_LISTS_QUERY_KEY, orderQueryKey } from '#web/api/get-order.ts';
import { api, apiListPage, type ListPage } from '#web/lib/api-client.ts';

/** The cache key prefix of the withdrawal lists (a seller's returns, the admins' overdue ones). */
export const WITHDRAWAL_LISTS_QUERY_KEY = ['withdrawals', 'lists'] as const;

interface WithdrawalAnswer {
  message: string;
  order: Order;
  withdrawal: OrderWithdrawal;
}

export interface WithdrawalRequest {
  orderId: string;
  lines: { product: string; qty: number }[];
  reason: string;
}

/** POST /api/orders/{id}/withdrawals (bearer): the buyer withdraws from lines of the order. */
export function requestWithdrawal({ orderId, lines, reason }: WithdrawalRequest): Promise<WithdrawalAnswer> {
  return api.post<WithdrawalAnswer>(
    `/api/orders/${encodeURIComponent(orderId)}/withdrawals`,
    { lines, reason: reason.trim() || null },
    { auth: true },
  );
}

export interface WithdrawalDecision {
  orderId: string;
  withdrawalId: string;
  accepted: boolean;
  refund_amount?: number;
  restock?: boolean;
  returned?: boolean;
}

/** PUT /api/orders/{id}/withdrawals/{wid} (bearer): the seller or an admin accepts or rejects. */
export function decideWithdrawal({
  orderId,
  withdrawalId,
  ...decision
}: WithdrawalDecision): Promise<WithdrawalAnswer> {
  return api.put<WithdrawalAnswer>(
    `/api/orders/${encodeURIComponent(orderId)}/withdrawals/${encodeURIComponent(withdrawalId)}`,
    decision,
    { auth: true },
  );
}

/** After either action: the order as answered, and every list that shows it read again. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return (answer: WithdrawalAnswer) => {
    queryClient.setQueryData(orderQueryKey(answer.order._id), answer.order);
    void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_LISTS_QUERY_KEY });
  };
}

export function useRequestWithdrawal() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: requestWithdrawal, onSuccess: changed });
}

export function useDecideWithdrawal() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: decideWithdrawal, onSuccess: changed });
}

/** GET /api/orders/withdrawals?overdue=&pageNumber= (bearer): a page of withdrawals. */
export function getWithdrawals(
  overdue: boolean,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<WithdrawalListEntry>> {
  return apiListPage<WithdrawalListEntry>('/api/orders/withdrawals', {
    auth: true,
    signal,
    query: { overdue: overdue ? 'true' : undefined, pageNumber: page },
  });
}

export function useWithdrawals(overdue: boolean, page = 1) {
  return useQuery(
    queryOptions({
      queryKey: [...WITHDRAWAL_LISTS_QUERY_KEY, overdue, page],
      queryFn: ({ signal }) => getWithdrawals(overdue, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
