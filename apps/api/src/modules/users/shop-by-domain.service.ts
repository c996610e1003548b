/** The shop on a seller's own domain: the one lookup behind site/resolve-site.ts and GET /api/users/domain_seller/{hostname}. */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { DOMAIN_PATTERN, normaliseHost } from '@torget/shared/rules/hosts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { toPublicSeller } from './user-json';

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
