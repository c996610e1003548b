/** /api/products: the catalogue (public), writing products and reviews (signed in, sellers). */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { publicProductRoutes } from './public.routes';
import { sellerProductRoutes } from './seller.routes';
import { signedInProductRoutes } from './signed-in.routes';

export const productRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('public', publicProductRoutes), { deps });
  await app.register(forAudience('signed-in', signedInProductRoutes), { deps });
  await app.register(forAudience('seller', sellerProductRoutes), { deps });
};
