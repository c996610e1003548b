/**
 * The health routes' answers, for load balancers and orchestrators. Their 503 answers have shapes
 * of their own (a status beside the message), unlike every other error answer.
 */
import { z } from 'zod';

/** A dependency's check in GET /api/health/ready. */
const check = z.enum(['ok', 'unavailable', 'not configured']);

export const healthStatusSchema = z
  .strictObject({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']).describe('Which database the API runs on.'),
  })
  .meta({ id: 'HealthStatus', description: 'GET /api/health: the process answers and the database is reachable.' });

export const healthUnavailableSchema = z
  .strictObject({
    status: z.literal('unavailable'),
    message: z.string(),
  })
  .meta({ id: 'HealthUnavailable', description: 'GET /api/health, 503: the database cannot be reached.' });

export const livenessSchema = z
  .strictObject({ status: z.literal('ok') })
  .meta({ id: 'Liveness', description: 'GET /api/health/live: the process answers (it is never shed under load).' });

export const readinessSchema = z
  .strictObject({
    status: z.literal('ready'),
    database: z.literal('ok'),
    redis: check.exclude(['unavailable']).describe("'not configured' when the API runs without Redis."),
    migrations: z.literal('applied'),
  })
  .meta({
    id: 'Readiness',
    description:
      'GET /api/health/ready: the database and Redis (when configured) answer, and every migration of this build is applied.',
  });

export const notReadySchema = z
  .strictObject({
    status: z.literal('not ready'),
    message: z.string().describe('What is wrong, the first of the checks that failed.'),
    database: check.exclude(['not configured']),
    redis: check,
    migrations: z.enum(['applied', 'pending', 'unknown']).describe("'unknown' when the database could not be asked."),
  })
  .meta({ id: 'NotReady', description: 'GET /api/health/ready, 503: the checks, and which one failed.' });
