/**
 * Which products' sales came into force in a span of time: the hook for whatever tells people of
 * a sale (favourites' "on sale" mail). A sale starts by time, with no write at that moment, so
 * there is no event to listen for; a periodic sweep asks for the span since its last run instead.
 * A sale set with a start already past starts when saved (saleColumnsOf), so its start lies in
 * the span of the sweep after the save and is found too.
 */
import { and, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { listed } from './listed';

export interface SaleStart {
  productId: string;
  sellerId: string;
  salePriceOre: number;
  priceOre: number;
  startedAt: Date;
}

/**
 * The listed products whose sale started after `since` and at or before `until`, and is in force
 * at `until` (not ended, still below the ordinary price), oldest start first.
 */
export async function salesStartedBetween(db: Db, since: Date, until: Date): Promise<SaleStart[]> {
  const rows = await db
    .select({
      productId: products.id,
      sellerId: products.sellerId,
      salePriceOre: sql<number>`${products.salePriceOre}`,
      priceOre: products.priceOre,
      startedAt: sql<Date>`${products.saleStartsAt}`,
    })
    .from(products)
    .where(
      and(
        listed,
        gt(products.saleStartsAt, since),
        lte(products.saleStartsAt, until),
        gt(products.saleEndsAt, until),
        sql`${products.salePriceOre} < ${products.priceOre}`,
      ),
    )
    .orderBy(products.saleStartsAt);
  return rows.map((row) => ({ ...row, startedAt: new Date(row.startedAt) }));
}
