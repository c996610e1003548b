/** /api/orders: order routes for signed-in users, the orders export (sellers, admins), and the sales overview for sellers. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { afterSaleOrderRoutes } from './after-sale.routes';
import { orderExportRoutes } from './export.routes';
import { refundOrderRoutes } from './refunds.routes';
import { sellerOrderRoutes } from './seller.routes';
import { signedInOrderRoutes } from './signed-in.routes';
import { withdrawalRoutes } from './withdrawals.routes';

export const orderRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('signed-in', signedInOrderRoutes), { deps });
  await app.register(forAudience('signed-in', afterSaleOrderRoutes), { deps });
  await app.register(forAudience('signed-in', refundOrderRoutes), { deps });
  await app.register(forAudience('signed-in', withdrawalRoutes), { deps });
  await app.register(forAudience('signed-in', orderExportRoutes), { deps });
  await app.register(forAudience('seller', sellerOrderRoutes), { deps });
};
