/** /api/orders: every order route is for signed-in users. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { signedInOrderRoutes } from './signed-in.routes';

export const orderRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('signed-in', signedInOrderRoutes), { deps });
};
