/**
 * /api/seller-applications: the pending seller applications and the decision on each (admins),
 * and one's own application's state (signed in).
 */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminApplicationRoutes } from './admin.routes';
import { signedInApplicationRoutes } from './signed-in.routes';

export const sellerApplicationRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('signed-in', signedInApplicationRoutes), { deps });
  await app.register(forAudience('admin', adminApplicationRoutes), { deps });
};
