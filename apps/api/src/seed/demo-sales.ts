/**
 * The demo's running sales: a few products on sale from two days ago for two weeks, with a price
 * history behind them (the ordinary price, a shorter dip 18 days ago, the ordinary price again),
 * so a newcomer sees the struck price and the lowest price of the 30 days before the sale at once.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '#api/db/client.ts';
import { productPriceHistory, products } from '#api/db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The products on sale, by name, and the share of the ordinary price the sale asks. */
export const DEMO_SALES = [
  { product: 'Långärmad t-shirt, havsgrön', share: 0.75 },
  { product: 'Högtalare Vardagsrum 40 W', share: 0.8 },
  { product: 'Golvlampa Siljan', share: 0.7 },
] as const;

/** An amount in öre rounded to whole kronor. */
const wholeKronor = (ore: number) => Math.round(ore / 100) * 100;

export async function insertDemoSales(tx: Tx, placed: Map<string, { id: string }>, now: Date): Promise<void> {
  const ids = DEMO_SALES.map((sale) => {
    const product = placed.get(sale.product);
    if (!product) throw new Error(`Demo sale of an unknown product ${sale.product}`);
    return product.id;
  });
  const rows = await tx
    .select({ id: products.id, priceOre: products.priceOre })
    .from(products)
    .where(inArray(products.id, ids));
  const starts = new Date(now.getTime() - 2 * DAY_MS);
  const ends = new Date(now.getTime() + 14 * DAY_MS);
  for (const [index, sale] of DEMO_SALES.entries()) {
    const id = ids[index] as string;
    const price = rows.find((row) => row.id === id)?.priceOre;
    if (price === undefined) throw new Error(`Demo sale of a product not inserted: ${sale.product}`);
    const salePrice = wholeKronor(price * sale.share);
    await tx
      .update(products)
      .set({ salePriceOre: salePrice, saleStartsAt: starts, saleEndsAt: ends })
      .where(eq(products.id, id));
    // The history the demo stands for, in place of the one its insert and this update recorded.
    await tx.delete(productPriceHistory).where(eq(productPriceHistory.productId, id));
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    await tx.insert(productPriceHistory).values([
      { productId: id, inForceFrom: ago(40), priceOre: price },
      { productId: id, inForceFrom: ago(18), priceOre: wholeKronor(price * 0.9) },
      { productId: id, inForceFrom: ago(12), priceOre: price },
      { productId: id, inForceFrom: starts, priceOre: salePrice },
      { productId: id, inForceFrom: ends, priceOre: price },
    ]);
  }
}
