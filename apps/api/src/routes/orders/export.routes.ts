/**
 * GET /api/orders/export.csv?from=&to=, for sellers and admins: the orders placed on those
 * Stockholm days as a CSV file; a seller's own only, an admin's every shop's (the service decides
 * from the token's user, never from the query).
 */
import { orderExportQuerySchema } from '@torget/shared/schemas/orders';
import { z } from 'zod';
import { exportOrdersCsv } from '#api/modules/orders/orders-csv.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

/** The file as it is downloaded: CSV text, not JSON. */
const csvFileAnswer = {
  description: 'The orders as a CSV file (an attachment named torget-orders-<from>-<to>.csv).',
  content: { 'text/csv': { schema: z.string() } },
};

export const orderExportRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/export.csv',
    { schema: { querystring: orderExportQuerySchema, response: { 200: csvFileAnswer } } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await exportOrdersCsv(deps.database.reader, userOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="torget-orders-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
