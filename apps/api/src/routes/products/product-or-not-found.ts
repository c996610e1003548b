import { canSeeProduct } from '@torget/shared/policies/products';
import type { Db } from '#api/db/client.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { notFound } from '#api/lib/http-errors.ts';
import {
  getProduct,
  type ProductDetailsAnswer,
  productDetailsAnswer,
} from '#api/modules/catalog/product-details.service.ts';

/**
 * A product as the API shows it to `viewer`, or the spec's 404: also for a draft, a hidden or a
 * removed product that is not the viewer's to see, so they cannot be probed.
 */
export async function productOrNotFound(db: Db, id: string, viewer: AuthUser | null) {
  const product = await getProduct(db, id);
  if (!product || !canSeeProduct(viewer, { ...product, sellerId: product.seller._id })) {
    throw notFound('Product Not Found');
  }
  return product;
}

/** productOrNotFound, as the answer's JSON (the product page's read: GET /api/products/{id}). */
export async function productAnswerOrNotFound(
  db: Db,
  id: string,
  viewer: AuthUser | null,
): Promise<ProductDetailsAnswer> {
  const answer = await productDetailsAnswer(db, id);
  if (!answer || !canSeeProduct(viewer, answer)) throw notFound('Product Not Found');
  return answer;
}
