/**
 * What every route plugin is given, and how it is made from the build options. Its own module,
 * so route plugins depend on it and not on app.ts (which imports every route plugin).
 */
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '#api/db/client.ts';
import type { Config } from '#api/env.ts';
import { type Auth, createAuth } from '#api/lib/auth.ts';
import { type ImageStorage, localImageStorage } from '#api/lib/image-storage.ts';
import { logShowsInfo } from '#api/lib/logging.ts';
import { createMailer, type Mailer } from '#api/lib/mailer.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#api/lib/rate-limits.ts';
import { createReadCache, noReadCache, type ReadCache } from '#api/lib/read-cache.ts';
import { connectRedis } from '#api/lib/redis-connection.ts';
import { s3ImageStorage } from '#api/lib/s3-image-storage.ts';

export interface AppDeps {
  database: Database;
  config: Config;
  auth: Auth;
  mailer: Mailer;
  /** Read results kept in memory for a short time (lib/read-cache.ts). */
  cache: ReadCache;
  /** Every rate limit in force (lib/rate-limits.ts). */
  rateLimits: RateLimits;
  /** Where uploads and their narrower copies are stored (the uploads folder, or S3). */
  storage: ImageStorage;
  /** The shared Redis when REDIS_URL is set (rate limits, the change bus); closed with the app. */
  redis: Redis | null;
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Replaces the mailer made from the configuration (tests capture mail this way). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The image storage, when the caller has made it already (start-up seeds through it first). */
  storage?: ImageStorage;
}

/** Object storage when S3_* is configured, else the local uploads folder. */
export function imageStorageFor(config: Config): ImageStorage {
  return config.s3 ? s3ImageStorage(config.s3) : localImageStorage(config.uploadsDir);
}

/**
 * About how much memory a kept answer holds: a JSON-text answer (a product list, a product page)
 * its text, at most two bytes a character, and 1 KB beside it; anything else (categories, top
 * sellers, facets, suggestions: small) 4 KB.
 */
function answerBytes(value: unknown): number {
  const json = (value as { json?: unknown } | null)?.json;
  return typeof json === 'string' ? 2 * json.length + 1024 : 4096;
}

export function createAppDeps(options: BuildOptions): AppDeps {
  const { database, config } = options;
  return {
    database,
    config,
    auth: createAuth(database.reader, config.jwtSecret, config.mainHosts),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        printToLog: logShowsInfo(config.logLevel),
      }),
    cache:
      config.readCache === false
        ? noReadCache
        : createReadCache({
            ...(config.readCacheEntries ? { maxEntries: config.readCacheEntries } : {}),
            ...(config.readCacheMegabytes ? { maxBytes: config.readCacheMegabytes * 1024 * 1024 } : {}),
            sizeOf: answerBytes,
          }),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...config.rateLimits },
    storage: options.storage ?? imageStorageFor(config),
    redis: config.redisUrl ? connectRedis(config.redisUrl) : null,
  };
}
