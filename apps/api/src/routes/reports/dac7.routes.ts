/**
 * GET /api/reports/dac7?year=YYYY, for admins: the DAC7 report of a calendar year as CSV
 * (docs/decisions/261-dac7-report.md). It holds personal identity numbers and whole payout
 * accounts, so it is never cached.
 */
import { csvText } from '@torget/shared/rules/payouts';
import { dac7QuerySchema } from '@torget/shared/schemas/dac7';
import { z } from 'zod';
import { dac7ReportRows } from '#api/modules/ledger/dac7-report.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const adminDac7Routes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/dac7',
    {
      schema: { querystring: dac7QuerySchema, response: { 200: { content: { 'text/csv': { schema: z.string() } } } } },
    },
    async (request, reply) => {
      const { year } = request.query;
      const rows = await dac7ReportRows(deps.database.reader, year);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="torget-dac7-${year}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvText(rows));
    },
  );
};
