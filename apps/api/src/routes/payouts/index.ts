/** /api/payouts: payout batches, the admin's only (docs/decisions/250-payout-batches.md). */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminPayoutRoutes } from './admin.routes';

export const payoutRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('admin', adminPayoutRoutes), { deps });
};
