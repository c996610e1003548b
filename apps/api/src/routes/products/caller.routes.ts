/**
 * /api/products for everyone, reading the caller when a token is sent (issue 16): the catalogue
 * and one product as before, and drafts for their seller and admins only. The managing list
 * (`scope=manage`: a seller's own products, an admin's) needs the token.
 */
import { canManageProductList } from '@torget/shared/policies/products';
import { productListQuerySchema } from '@torget/shared/schemas/product-query';
import { z } from 'zod';
import { forbidden, unauthorized } from '#api/lib/http-errors.ts';
import { listProductsCached } from '#api/modules/catalog/catalog.service.ts';
import { callerOf, type RoutePlugin } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

const idParams = z.object({ id: z.string() });

export const callerProductRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { cache } = deps;

  app.get('/', { schema: { querystring: productListQuerySchema } }, (request) => {
    const { query } = request;
    if (query.scope === 'manage') {
      const caller = callerOf(request);
      if (!caller) throw unauthorized('No Token');
      if (!canManageProductList(caller, query.seller)) throw forbidden('You can only list your own products.');
    }
    return listProductsCached(db, query, cache);
  });

  app.get('/:id', { schema: { params: idParams } }, (request) =>
    productOrNotFound(db, request.params.id, callerOf(request)),
  );
};
