/** /api/fees: each plan's commission and yearly fee, read and set by admins. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminFeeRoutes } from './admin.routes';

export const feeRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('admin', adminFeeRoutes), { deps });
};
