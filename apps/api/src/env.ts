/**
 * The only reader of process.env. Every setting is validated at start-up, and a bad value
 * stops the server with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { ALWAYS_MAIN_HOSTS, isMainHost, listMainHosts } from '@torget/shared/rules/hosts';
import { z } from 'zod';
import type { LoadLimits } from '#api/lib/load-shedding.ts';
import { RATE_LIMIT_DEFINITIONS, type RateLimits, rateLimitsFromEnv } from '#api/lib/rate-limits.ts';
import { DEFAULT_S3_TIMEOUT_MS, type S3Settings } from '#api/lib/s3-image-storage.ts';

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

// --- Object storage (S3_*): uploads go to an S3-compatible bucket when S3_BUCKET is set. ---
const s3EnvFields = {
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ message: 'must be a URL such as https://s3.example.com' }).optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('')
    .transform((v) => v === 'true' || v === '1'),
  S3_PUBLIC_URL: optionalText.pipe(z.url({ message: "must be the bucket's public https:// URL" }).optional()),
  // Most milliseconds a call to the service waits before the visitor gets a 503.
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(DEFAULT_S3_TIMEOUT_MS),
};

type S3Env = z.output<z.ZodObject<typeof s3EnvFields>>;

/** The object storage settings, or undefined without S3_BUCKET; the other S3_* variables it needs are named. */
function s3SettingsOf(env: S3Env): { settings: S3Settings | undefined; problems: string[] } {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = env;
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
      (k) => env[k],
    );
    return { settings: undefined, problems: stray.map((k) => `  ${k}: is set but S3_BUCKET is not`) };
  }
  const missing = { S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret };
  const problems = Object.entries(missing)
    .filter(([, value]) => !value)
    .map(([key]) => `  ${key}: is required with S3_BUCKET`);
  if (!region || !accessKeyId || !secret) return { settings: undefined, problems };
  return {
    settings: {
      bucket,
      region,
      endpoint: env.S3_ENDPOINT,
      accessKeyId,
      secretAccessKey: secret,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL,
      timeoutMs: env.S3_TIMEOUT_MS,
    },
    problems: [],
  };
}

/** An address, a subnet (`10.0.1.0/24`, `10.0.1.0/255.255.255.0`), or a name proxy-addr knows (`loopback`, `linklocal`, `uniquelocal`). */
function isAddressOrSubnet(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (family === 4 && isIP(bits) === 4) return true; // a netmask: 10.0.1.0/255.255.255.0
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(z.url({ message: 'must be a postgres:// URL' }).optional()),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  MAIN_HOSTS: z.string().default(''),
  PUBLIC_URL: optionalText.pipe(z.url({ message: 'must be a URL such as https://torget.se' }).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Torget <no-reply@torget.se>'),
  PAYPAL_CLIENT_ID: z.string().default('sb'),
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  GOOGLE_API_KEY: z.string().default(''),
  REDIS_URL: optionalText,
  // Redis keys and channels of this deployment start with it (several shops on one Redis).
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('torget:'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  WEB_DIST: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // Most of the pool's connections reads hold at once (db/priority-pool.ts); the rest are the writes'.
  DATABASE_POOL_READS: z.coerce.number().int().min(1).max(100).optional(),
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  READ_CACHE_ENTRIES: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  // Most megabytes the read cache's answers hold together (lib/read-cache.ts, maxBytes).
  READ_CACHE_MB: z.coerce.number().int().min(1).max(100_000).default(64),
  // The embedded PGlite in a worker thread (on, the default) or on the API's own thread (off).
  PGLITE_WORKER: z.enum(['on', 'off']).default('on'),
  // How many nice values its thread runs above the API's: 0 (the same) to 19; the default is PGLITE_WORKER_NICE.
  PGLITE_WORKER_NICE: z.coerce.number().int().min(0).max(19).optional(),
  PAYPAL_ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  BENCH_STATEMENT_COUNT: z
    .enum(['true', 'false', '1', '0', ''])
    .default('')
    .transform((v) => v === 'true' || v === '1'),
  // Which proxies' X-Forwarded-* headers to believe: 'false' (none: the app is reached directly),
  // a number of proxies in a row in front of the app ('true' is 1: only the nearest proxy can
  // reach the app), or the proxies' addresses and subnets. The client's address is the one the
  // last believed proxy appended, never what the client wrote at the left of X-Forwarded-For.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, context): false | number | string[] => {
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops <= 10) return hops;
        context.addIssue({ code: 'custom', message: 'a number of proxies must be at most 10' });
        return z.NEVER;
      }
      const addresses = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const wrong = addresses.find((a) => !isAddressOrSubnet(a));
      if (wrong === undefined) return addresses;
      context.addIssue({
        code: 'custom',
        message: `"${wrong}" is not an address or subnet: write false, true, a number of proxies, or their addresses`,
      });
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Apply the migrations at start (on), or leave it to `npm run db:migrate` (off).
  MIGRATE_ON_START: z.enum(['on', 'off']).default('on'),
  // Check every JSON answer against its route's response schema, failing the request when it
  // does not fit (lib/openapi.ts); on in tests, off in production (it costs a parse per answer).
  CHECK_RESPONSES: z.enum(['on', 'off']).default('off'),
  // GET /metrics in Prometheus' text format (lib/metrics.ts); off by default.
  METRICS: z.enum(['on', 'off']).default('off'),
  // When set, /metrics answers only a request with `Authorization: Bearer <token>`.
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Load shedding (lib/load-shedding.ts): past any of these, new requests get 503 and Retry-After; 0 turns one off.
  LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  LOAD_MAX_POOL_WAITING: z.coerce.number().int().min(0).max(1_000_000).default(500),
  LOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  LOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  ...s3EnvFields,
});

/** Every variable the server reads: the schema's and the rate limits' (`.env.example` lists each; env-example.test.ts). */
export const ENVIRONMENT_VARIABLES: readonly string[] = [
  ...Object.keys(envSchema.shape),
  ...Object.values(RATE_LIMIT_DEFINITIONS).map((definition) => definition.env),
];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  /** S3-compatible object storage for uploads (S3_*); undefined: the uploads folder. */
  s3?: S3Settings;
  jwtSecret: string;
  /** Hosts that serve the marketplace itself; every other host is a seller's own domain. */
  mainHosts: string[];
  /**
   * The marketplace's public origin (scheme://host[:port], PUBLIC_URL): where mail links and the
   * marketplace's canonical URLs point, whatever host, port or scheme a request came in with.
   */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  paypal: { clientId: string; clientSecret: string | undefined; apiBase: string };
  googleApiKey: string;
  redisUrl: string | undefined;
  /** Redis keys and channels start with it (REDIS_KEY_PREFIX; 'torget:'). */
  redisKeyPrefix?: string;
  seedDemo: boolean;
  /** The built web app to serve, if any. */
  webDist: string | undefined;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For/-Host/-Proto to believe (TRUST_PROXY): none (false), the
   * nearest `n` hops, or the proxies at these addresses and subnets (app.ts, trustedProxies).
   */
  trustProxy?: false | number | string[];
  /** Most PostgreSQL connections this process opens (DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  /** Most of them reads hold at once (DATABASE_POOL_READS; db/priority-pool.ts). */
  databasePoolReads?: number | undefined;
  /** Keep read results in memory for a short time (READ_CACHE=on, the default; off for measuring). */
  readCache?: boolean;
  /** Most answers the read cache keeps (READ_CACHE_ENTRIES); the least recently used go first. */
  readCacheEntries?: number;
  /** Most megabytes the read cache's answers hold together (READ_CACHE_MB). */
  readCacheMegabytes?: number;
  /** Run the embedded PGlite in a worker thread (PGLITE_WORKER=on, the default; db/pglite-worker.ts). */
  pgliteWorker?: boolean;
  /** How many nice values the PGlite worker thread runs above the API's (PGLITE_WORKER_NICE; db/pglite-worker.ts). */
  pgliteWorkerNice?: number;
  /** How long an unpaid PayPal order holds its stock before it expires (PAYPAL_ORDER_HOLD_MINUTES; 30). */
  paypalOrderHoldMinutes?: number;
  /** Answer `x-sql-statements` on every response (BENCH_STATEMENT_COUNT; for the benchmark only). */
  statementCountHeader?: boolean;
  /** Every rate limit (RATE_LIMIT_*, lib/rate-limits.ts); unset means the defaults. */
  rateLimits?: RateLimits;
  /** Apply the migrations at start (MIGRATE_ON_START=on, the default). */
  migrateOnStart?: boolean;
  /** Check every JSON answer against its route's response schema (CHECK_RESPONSES=on; lib/openapi.ts). */
  checkResponses?: boolean;
  /** GET /metrics (METRICS=on), and the bearer token it asks for (METRICS_TOKEN). */
  metrics?: { token: string | undefined };
  /** Load shedding's thresholds (LOAD_*); absent: none (tests). */
  load?: LoadLimits;
}

/**
 * The public origin: PUBLIC_URL's origin, which must be http(s) on one of the main hosts and
 * name nothing past the origin; without it, https on the first configured main host, or
 * http://localhost:<PORT> when none is configured (development).
 */
function publicUrlOf(
  given: string | undefined,
  mainHosts: readonly string[],
  port: number,
): { url: string; problems: string[] } {
  if (given === undefined) {
    const first = mainHosts[0];
    const configured = first !== undefined && !ALWAYS_MAIN_HOSTS.includes(first);
    return { url: configured ? `https://${first}` : `http://localhost:${port}`, problems: [] };
  }
  const url = new URL(given);
  const problem = (text: string) => ({ url: '', problems: [`  PUBLIC_URL: ${text}`] });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem('must start with http:// or https://');
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/')
    return problem('must be an origin only, such as https://torget.se (no path, query or user)');
  if (!isMainHost(url.host, mainHosts)) return problem('its host must be one of MAIN_HOSTS, localhost or 127.0.0.1');
  return { url: url.origin, problems: [] };
}

/** Reads the secret from JWT_SECRET, or generates one once and keeps it in the data folder. */
function jwtSecretFor(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const rateLimits = rateLimitsFromEnv(source);
  const s3 = parsed.success ? s3SettingsOf(parsed.data) : { settings: undefined, problems: [] };
  // The configured hosts come first: the first one is the marketplace's canonical host, where
  // a storefront opened on a foreign domain is sent.
  const mainHosts = parsed.success ? listMainHosts(parsed.data.MAIN_HOSTS.split(',')) : [];
  const publicUrl = parsed.success
    ? publicUrlOf(parsed.data.PUBLIC_URL, mainHosts, parsed.data.PORT)
    : { url: '', problems: [] };
  if (!parsed.success || rateLimits.problems.length > 0 || s3.problems.length > 0 || publicUrl.problems.length > 0) {
    const problems = [
      ...(parsed.error?.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`) ?? []),
      ...rateLimits.problems,
      ...s3.problems,
      ...publicUrl.problems,
    ].join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    s3: s3.settings,
    jwtSecret: jwtSecretFor(dataDir, env.JWT_SECRET),
    mainHosts,
    publicUrl: publicUrl.url,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    paypal: { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiBase: env.PAYPAL_API_BASE },
    googleApiKey: env.GOOGLE_API_KEY,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    seedDemo: env.SEED_DEMO,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databasePoolReads: env.DATABASE_POOL_READS,
    readCache: env.READ_CACHE === 'on',
    readCacheEntries: env.READ_CACHE_ENTRIES,
    readCacheMegabytes: env.READ_CACHE_MB,
    pgliteWorker: env.PGLITE_WORKER === 'on',
    ...(env.PGLITE_WORKER_NICE === undefined ? {} : { pgliteWorkerNice: env.PGLITE_WORKER_NICE }),
    paypalOrderHoldMinutes: env.PAYPAL_ORDER_HOLD_MINUTES,
    statementCountHeader: env.BENCH_STATEMENT_COUNT,
    rateLimits: rateLimits.limits,
    migrateOnStart: env.MIGRATE_ON_START === 'on',
    checkResponses: env.CHECK_RESPONSES === 'on',
    ...(env.METRICS === 'on' ? { metrics: { token: env.METRICS_TOKEN } } : {}),
    load: {
      maxEventLoopDelayMs: env.LOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: env.LOAD_MAX_EVENT_LOOP_UTILIZATION,
      maxPoolWaiting: env.LOAD_MAX_POOL_WAITING,
      sampleIntervalMs: env.LOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: env.LOAD_RETRY_AFTER_SECONDS,
    },
  };
}
