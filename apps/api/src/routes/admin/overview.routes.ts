/** GET /api/admin/overview (admin): orders and sales today and this month, and open work. */
import { adminOverviewSchema } from '@torget/shared/schemas/answers/admin';
import { adminOverview } from '#api/modules/admin/overview.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const adminOverviewRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  app.get('/overview', { schema: { response: { 200: adminOverviewSchema } } }, async () => adminOverview(db));
};
