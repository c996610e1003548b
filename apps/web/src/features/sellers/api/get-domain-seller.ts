import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { LONG_STALE_TIME } from '../../../lib/query-client';

/** The answer when no seller owns the domain. */
export const NO_DOMAIN_SELLER = '0';

/** GET /api/users/domain_seller/{hostname}: the id of the seller owning the domain, or '0' (plain text). */
export async function getDomainSeller(hostname: string, signal?: AbortSignal): Promise<string> {
  const answer = await api.get<unknown>(`/api/users/domain_seller/${encodeURIComponent(hostname)}`, { signal });
  const id = typeof answer === 'string' ? answer.trim() : String(answer ?? '');
  return id === '' ? NO_DOMAIN_SELLER : id;
}

export function domainSellerQueryOptions(hostname: string) {
  return queryOptions({
    queryKey: ['sellers', 'domain', hostname],
    queryFn: ({ signal }) => getDomainSeller(hostname, signal),
    staleTime: LONG_STALE_TIME,
  });
}

/** Which seller owns `hostname`; pass `enabled: false` on the marketplace's own hosts. */
export function useDomainSeller(hostname: string, enabled = true) {
  return useQuery({ ...domainSellerQueryOptions(hostname), enabled });
}
