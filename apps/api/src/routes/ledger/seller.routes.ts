/** /api/ledger/mine: a seller's balance, held money and a month's entries; never another seller's. */
import { ledgerMineQuerySchema } from '@torget/shared/schemas/ledger';
import { sellerStatement } from '#api/modules/ledger/ledger.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const sellerLedgerRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;

  app.get('/mine', { schema: { querystring: ledgerMineQuerySchema } }, async (request) =>
    sellerStatement(db, userOf(request).id, request.query.month),
  );
};
