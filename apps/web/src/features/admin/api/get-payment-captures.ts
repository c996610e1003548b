import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaypalCaptureRecord } from '@torget/shared/api-types.generated';
import { apiListPage, type ListPage } from '#web/lib/api-client.ts';

export const paymentCapturesQueryKey = ['payments', 'captures'] as const;

export type CaptureListState = 'unrefunded' | 'refunded' | 'all';

/**
 * GET /api/payments/captures?state=&pageNumber= (bearer, admin): a page of the PayPal captures
 * the server booked, newest first; `unrefunded` keeps those whose refund PayPal has not accepted.
 */
export function getPaymentCaptures(
  state: CaptureListState,
  page = 1,
  signal?: AbortSignal,
): Promise<ListPage<PaypalCaptureRecord>> {
  return apiListPage<PaypalCaptureRecord>('/api/payments/captures', {
    auth: true,
    signal,
    query: { state, pageNumber: page },
  });
}

export function usePaymentCaptures(state: CaptureListState, page = 1) {
  return useQuery(
    queryOptions({
      queryKey: [...paymentCapturesQueryKey, state, page],
      queryFn: ({ signal }) => getPaymentCaptures(state, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
