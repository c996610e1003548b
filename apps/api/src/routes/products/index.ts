/**
 * /api/products: the categories (public), the catalogue and one product (caller: drafts for their
 * seller and admins), writing products and reviews (signed in, sellers), a seller's products as CSV and imported from it.
 */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { callerProductRoutes } from './caller.routes';
import { productCsvRoutes } from './csv.routes';
import { publicProductRoutes } from './public.routes';
import { removalProductRoutes } from './removal.routes';
import { sellerProductRoutes } from './seller.routes';
import { signedInProductRoutes } from './signed-in.routes';

export const productRoutes: RoutePlugin = async (app, { deps }) => {
  // /categories (public) and /:id (caller) sit in different scopes; the router still
  // prefers the static path.
  await app.register(forAudience('public', publicProductRoutes), { deps });
  await app.register(forAudience('caller', callerProductRoutes), { deps });
  await app.register(forAudience('signed-in', signedInProductRoutes, removalProductRoutes), { deps });
  await app.register(forAudience('seller', sellerProductRoutes, productCsvRoutes), { deps });
};
