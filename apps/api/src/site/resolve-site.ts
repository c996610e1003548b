/**
 * Which site a request is for: the marketplace, seller X's shop, or neither. The one place the
 * server answers that; the SPA serving (site/web-app.ts) writes the answer into index.html and
 * redirects foreign storefronts with it, mail links take their host from the same rule
 * (site/mail-link-origin.ts), and GET /api/users/domain_seller/{hostname} asks the same query
 * (modules/users/shop-by-domain.service.ts).
 */
import { isMainHost, type Site } from '@torget/shared/rules/hosts';
import type { Db } from '#api/db/client.ts';
import { findShopByDomain } from '#api/modules/users/shop-by-domain.service.ts';

/**
 * What `host` is. A main host is the marketplace without a query; any other host is the shop of
 * the active seller who set it as their domain, or unknown.
 *
 * Not kept in the read cache on purpose: the Host header is the visitor's to write, so caching
 * by it would let anyone fill the shared cache with made-up hosts and push the product lists
 * out; the lookup is one indexed row, once per page load.
 */
export async function resolveSite(db: Db, mainHosts: readonly string[], host: string): Promise<Site> {
  if (isMainHost(host, mainHosts)) return { kind: 'marketplace' };
  const seller = await findShopByDomain(db, host);
  return seller ? { kind: 'shop', seller } : { kind: 'unknown' };
}
