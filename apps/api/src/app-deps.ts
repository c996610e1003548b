/**
 * What every route plugin is given, and how it is made from the build options. Its own module,
 * so route plugins depend on it and not on app.ts (which imports every route plugin).
 */
import type { FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '#api/db/client.ts';
import type { Config } from '#api/env.ts';
import { type Auth, createAuth } from '#api/lib/auth.ts';
import { createMailer, type Mailer } from '#api/lib/mailer.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#api/lib/rate-limits.ts';
import { createReadCache, noReadCache, type ReadCache } from '#api/lib/read-cache.ts';

export interface AppDeps {
  database: Database;
  config: Config;
  auth: Auth;
  mailer: Mailer;
  /** Read results kept in memory for a short time (lib/read-cache.ts). */
  cache: ReadCache;
  /** Every rate limit in force (lib/rate-limits.ts). */
  rateLimits: RateLimits;
  /** The shared Redis when REDIS_URL is set (rate limits, the change bus); closed with the app. */
  redis: Redis | null;
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Replaces the mailer made from the configuration (tests capture mail this way). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

export function createAppDeps(options: BuildOptions): AppDeps {
  const { database, config } = options;
  return {
    database,
    config,
    auth: createAuth(database.db, config.jwtSecret),
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    cache: config.readCache === false ? noReadCache : createReadCache(),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
    // One failed attempt per command while Redis is away, rather than a queue that stalls requests.
    redis: config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null,
  };
}
