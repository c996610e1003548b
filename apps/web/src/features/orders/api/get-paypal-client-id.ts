import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** GET /api/config/paypal: the PayPal client id as plain text, for loading PayPal's script. */
export async function getPaypalClientId(signal?: AbortSignal): Promise<string> {
  const clientId = await api.get<unknown>('/api/config/paypal', { signal });
  return typeof clientId === 'string' ? clientId.trim() : '';
}

export function paypalClientIdQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'paypal'],
    queryFn: ({ signal }) => getPaypalClientId(signal),
    staleTime: LONG_STALE_TIME,
  });
}

export function usePaypalClientId() {
  return useQuery(paypalClientIdQueryOptions());
}
