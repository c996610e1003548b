/**
 * Load shedding with @fastify/under-pressure: while the event loop is saturated (its mean delay or
 * its utilisation past LOAD_*) or too many statements wait for a database connection, a new
 * request is answered 503 with Retry-After at once, before any work, instead of joining a queue
 * where every request would time out. Requests already in flight finish. A route opts out with
 * `config: letThroughUnderPressure` (`/api/health/live`: the process still answers).
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#api/db/client.ts';

export interface LoadLimits {
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  maxPoolWaiting: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

/** What a shed request reads. */
export const BUSY_MESSAGE = 'The marketplace is busy right now. Please try again in a moment.';

/** A route's `config` that lets it through under pressure (under-pressure's per-route pressureHandler). */
export const letThroughUnderPressure = { pressureHandler: () => undefined };

export async function registerLoadShedding(
  app: FastifyInstance,
  database: Database,
  limits: LoadLimits,
): Promise<void> {
  const { poolUse } = database;
  const watchPool = limits.maxPoolWaiting > 0 && poolUse !== undefined;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    // The pool is looked at as often as the event loop: healthy while few statements wait.
    ...(watchPool
      ? {
          healthCheck: async () => poolUse().waiting <= limits.maxPoolWaiting,
          healthCheckInterval: limits.sampleIntervalMs,
        }
      : {}),
    // Sent here, as the plugin's documentation does: the request goes no further.
    pressureHandler: (_request, reply) => {
      void reply.status(503).header('retry-after', String(limits.retryAfterSeconds)).send({ message: BUSY_MESSAGE });
    },
    // Over the last sample, not since start: a server up for days still notices a busy minute.
    eventLoopUtilizationMode: 'interval',
  });
}
