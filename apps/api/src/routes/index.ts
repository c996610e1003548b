/**
 * Every API route, by URL prefix: each prefix is one folder here, whose index registers its
 * route plugins by audience (audiences.ts).
 */
import type { RoutePlugin } from './audiences';
import { configRoutes } from './config';
import { healthRoutes } from './health';
import { orderRoutes } from './orders';
import { productRoutes } from './products';
import { settingsRoutes } from './settings';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

export const apiRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(healthRoutes, { prefix: '/api/health', deps });
  await app.register(productRoutes, { prefix: '/api/products', deps });
  await app.register(userRoutes, { prefix: '/api/users', deps });
  await app.register(orderRoutes, { prefix: '/api/orders', deps });
  await app.register(configRoutes, { prefix: '/api/config', deps });
  await app.register(settingsRoutes, { prefix: '/api/settings', deps });
  await app.register(uploadRoutes, { prefix: '/api/uploads', deps });
};
