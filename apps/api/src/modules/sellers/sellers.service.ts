/** The public directory of sellers: who sells, and who sells best. */
import type { TopSeller } from '@torget/shared/api-types';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { findShopByDomain } from '#api/site/resolve-site.ts';

/** How many sellers the home page's 'Top Sellers' shows. */
export const TOP_SELLERS_COUNT = 6;

/** How long the top sellers may be served from the cache (lib/read-cache.ts). */
export const TOP_SELLERS_TTL_MS = 60_000;

/**
 * Active sellers by rating, then by how many reviews back that rating: one statement, built and
 * prepared once per database (as the light product lists: catalog.service.ts).
 */
function topSellersStatement(db: Db) {
  return db
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
    .where(and(eq(users.isSeller, true), isNull(users.deletedAt)))
    .orderBy(desc(sellers.rating), desc(sellers.numReviews), asc(users.createdAt), asc(users.id))
    .limit(TOP_SELLERS_COUNT)
    .prepare('top_sellers');
}

const topSellersStatements = new WeakMap<Db, ReturnType<typeof topSellersStatement>>();

export async function listTopSellers(db: Db): Promise<TopSeller[]> {
  let statement = topSellersStatements.get(db);
  if (!statement) {
    statement = topSellersStatement(db);
    topSellersStatements.set(db, statement);
  }
  const rows = await statement.execute();
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

/** The id of the active seller whose shop is on that host name, or null (the site's own lookup, site/resolve-site.ts). */
export async function findSellerIdByDomain(db: Db, hostname: string): Promise<string | null> {
  return (await findShopByDomain(db, hostname))?._id ?? null;
}
