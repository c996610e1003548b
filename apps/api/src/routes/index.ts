/**
 * Every API route, by URL prefix: each prefix is one folder here, whose index registers its
 * route plugins by audience (audiences.ts).
 */

import { adminRoutes } from '#api/routes/admin/index.ts';
import { configRoutes } from '#api/routes/config/index.ts';
import { feeRoutes } from '#api/routes/fees/index.ts';
import { healthRoutes } from '#api/routes/health/index.ts';
import { ledgerRoutes } from '#api/routes/ledger/index.ts';
import { orderRoutes } from '#api/routes/orders/index.ts';
import { paymentRoutes } from '#api/routes/payments/index.ts';
import { payoutRoutes } from '#api/routes/payouts/index.ts';
import { productRoutes } from '#api/routes/products/index.ts';
import { reportRoutes } from '#api/routes/reports/index.ts';
import { sellerApplicationRoutes } from '#api/routes/seller-applications/index.ts';
import { settingsRoutes } from '#api/routes/settings/index.ts';
import { uploadRoutes } from '#api/routes/uploads/index.ts';
import { userRoutes } from '#api/routes/users/index.ts';
import type { RoutePlugin } from './audiences';

export const apiRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(healthRoutes, { prefix: '/api/health', deps });
  await app.register(productRoutes, { prefix: '/api/products', deps });
  await app.register(userRoutes, { prefix: '/api/users', deps });
  await app.register(orderRoutes, { prefix: '/api/orders', deps });
  await app.register(paymentRoutes, { prefix: '/api/payments', deps });
  await app.register(configRoutes, { prefix: '/api/config', deps });
  await app.register(settingsRoutes, { prefix: '/api/settings', deps });
  await app.register(uploadRoutes, { prefix: '/api/uploads', deps });
  await app.register(ledgerRoutes, { prefix: '/api/ledger', deps });
  await app.register(feeRoutes, { prefix: '/api/fees', deps });
  await app.register(payoutRoutes, { prefix: '/api/payouts', deps });
  await app.register(sellerApplicationRoutes, { prefix: '/api/seller-applications', deps });
  await app.register(reportRoutes, { prefix: '/api/reports', deps });
  await app.register(adminRoutes, { prefix: '/api/admin', deps });
};
