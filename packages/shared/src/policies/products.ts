/** Who may change a product and review it (spec sections 6 and 7, /api/products*). */
import type { Actor } from './actor';

/** A product is changed by its seller (while a seller) or an admin. */
export function canEditProduct(actor: Actor | null, product: { sellerId: string }): boolean {
  return actor !== null && (actor.isAdmin || (actor.isSeller && product.sellerId === actor.id));
}

/** Anyone signed in reviews a product, except its own seller. */
export function canReviewProduct(actor: Actor | null, product: { sellerId: string }): boolean {
  return actor !== null && product.sellerId !== actor.id;
}
