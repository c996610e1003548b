/** Public seller directory under /api/users. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { listTopSellers } from './sellers.service';

export const sellerDirectoryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/top-sellers', () => listTopSellers(deps.database.db));
};
