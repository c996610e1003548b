/** /api/settings, for admins: writing the site texts. */
import { siteSettingsUpdateSchema } from '@torget/shared/schemas/settings';
import { updateSiteSettings } from '../../modules/settings/settings.service';
import type { RoutePlugin } from '../audiences';

export const adminSettingsRoutes: RoutePlugin = async (app, { deps }) => {
  app.put('/', { schema: { body: siteSettingsUpdateSchema } }, (request) =>
    updateSiteSettings(deps.database.db, request.body),
  );
};
