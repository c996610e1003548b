import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { getProduct } from '../../modules/catalog/catalog.service';

/** A product as the API shows it, or the spec's 404. */
export async function productOrNotFound(db: Db, id: string) {
  const product = await getProduct(db, id);
  if (!product) throw notFound('Product Not Found');
  return product;
}
