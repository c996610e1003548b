import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutBatch } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

export const payoutsQueryKey = ['payouts'] as const;

/** GET /api/payouts (bearer, admin): the newest payout batches first, with their lines. */
export function usePayoutBatches() {
  return useQuery({
    queryKey: payoutsQueryKey,
    queryFn: ({ signal }) => api.get<PayoutBatch[]>('/api/payouts', { auth: true, signal }),
  });
}

/** POST /api/payouts (bearer, admin): a batch of every seller who may be paid now. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PayoutBatch>('/api/payouts', undefined, { auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/** PUT /api/payouts/{id}/sent (bearer, admin): books the payouts and mails the sellers. */
export function useMarkPayoutSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.put<PayoutBatch>(`/api/payouts/${encodeURIComponent(id)}/sent`, undefined, { auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}

/**
 * GET /api/payouts/{id}/file (bearer, admin): the bank file, saved by the browser under the
 * server's file name. Fetched with the token (a plain link would carry none), then handed to
 * the browser as a download.
 */
export function downloadPayoutFile(batch: PayoutBatch): Promise<void> {
  return downloadFile(`/api/payouts/${encodeURIComponent(batch._id)}/file`, `torget-payout-T-${batch.number}.csv`);
}
