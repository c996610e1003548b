/**
 * Favourites: the products a signed-in user saved ("Spara"). A user saves only a product the
 * public sees; the list shows only those still shown (a product hidden, made a draft again or of
 * a closed shop drops out of the list, and comes back when shown again).
 */
import type { ProductSummary } from '@torget/shared/api-types.generated';
import { MAX_FAVOURITES } from '@torget/shared/rules/favourites';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { favourites, products, sellers, users } from '#api/db/schema.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { listed } from '#api/modules/catalog/listed.ts';
import {
  type ProductWithSellerRow,
  productWithSellerColumns,
  toProductJson,
} from '#api/modules/catalog/product-json.ts';

export interface FavouriteState {
  productId: string;
  saved: boolean;
}

/** Whether the user saved the product (a product never saved, or unknown, answers false). */
export async function favouriteState(db: Db, userId: string, productId: string): Promise<FavouriteState> {
  if (!isUuid(productId)) throw notFound('Product Not Found');
  const [row] = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  return { productId, saved: row !== undefined };
}

/**
 * Saves a product the public sees (404 otherwise: a draft or hidden product cannot be learnt of
 * by saving it). Saving it again changes nothing. At most MAX_FAVOURITES a user.
 */
export async function saveFavourite(db: Db, userId: string, productId: string): Promise<FavouriteState> {
  if (!isUuid(productId)) throw notFound('Product Not Found');
  const [shown] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), listed));
  if (!shown) throw notFound('Product Not Found');
  const [saved] = await db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId));
  if (Number(saved?.n ?? 0) >= MAX_FAVOURITES) {
    const already = await favouriteState(db, userId, productId);
    if (!already.saved) throw conflict(`You can save at most ${MAX_FAVOURITES} products.`);
    return already;
  }
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
  return { productId, saved: true };
}

/** Removes a saved product; removing one not saved changes nothing. */
export async function removeFavourite(db: Db, userId: string, productId: string): Promise<FavouriteState> {
  if (!isUuid(productId)) throw notFound('Product Not Found');
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  return { productId, saved: false };
}

/** The user's saved products the public sees, the latest saved first, as product cards show them. */
export async function listFavourites(db: Db, userId: string): Promise<ProductSummary[]> {
  const rows = await db
    .select(productWithSellerColumns)
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(and(eq(favourites.userId, userId), listed))
    .orderBy(desc(favourites.createdAt), desc(favourites.productId))
    .limit(MAX_FAVOURITES);
  return (rows as ProductWithSellerRow[]).map(toProductJson);
}
