/**
 * A product as the read cache's invalidation sees it (lib/cache-changes.ts, ProductSnapshot):
 * the columns a list's filters read (list-reach.ts), and whether it is on sale at all.
 */
import { products } from '#api/db/schema.ts';
import type { ProductSnapshot } from '#api/lib/cache-changes.ts';

/** The columns a snapshot is made of. */
export const snapshotColumns = {
  id: products.id,
  sellerId: products.sellerId,
  category: products.category,
  name: products.name,
  priceOre: products.priceOre,
  rating: products.rating,
  isDraft: products.isDraft,
  sellerActive: products.sellerActive,
  findText: products.findText,
};

/** A row of snapshotColumns (the find text may be left out: the lists' reach then assumes any search). */
export type SnapshotRow = Pick<
  typeof products.$inferSelect,
  'id' | 'sellerId' | 'category' | 'name' | 'priceOre' | 'rating' | 'isDraft' | 'sellerActive'
> &
  Partial<Pick<typeof products.$inferSelect, 'findText'>>;

/** The snapshot of a row: on sale when its seller is an active seller and it is no draft. */
export function snapshotOf(row: SnapshotRow): ProductSnapshot {
  const { id, sellerId, category, name, priceOre, rating, findText } = row;
  const listed = row.sellerActive && !row.isDraft;
  return { id, sellerId, category, name, priceOre, rating, listed, ...(findText === undefined ? {} : { findText }) };
}
