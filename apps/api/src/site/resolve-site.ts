/**
 * Which site a request is for: the marketplace, seller X's shop, or neither. The one place the
 * server answers that; the SPA serving (lib/web-app.ts) writes the answer into index.html and
 * redirects foreign storefronts with it, mail links take their host from the same rule
 * (lib/mail-link-origin.ts), and GET /api/users/domain_seller/{hostname} asks the same query.
 */
import type { PublicSeller } from '@torget/shared/api-types';
import { DOMAIN_PATTERN, isMainHost, normaliseHost, type Site } from '@torget/shared/rules/hosts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { toPublicSeller } from '#api/modules/users/user-json.ts';

/** The active seller whose shop is on a domain, with what the storefront shows: built once, prepared once per connection. */
function shopByDomainStatement(db: Db) {
  return db
    .select({ user: users, seller: sellers })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(eq(sellers.domain, sql.placeholder('domain')), eq(users.isSeller, true), isNull(users.deletedAt)))
    .prepare('shop_by_domain');
}

const shopByDomainStatementOf = preparedOnce(shopByDomainStatement);

/**
 * The active seller whose shop is on `host` (any case, with or without a port), as a visitor
 * sees them; null when none. A host that cannot be a stored domain is answered without a query.
 */
export async function findShopByDomain(db: Db, host: string): Promise<PublicSeller | null> {
  const domain = normaliseHost(host);
  if (!DOMAIN_PATTERN.test(domain)) return null;
  // The domain column is unique: at most one row, found through its index.
  const [row] = await shopByDomainStatementOf(db).execute({ domain });
  return row ? toPublicSeller(row.user, row.seller) : null;
}

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
