/**
 * Every rate limit of the API in one place: its default for a public site, the environment
 * variable that changes it, and the message a client gets when it is reached (429).
 *
 * A limit is written `max/window`, for example `10/1m` (ten per minute) or `5/1h`; the window
 * is a whole number of seconds (s), minutes (m), hours (h) or days (d). A load test, the test
 * suite or a busy shop raises a limit through its variable, without a code change.
 *
 * Limits "per address" do not count requests from the machine itself (loopback): those are the
 * operator's (health checks, test suites, scripts), and behind a local proxy that is not listed
 * in TRUST_PROXY every visitor would arrive from 127.0.0.1 and share one counter, so one busy
 * visitor would lock everyone out. Limits per account and per e-mail count every request.
 *
 * Where counters live (`rateLimitStoreOptions`): with REDIS_URL set, in Redis (one Lua script
 * does INCR and PEXPIRE atomically), so N instances count together and give the same limit as
 * one, and in this process's memory while Redis is away; without it, in this process's memory.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { setKeepingAtMost } from './bounded-map';
import { HttpError } from './http-errors';
import { redisIsUp } from './redis-connection';

export interface RateLimit {
  max: number;
  windowMs: number;
}

interface RateLimitDefinition {
  /** The environment variable that overrides the default. */
  env: string;
  /** The default, written as in the variable. */
  default: string;
  /** What the counter is keyed by, for the README and the reader. */
  per: string;
  /** The 429 message; `wait` is like "5 minutes". */
  message: (wait: string, limit: RateLimit) => string;
}

const tryAgain = (what: string) => (wait: string) => `${what} Please wait ${wait} and try again.`;

export const RATE_LIMIT_DEFINITIONS = {
  signin: {
    env: 'RATE_LIMIT_SIGNIN',
    default: '10/1m',
    per: 'address and e-mail',
    message: tryAgain('Too many attempts.'),
  },
  // Many e-mails tried from one address (a password spray): the limit above counts each e-mail apart.
  signinPerAddress: {
    env: 'RATE_LIMIT_SIGNIN_PER_ADDRESS',
    default: '30/10m',
    per: 'address',
    message: tryAgain('Too many sign-in attempts from this address.'),
  },
  passwordReset: {
    env: 'RATE_LIMIT_PASSWORD_RESET',
    default: '5/1h',
    per: 'e-mail',
    message: tryAgain('Too many attempts.'),
  },
  // Reset mails asked for many e-mails from one address (mail bombing, or probing for accounts).
  passwordResetPerAddress: {
    env: 'RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS',
    default: '20/1h',
    per: 'address',
    message: tryAgain('Too many password reset requests from this address.'),
  },
  register: {
    env: 'RATE_LIMIT_REGISTER',
    default: '20/1h',
    per: 'address',
    message: tryAgain('Too many new accounts from this address.'),
  },
  reviews: {
    env: 'RATE_LIMIT_REVIEWS',
    default: '10/1h',
    per: 'address',
    message: tryAgain('Too many reviews from this address.'),
  },
  ordersPerAccount: {
    env: 'RATE_LIMIT_ORDERS_PER_ACCOUNT',
    default: '10/1m',
    per: 'account',
    message: tryAgain('Too many orders.'),
  },
  ordersPerAddress: {
    env: 'RATE_LIMIT_ORDERS_PER_ADDRESS',
    default: '30/1m',
    per: 'address',
    message: tryAgain('Too many orders from this address.'),
  },
  orderMessages: {
    env: 'RATE_LIMIT_ORDER_MESSAGES',
    default: '20/10m',
    per: 'account',
    message: tryAgain('Too many messages.'),
  },
  // Reports of listings (DSA art. 16): a signed-in reporter per account, a signed-out one per address.
  reports: {
    env: 'RATE_LIMIT_REPORTS',
    default: '10/1h',
    per: 'account, or address when signed out',
    message: tryAgain('Too many reports.'),
  },
  uploads: {
    env: 'RATE_LIMIT_UPLOADS',
    default: '100/1h',
    per: 'account (approved sellers and admins)',
    message: tryAgain('Too many uploads.'),
  },
  applicantUploads: {
    env: 'RATE_LIMIT_APPLICANT_UPLOADS',
    default: '10/1d',
    per: 'account (shops waiting for approval)',
    message: (wait, limit) =>
      `A shop waiting for approval can upload at most ${limit.max} images in ${describeWindow(limit.windowMs)}. ` +
      `Please wait ${wait}, or upload more once the shop is approved.`,
  },
} as const satisfies Record<string, RateLimitDefinition>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFINITIONS;
export type RateLimits = Record<RateLimitName, RateLimit>;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `10/1m` → { max: 10, windowMs: 60 000 }; null when the text is not a limit. */
export function parseRateLimit(text: string): RateLimit | null {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,6})\s*([smhd])\s*$/.exec(text);
  if (!match) return null;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (max < 1 || windowMs < 1000) return null;
  return { max, windowMs };
}

function parseDefault(name: RateLimitName): RateLimit {
  const limit = parseRateLimit(RATE_LIMIT_DEFINITIONS[name].default);
  if (!limit) throw new Error(`The default rate limit ${name} is malformed`);
  return limit;
}

export const DEFAULT_RATE_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMIT_DEFINITIONS).map((name) => [name, parseDefault(name as RateLimitName)]),
) as RateLimits;

/** "1 hour", "10 minutes": a window as a person reads it. */
export function describeWindow(ms: number): string {
  const units: [number, string][] = [
    [UNIT_MS.d, 'day'],
    [UNIT_MS.h, 'hour'],
    [UNIT_MS.m, 'minute'],
    [UNIT_MS.s, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return n === 1 ? `1 ${unit}` : `${n} ${unit}s`;
    }
  }
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** How long until a counter resets, rounded up to a unit a person reads. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** Each limit from the environment (RATE_LIMIT_*), or its default; problems name the variable. */
export function rateLimitsFromEnv(source: NodeJS.ProcessEnv): { limits: RateLimits; problems: string[] } {
  const limits = { ...DEFAULT_RATE_LIMITS };
  const problems: string[] = [];
  for (const [name, definition] of Object.entries(RATE_LIMIT_DEFINITIONS)) {
    const text = source[definition.env]?.trim();
    if (!text) continue;
    const limit = parseRateLimit(text);
    if (limit) limits[name as RateLimitName] = limit;
    else problems.push(`  ${definition.env}: must be written max/window, for example 10/1m, 5/1h or 10/1d`);
  }
  return { limits, problems };
}

/**
 * One fixed window per key, counted atomically in Redis: INCR, and the window's expiry set when
 * the key has none (its first count). Answers the count and the milliseconds left.
 */
const COUNT_IN_WINDOW = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

/** Most keys the in-process counters keep; past it the oldest window is forgotten. */
const MOST_LOCAL_COUNTERS = 10_000;

/** Fixed windows counted in this process's memory: while Redis is away. */
class LocalCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  count(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      setKeepingAtMost(this.windows, key, window, MOST_LOCAL_COUNTERS);
    }
    window.count++;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/** The window of a limit, from the options the plugin hands a store (always milliseconds there). */
function windowOf(options: object): number {
  return 'timeWindow' in options && typeof options.timeWindow === 'number' ? options.timeWindow : 60_000;
}

/**
 * A store for @fastify/rate-limit (its `store` option) that counts in Redis under `nameSpace`
 * while Redis is up, and in this process while it is not (down at the start, or gone since), so
 * limits hold through an outage, each instance counting alone meanwhile.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const local = new LocalCounters();
  class RedisOrLocalStore implements FastifyRateLimitStore {
    private readonly windowMs: number;
    constructor(options: object) {
      this.windowMs = windowOf(options);
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const countHere = () => callback(null, local.count(key, this.windowMs));
      if (!redisIsUp(redis)) {
        countHere();
        return;
      }
      redis.eval(COUNT_IN_WINDOW, 1, `${nameSpace}${key}`, this.windowMs).then((answer) => {
        const [current, ttl] = answer as [number, number];
        callback(null, { current, ttl });
      }, countHere);
    }
    child(routeOptions: object): FastifyRateLimitStore {
      return new RedisOrLocalStore(routeOptions);
    }
  }
  return RedisOrLocalStore;
}

/**
 * Options of @fastify/rate-limit that choose where counters live: Redis under `keyPrefix` when
 * there is a Redis (in this process while it is away: redisOrLocalStore), else this process's
 * memory (the plugin's own store).
 */
export function rateLimitStoreOptions(redis: Redis | null, keyPrefix: string): { store?: FastifyRateLimitStoreCtor } {
  if (!redis) return {};
  return { store: redisOrLocalStore(redis, `${keyPrefix}rate:`) };
}

/** The route option of a limit counted before the handler runs (sign-in, password reset). */
export function routeRateLimit(
  name: RateLimitName,
  limits: RateLimits,
  keyGenerator: (request: FastifyRequest) => string,
) {
  const limit = limits[name];
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}|${keyGenerator(request)}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => ({
      statusCode: 429,
      message: RATE_LIMIT_DEFINITIONS[name].message(waitText(context.ttl), limit),
    }),
  };
}

/** A limit counted where the handler knows the key (the signed-in account, say). */
export interface Limiter {
  /** Counts one attempt under `key`; past the limit it throws a 429 with the limit's message. */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /** Counts one attempt of the request's address, unless it comes from this machine (see above). */
  hitAddress(request: FastifyRequest): Promise<void>;
}

/** 127.0.0.0/8 and ::1, also written as IPv4 in IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\./.test(ip);
}

/**
 * Makes a limiter over the rate-limit plugin's store (so it moves to a shared store with the
 * route limits). The plugin asks the request for its key; the key given to `hit` is handed over
 * through a WeakMap, as the handler, not the request, knows it.
 */
export function createLimiter(app: FastifyInstance, name: RateLimitName, limits: RateLimits): Limiter {
  const limit = limits[name];
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}|${keys.get(request) ?? request.ip}`,
  });
  const limiter: Limiter = {
    async hit(request, key) {
      keys.set(request, key);
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new HttpError(429, RATE_LIMIT_DEFINITIONS[name].message(waitText(result.ttl), limit));
      }
    },
    async hitAddress(request) {
      if (!isLoopback(request.ip)) await limiter.hit(request, request.ip);
    },
  };
  return limiter;
}
