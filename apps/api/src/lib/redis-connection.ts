/**
 * The shared Redis (REDIS_URL): rate-limit counters (lib/rate-limits.ts) and the change bus
 * (lib/change-bus.ts) go through it. An instance does not need it to start or to serve: while
 * it is away, limits are counted in this process and cache entries dropped on this instance
 * only, and ioredis keeps reconnecting. The log says so once when it goes and once when it is
 * back, not on every reconnection attempt.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  // One failed attempt per command while Redis is away, rather than a queue that stalls requests.
  return new Redis(url, { maxRetriesPerRequest: 1 });
}

/** Whether commands go through now; while not, callers count and drop cache entries locally. */
export const redisIsUp = (redis: Redis): boolean => redis.status === 'ready';

/** host:port of a Redis URL, without the password it may hold. */
function whereOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Logs a warning when Redis goes away (or cannot be reached at the start) and one line when it
 * is back; the listener also keeps ioredis from printing every failed attempt as unhandled.
 * `close` ends the connection without saying it is down.
 */
export function watchRedis(redis: Redis, url: string, log: FastifyBaseLogger): { close(): Promise<void> } {
  const where = whereOf(url);
  let down = false;
  let closing = false;
  const wentDown = (err?: unknown) => {
    if (down || closing) return;
    down = true;
    log.warn(
      { err },
      `Redis at ${where} is down: rate limits are counted in this process and cache changes stay on this instance until it is back`,
    );
  };
  redis.on('error', wentDown);
  redis.on('close', () => wentDown());
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`Redis at ${where} is back: rate limits and cache changes are shared through it again`);
  });
  return {
    async close() {
      closing = true;
      if (redisIsUp(redis)) await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
