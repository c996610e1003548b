/** /api/ledger: the marketplace's ledger; a seller's own statement, and everything for admins. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminLedgerRoutes } from './admin.routes';
import { sellerLedgerRoutes } from './seller.routes';

export const ledgerRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('seller', sellerLedgerRoutes), { deps });
  await app.register(forAudience('admin', adminLedgerRoutes), { deps });
};
