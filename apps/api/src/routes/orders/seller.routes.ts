/** /api/orders, for sellers: the sales overview of their own shop. */
import { sellerOverviewSchema } from '@torget/shared/schemas/answers/orders';
import { sellerOverview } from '#api/modules/orders/sales-overview.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const sellerOrderRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  // Always the caller's own shop: the route takes no seller id, so none can be probed.
  app.get('/seller/overview', { schema: { response: { 200: sellerOverviewSchema } } }, async (request) =>
    sellerOverview(db, userOf(request).id),
  );
};
