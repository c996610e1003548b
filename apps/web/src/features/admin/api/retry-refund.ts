import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaypalCaptureRecord } from '@torget/shared/api-types.generated';
import { api } from '#web/lib/api-client.ts';
import { paymentCapturesQueryKey } from './get-payment-captures';

/** POST /api/payments/captures/{captureId}/refund (bearer, admin): asks PayPal again to refund it. */
export function retryRefund(captureId: string): Promise<PaypalCaptureRecord> {
  return api.post<PaypalCaptureRecord>(`/api/payments/captures/${encodeURIComponent(captureId)}/refund`, undefined, {
    auth: true,
  });
}

export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    // Refunded or not, the list shows the capture as it now is (attempts, last error).
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentCapturesQueryKey }),
  });
}
