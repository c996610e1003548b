/** /api/config: public keys for third-party scripts. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { publicConfigRoutes } from './public.routes';

export const configRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('public', publicConfigRoutes), { deps });
};
