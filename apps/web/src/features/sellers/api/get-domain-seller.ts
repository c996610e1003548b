import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Site } from '@torget/shared/rules/hosts';
import { api } from '#web/lib/api-client.ts';
import { currentHostname, siteInfo } from '#web/lib/hosts.ts';
import { LONG_STALE_TIME } from '#web/lib/query-client.ts';

/** The answer when no seller owns the domain. */
export const NO_DOMAIN_SELLER = '0';

/** GET /api/users/domain_seller/{hostname}: the id of the seller owning the domain, or '0' (plain text). */
export async function getDomainSeller(hostname: string, signal?: AbortSignal): Promise<string> {
  const answer = await api.get<unknown>(`/api/users/domain_seller/${encodeURIComponent(hostname)}`, { signal });
  const id = typeof answer === 'string' ? answer.trim() : String(answer ?? '');
  return id === '' ? NO_DOMAIN_SELLER : id;
}

/** The id the lookup would answer for a site the server resolved ('0' for no seller's domain). */
export function domainSellerOf(site: Site): string {
  return site.kind === 'shop' ? site.seller._id : NO_DOMAIN_SELLER;
}

export function domainSellerQueryOptions(hostname: string) {
  return queryOptions({
    queryKey: ['sellers', 'domain', hostname],
    queryFn: ({ signal }) => getDomainSeller(hostname, signal),
    staleTime: LONG_STALE_TIME,
  });
}

/**
 * Which seller owns `hostname`: on the page's own host, the seller the server wrote into the page
 * (lib/hosts.ts), known at once and never asked for; asked of the API only where the page carries
 * no site (the dev server). Pass `enabled: false` on the marketplace's own hosts.
 */
export function useDomainSeller(hostname: string, enabled = true) {
  const info = hostname === currentHostname() ? siteInfo() : null;
  const known = info ? domainSellerOf(info.site) : undefined;
  return useQuery({
    ...domainSellerQueryOptions(hostname),
    initialData: () => known,
    enabled: enabled && known === undefined,
  });
}
