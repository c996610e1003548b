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

/** A product edit saved over a product that changed since the form was loaded (issue 15): 409. */
export const PRODUCT_CHANGED =
  'This product changed since you opened it (for example, items were sold). The form now shows the current values; please make your changes again and save.';
