/** /api/settings: the site texts; reading is public (the info pages show them), writing is for admins. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminSettingsRoutes } from './admin.routes';
import { publicSettingsRoutes } from './public.routes';

export const settingsRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('public', publicSettingsRoutes), { deps });
  await app.register(forAudience('admin', adminSettingsRoutes), { deps });
};
