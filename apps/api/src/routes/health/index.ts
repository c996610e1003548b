/**
 * Health, public, for load balancers and orchestrators:
 * - `/api/health`: the process answers and the database is reachable (as it always was);
 * - `/api/health/live`: the process answers (restart it when not); never shed under load;
 * - `/api/health/ready`: the database and, when configured, Redis answer, and every migration
 *   of this build is applied (send it traffic only then).
 */
import { apiErrorSchema } from '@torget/shared/schemas/answers/errors';
import {
  healthStatusSchema,
  healthUnavailableSchema,
  livenessSchema,
  notReadySchema,
  readinessSchema,
} from '@torget/shared/schemas/answers/health';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { letThroughUnderPressure } from '#api/lib/load-shedding.ts';
import { appliedMigrationsMissing } from '#api/lib/migration-state.ts';
import type { RoutePlugin } from '#api/routes/audiences.ts';

/** Most milliseconds a readiness check waits for Redis before calling it down. */
const REDIS_WAIT_MS = 1000;

type Check = 'ok' | 'unavailable' | 'not configured';

export const healthRoutes: RoutePlugin = async (app, { deps }) => {
  const { database, redis } = deps;
  // A 503 is the route's own answer, or the load shedder's error answer (lib/load-shedding.ts).
  const healthResponse = { 200: healthStatusSchema, 503: z.union([healthUnavailableSchema, apiErrorSchema]) };
  // Served at /api/health only, as before it had a folder: not also at /api/health/.
  app.get('/', { prefixTrailingSlash: 'no-slash', schema: { response: healthResponse } }, async (_request, reply) => {
    try {
      await database.reader.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database cannot be reached.' });
    }
  });

  app.get('/live', { config: letThroughUnderPressure, schema: { response: { 200: livenessSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  const readyResponse = { 200: readinessSchema, 503: z.union([notReadySchema, apiErrorSchema]) };
  app.get('/ready', { schema: { response: readyResponse } }, async (_request, reply) => {
    let databaseCheck: Check = 'ok';
    let migrations: 'applied' | 'pending' | 'unknown' = 'unknown';
    try {
      const missing = await appliedMigrationsMissing(database.reader);
      migrations = missing.length === 0 ? 'applied' : 'pending';
    } catch {
      databaseCheck = 'unavailable';
    }
    let redisCheck: Check = 'not configured';
    if (redis) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_WAIT_MS);
      });
      redisCheck = await Promise.race([redis.ping(), timeout]).then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      );
      clearTimeout(timer);
    }
    if (databaseCheck === 'ok' && redisCheck !== 'unavailable' && migrations === 'applied')
      return { status: 'ready' as const, database: databaseCheck, redis: redisCheck, migrations };
    const checks = { database: databaseCheck, redis: redisCheck, migrations };
    const why =
      databaseCheck !== 'ok'
        ? 'The database cannot be reached.'
        : redisCheck === 'unavailable'
          ? 'Redis cannot be reached.'
          : 'Migrations are not applied: run npm run db:migrate.';
    return reply.status(503).send({ status: 'not ready', message: why, ...checks });
  });
};
