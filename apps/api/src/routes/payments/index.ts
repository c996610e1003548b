/** /api/payments: the record of PayPal captures and their refunds, for admins. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminPaymentRoutes } from './admin.routes';

export const paymentRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('admin', adminPaymentRoutes), { deps });
};
