/** /api/settings: the site texts. Reading is public (the info pages show them); writing is for admins. */
import { siteSettingsUpdateSchema } from '@torget/shared/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { getSiteSettings, updateSiteSettings } from '../../modules/settings/settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.get('/', () => getSiteSettings(db));

  app.put('/', { schema: { body: siteSettingsUpdateSchema } }, async (request) => {
    await deps.auth.requireAdmin(request);
    return updateSiteSettings(db, request.body);
  });
};
