/** The public directory of sellers: who sells, and who sells best. */
import type { TopSeller } from '@torget/shared/api-types.generated';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { findShopByDomain } from '#api/modules/users/shop-by-domain.service.ts';

/** How many sellers the home page's 'Top Sellers' shows. */
export const TOP_SELLERS_COUNT = 6;

/** How long the top sellers may be served from the cache (lib/read-cache.ts). */
export const TOP_SELLERS_TTL_MS = 60_000;

/**
 * Active sellers by rating, then by how many reviews back that rating: one statement, built and
 * prepared once per database (as the light product lists: catalog/list-statements.ts). Exported for
 * EXPLAIN in tests.
 * - It has no parameter (the flag and the limit are written into its text), so it is planned
 *   once. With them as parameters PostgreSQL planned it again on every run (0.36 ms).
 * - The order says NULLS LAST, as `sellers_rating_idx` does (migration 0000). Both columns are
 *   NOT NULL, so the order is the same, but only then does the index serve it: the first few
 *   sellers are read in order (0.1 ms), not all of them joined and sorted (1.1 ms with a
 *   thousand sellers).
 */
export function topSellersQuery(db: Db) {
  return (
    db
      .select({
        id: users.id,
        userName: users.name,
        shopName: sellers.name,
        logo: sellers.logo,
        hasLogo: sellers.hasLogo,
        rating: sellers.rating,
        numReviews: sellers.numReviews,
      })
      .from(users)
      .innerJoin(sellers, eq(sellers.userId, users.id))
      .where(and(sql`${users.isSeller}`, isNull(users.deletedAt)))
      .orderBy(
        sql`${sellers.rating} desc nulls last`,
        sql`${sellers.numReviews} desc nulls last`,
        asc(users.createdAt),
        asc(users.id),
      )
      // Drizzle types a limit as a number or a placeholder, and writes any SQL it is given as it is.
      .limit(sql.raw(String(TOP_SELLERS_COUNT)) as unknown as number)
  );
}

function topSellersStatement(db: Db) {
  return topSellersQuery(db).prepare('top_sellers');
}

const topSellersStatementOf = preparedOnce(topSellersStatement);

export async function listTopSellers(db: Db): Promise<TopSeller[]> {
  const rows = await topSellersStatementOf(db).execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.userName,
    seller: {
      name: r.shopName || r.userName,
      logo: r.logo,
      has_logo: r.hasLogo,
      rating: r.rating,
      numReviews: r.numReviews,
    },
  }));
}

/** The id of the active seller whose shop is on that host name, or null (the site's own lookup, modules/users/shop-by-domain.service.ts). */
export async function findSellerIdByDomain(db: Db, hostname: string): Promise<string | null> {
  return (await findShopByDomain(db, hostname))?._id ?? null;
}
