/** /api/health, public: for load balancers, the process answers and the database is reachable. */
import { sql } from 'drizzle-orm';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const healthRoutes: RoutePlugin = async (app, { deps }) => {
  const { database } = deps;
  // Served at /api/health only, as before it had a folder: not also at /api/health/.
  app.get('/', { prefixTrailingSlash: 'no-slash' }, async (_request, reply) => {
    try {
      await database.reader.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database cannot be reached.' });
    }
  });
};
