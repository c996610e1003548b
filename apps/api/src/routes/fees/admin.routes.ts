/**
 * /api/fees, for admins: the fees of each plan (entries already booked keep the rates they used)
 * and the marketplace's Swish number, which sellers who owe it pay to.
 */
import type { PlanCode } from '@torget/shared/rules/plans';
import { feeSettingsSchema } from '@torget/shared/schemas/answers/ledger';
import { feeSettingsUpdateSchema, planFeesChange } from '@torget/shared/schemas/ledger';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { readFees, updateFees } from '#api/modules/ledger/ledger.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const adminFeeRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;

  app.get('/', { schema: { response: { 200: feeSettingsSchema } } }, async () => readFees(db));

  app.put('/', { schema: { body: feeSettingsUpdateSchema, response: { 200: feeSettingsSchema } } }, async (request) => {
    // The fees show in no cached answer.
    declareChanges(request, []);
    const changes: Partial<Record<PlanCode, { commissionBp?: number; yearlyFeeOre?: number }>> = {};
    for (const [code, fees] of Object.entries(request.body.plans) as [PlanCode, (typeof request.body.plans)['1']][]) {
      if (fees) changes[code] = planFeesChange(fees);
    }
    return updateFees(dbFor(request), changes, request.body.swish_number);
  });
};
