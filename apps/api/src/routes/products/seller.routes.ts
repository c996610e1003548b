/** /api/products, for sellers: a new, empty product in the seller's own shop. */
import { createEmptyProduct } from '#api/modules/catalog/products.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

export const sellerProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;

  app.post('/', async (request, reply) => {
    const id = await createEmptyProduct(db, userOf(request));
    return reply.status(201).send({ message: 'Product Created', product: await productOrNotFound(db, id) });
  });
};
