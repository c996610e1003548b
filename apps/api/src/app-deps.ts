/**
 * What every route plugin is given, and how it is made from the build options. Its own module,
 * so route plugins depend on it and not on app.ts (which imports every route plugin).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Database } from './db/client';
import type { Config } from './env';
import { type Auth, createAuth } from './lib/auth';
import { createMailer, type Mailer } from './lib/mailer';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limits';
import { createReadCache, noReadCache, type ReadCache } from './lib/read-cache';

export interface AppDeps {
  database: Database;
  config: Config;
  auth: Auth;
  mailer: Mailer;
  /** Read results kept in memory for a short time (lib/read-cache.ts). */
  cache: ReadCache;
  /** Every rate limit in force (lib/rate-limits.ts). */
  rateLimits: RateLimits;
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
    cache: config.readCache === false ? noReadCache : createReadCache({ generation: () => database.writeGeneration() }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
  };
}
