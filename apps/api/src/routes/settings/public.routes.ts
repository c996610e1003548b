/** /api/settings, public: the site texts, which the info pages show. */
import { getSiteSettings } from '#api/modules/settings/settings.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const publicSettingsRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/', () => getSiteSettings(deps.database.reader));
};
