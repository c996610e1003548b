/** /api/admin: the admin's overview of the marketplace. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminOverviewRoutes } from './overview.routes';

export const adminRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('admin', adminOverviewRoutes), { deps });
};
