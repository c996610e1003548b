/** /api/settings, for admins: writing the site texts. */
import { siteSettingsUpdateSchema } from '@torget/shared/schemas/settings';
import { dbFor } from '#api/lib/cache-changes.ts';
import { updateSiteSettings } from '#api/modules/settings/settings.service.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const adminSettingsRoutes: RoutePlugin = async (app) => {
  app.put('/', { schema: { body: siteSettingsUpdateSchema } }, (request) =>
    updateSiteSettings(dbFor(request), request.body),
  );
};
