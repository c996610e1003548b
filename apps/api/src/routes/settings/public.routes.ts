/** /api/settings, public: the site texts, which the info pages show. */
import { getSiteSettings } from '../../modules/settings/settings.service';
import type { RoutePlugin } from '../audiences';

export const publicSettingsRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/', () => getSiteSettings(deps.database.db));
};
