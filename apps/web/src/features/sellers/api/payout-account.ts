import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccountAnswer } from '@torget/shared/api-types.generated';
import type { PayoutAccountUpdate } from '@torget/shared/schemas/payout-account';
import { api } from '#web/lib/api-client.ts';

export const payoutAccountQueryKey = ['sellers', 'payout-account'] as const;

/** GET /api/users/payout-account (bearer, seller): the seller's own account, masked, and its hold. */
export function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccountAnswer> {
  return api.get<PayoutAccountAnswer>('/api/users/payout-account', { auth: true, signal });
}

export function usePayoutAccount() {
  return useQuery(queryOptions({ queryKey: payoutAccountQueryKey, queryFn: ({ signal }) => getPayoutAccount(signal) }));
}

/** PUT /api/users/payout-account (bearer, seller): sets the account; answers it masked, with the hold. */
export function savePayoutAccount(account: PayoutAccountUpdate): Promise<PayoutAccountAnswer> {
  return api.put<PayoutAccountAnswer>('/api/users/payout-account', account, { auth: true });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (answer) => queryClient.setQueryData(payoutAccountQueryKey, answer),
  });
}
