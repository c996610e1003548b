/** /api/settings, for admins: writing the site texts. */
import { siteSettingsSchema } from '@torget/shared/schemas/answers/settings';
import { siteSettingsUpdateSchema } from '@torget/shared/schemas/settings';
import { dbFor } from '#api/lib/cache-changes.ts';
import { updateSiteSettings } from '#api/modules/settings/settings.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const adminSettingsRoutes: RoutePlugin = async (app) => {
  app.put('/', { schema: { body: siteSettingsUpdateSchema, response: { 200: siteSettingsSchema } } }, (request) =>
    updateSiteSettings(dbFor(request), request.body),
  );
};
