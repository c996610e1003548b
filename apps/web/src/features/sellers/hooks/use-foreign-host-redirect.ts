import { useEffect } from 'react';
import { currentHostname, isMainHost, mainHostUrl } from '#web/lib/hosts.ts';
import { useDomainSeller } from '../api/get-domain-seller';

/** The marketplace's own address of a storefront: `{protocol}//{main host}{:port}/seller/{id}`. */
export function mainSiteStorefrontUrl(sellerId: string): string {
  return mainHostUrl(`/seller/${encodeURIComponent(sellerId)}`);
}

/**
 * Spec section 2, Home: a storefront opened by id on a foreign host that is not that seller's own
 * domain goes to the main site's /seller/{id}. The server answers a page load of such a storefront
 * with that redirect itself (apps/api/src/site); this covers navigation inside the app, reading
 * the domain's seller from the site the server wrote into the page (no request; only the dev
 * server's page asks). On the main hosts it does nothing; a failed lookup is ignored. Returns true
 * while the storefront should not show (lookup pending or leaving).
 */
export function useForeignHostRedirect(sellerId: string | undefined): boolean {
  const foreign = !isMainHost();
  const hostname = currentHostname();
  const owner = useDomainSeller(hostname, foreign);
  // '0' (no seller owns this host) is never a seller's id, so it leaves too.
  const leave = foreign && sellerId !== undefined && owner.isSuccess && owner.data !== sellerId;

  useEffect(() => {
    if (leave && sellerId !== undefined) window.location.replace(mainSiteStorefrontUrl(sellerId));
  }, [leave, sellerId]);

  return foreign && (owner.isPending || leave);
}
