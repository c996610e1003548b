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

/**
 * A draft, a product its seller hid and one removed by moderation are seen by nobody but its
 * seller and admins; any other product by everyone (a 404 otherwise, so they cannot be probed).
 */
export function canSeeProduct(
  actor: Actor | null,
  product: { sellerId: string; isDraft: boolean; hidden?: boolean; removed?: boolean },
): boolean {
  const publicView = !product.isDraft && !product.hidden && !product.removed;
  return publicView || (actor !== null && (actor.isAdmin || product.sellerId === actor.id));
}

/**
 * The managing list (drafts included): an admin's of any or every seller, a seller's
 * of their own products only.
 */
export function canManageProductList(actor: Actor | null, sellerId: string | undefined): boolean {
  if (actor === null) return false;
  return actor.isAdmin || (actor.isSeller && sellerId === actor.id);
}
