/** /api/settings, public: the site texts, which the info pages show. */
import { siteSettingsSchema } from '@torget/shared/schemas/answers/settings';
import { getSiteSettings } from '#api/modules/settings/settings.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const publicSettingsRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/', { schema: { response: { 200: siteSettingsSchema } } }, () => getSiteSettings(deps.database.reader));
};
