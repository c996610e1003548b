import type { Db } from '#api/db/client.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { getProduct } from '#api/modules/catalog/catalog.service.ts';

/** A product as the API shows it, or the spec's 404. */
export async function productOrNotFound(db: Db, id: string) {
  const product = await getProduct(db, id);
  if (!product) throw notFound('Product Not Found');
  return product;
}
