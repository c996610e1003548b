/**
 * The one statement a described page may cost: a product with what its tags need (no reviews,
 * no description of the seller), or a shop's public profile. Prepared once per connection.
 */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { findPublicSeller } from '#api/modules/users/public-seller.service.ts';

function productMetaStatement(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceOre: products.priceOre,
      image: products.image,
      category: products.category,
      brand: products.brand,
      countInStock: products.countInStock,
      rating: products.rating,
      numReviews: products.numReviews,
      sellerId: products.sellerId,
      sellerActive: products.sellerActive,
      isDraft: products.isDraft,
      hidden: products.hidden,
      removed: products.removed,
      sellerUserName: users.name,
      shopName: sellers.name,
      shopDomain: sellers.domain,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('product_page_meta');
}

export type ProductMetaRow = Awaited<ReturnType<ReturnType<typeof productMetaStatement>['execute']>>[number];

const productMetaStatementOf = preparedOnce(productMetaStatement);

/** A product's fields for its page's tags; null for an unknown or malformed id (no query then). */
export async function findProductMeta(db: Db, id: string): Promise<ProductMetaRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await productMetaStatementOf(db).execute({ id });
  return row ?? null;
}

/** An active seller's public profile (the same read as GET /api/users/{id}); null when none. */
export function findShopMeta(db: Db, id: string): Promise<PublicSeller | null> {
  return findPublicSeller(db, id);
}
