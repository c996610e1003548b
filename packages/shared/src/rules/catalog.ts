/** Catalogue rules (spec sections 3 and 7): reviews, images and the product fields' limits. */

/** The words of the five stars of a rating, 1 to 5. */
export const RATING_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;

export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
export const UPLOAD_TOO_BIG = 'Too big image. Max size: 4 MB.';

/** Longest texts and largest numbers of a product (PUT /api/products/{id}). */
export const PRODUCT_LIMITS = {
  name: 200,
  image: 500,
  category: 100,
  brand: 100,
  description: 20_000,
  shippingInfo: 1000,
  countInStock: 1_000_000,
  /** Prices are below ten million kronor. */
  priceSek: 9_999_999.99,
} as const;

/** Whether a SEK amount has at most two decimals (öre are the smallest unit). */
export function hasAtMostTwoDecimals(sek: number): boolean {
  return Math.abs(Math.round(sek * 100) - sek * 100) < 1e-6;
}

/** A product edit saved over a product that changed since the form was loaded: 409. */
export const PRODUCT_CHANGED =
  'This product changed since you opened it (for example, items were sold). The form now shows the current values; please make your changes again and save.';

/** At most this many images per product; the first is the product's `image`. */
export const MAX_PRODUCT_IMAGES = 8;

/**
 * What a product needs to be on sale: a name, a price above 0 and an image. A draft
 * saved without them stays a draft; a product on sale never goes back to draft, and its edit
 * form refuses to save it without them (PRODUCT_INCOMPLETE). The API still takes the spec's
 * payload without an image for a product on sale (docs/decisions/019-drafts.md).
 */
export function isPublishable(product: { name: string; price: number; image: string }): boolean {
  return product.name.trim() !== '' && product.price > 0 && product.image !== '';
}

export const PRODUCT_INCOMPLETE = 'A product on sale needs a name, a price above 0 and an image.';

/**
 * Where a product stands, as the seller's and admin's lists show it: removed by moderation first
 * (nothing the seller does brings it back), then a draft, then hidden by its seller.
 */
export type ProductStatus = 'removed' | 'draft' | 'hidden' | 'on-sale' | 'sold-out';

export function productStatus(product: {
  isDraft: boolean;
  countInStock: number;
  hidden?: boolean;
  removed?: boolean;
}): ProductStatus {
  if (product.removed) return 'removed';
  if (product.isDraft) return 'draft';
  if (product.hidden) return 'hidden';
  return product.countInStock > 0 ? 'on-sale' : 'sold-out';
}

/**
 * The short product number as sellers read it (`#1001`). Typed with or without the `#`, a
 * number also finds its product in the seller's and admin's list search.
 */
export function productNumberLabel(number: number): string {
  return `#${number}`;
}

export function parseProductNumber(text: string): number | undefined {
  const match = /^#?\s*(\d{1,15})$/.exec(text.trim());
  return match?.[1] ? Number(match[1]) : undefined;
}
