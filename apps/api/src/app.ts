/** Builds the Fastify app: plugins, the API routes (routes/), uploads and the web app. Tests import this. */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type BuildOptions, createAppDeps } from '#api/app-deps.ts';
import { countStatements, type Database, type StatementTally } from '#api/db/client.ts';
import { registerCacheInvalidation } from '#api/lib/cache-changes.ts';
import { type ChangeBus, localChangeBus, postgresChangeBus, redisChangeBus } from '#api/lib/change-bus.ts';
import { errorHandler } from '#api/lib/error-handler.ts';
import { registerHttpCaching } from '#api/lib/http-caching.ts';
import { registerLoadShedding } from '#api/lib/load-shedding.ts';
import { registerMetrics } from '#api/lib/metrics.ts';
import {
  checkJsonTextAnswers,
  registerOpenApi,
  responseSerializerCompiler,
  withErrorAnswers,
} from '#api/lib/openapi.ts';
import { rateLimitStoreOptions } from '#api/lib/rate-limits.ts';
import { watchRedis } from '#api/lib/redis-connection.ts';
import { registerResponseCompression } from '#api/lib/response-compression.ts';
import { registerSecurityHeaders } from '#api/lib/security-headers.ts';
import { refuseMalformedText } from '#api/lib/text-guard.ts';
import { registerUploadFiles } from '#api/lib/upload-files.ts';
import { apiRoutes } from '#api/routes/index.ts';
import { describePage, metaContext } from '#api/seo/describe-page.ts';
import { seoRoutes } from '#api/seo/seo-routes.ts';
import { resolveSite } from '#api/site/resolve-site.ts';
import { registerWebApp } from '#api/site/web-app.ts';

/**
 * A route as registered: its method, URL and validation schemas (zod: `body`, `querystring`,
 * `params`), for tests that must cover every route (the authorization matrix, number bounds).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** The routes each app registered, for tests that must cover every one (the authorization matrix). */
const registeredRoutes = new WeakMap<object, RegisteredRoute[]>();

export function listApiRoutes(app: App): RegisteredRoute[] {
  return (registeredRoutes.get(app) ?? []).filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
}

export async function buildApp(options: BuildOptions) {
  const { database, config } = options;
  const deps = createAppDeps(options);
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer the client's address, host and scheme come from X-Forwarded-*
    // headers; reached directly, those headers are anyone's to write and are ignored.
    trustProxy: trustedProxies(config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries its id; a load balancer's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    withErrorAnswers(route);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  // Set as the request comes in, so every answer has it (errors and 404s too).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (config.statementCountHeader) answerStatementCounts(app);
  // Before any other work of a request: a shed one costs nothing more (lib/load-shedding.ts).
  if (config.load) await registerLoadShedding(app, database, config.load);
  // Counts every answer from here on, shed ones too (lib/metrics.ts).
  if (config.metrics) registerMetrics(app, { database, cache: deps.cache, token: config.metrics.token });
  const redisKeyPrefix = config.redisKeyPrefix ?? 'torget:';
  const { redis } = deps;
  if (redis && config.redisUrl) {
    // Watched from here on, before anything waits: a Redis that is down is logged, not fatal.
    const watched = watchRedis(redis, config.redisUrl, app.log);
    app.addHook('onClose', () => watched.close());
  }
  // A request that writes does so through its own handle on the database, which takes the next
  // free connection before queued reads (lib/cache-changes.ts dbFor, db/priority-pool.ts).
  await registerCacheInvalidation(app, {
    cache: deps.cache,
    database,
    bus: changeBusFor(deps.redis, database, redisKeyPrefix),
    log: app.log,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.checkResponses ?? false));
  if (config.checkResponses) checkJsonTextAnswers(app);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', refuseMalformedText);

  // Limits are set per route (lib/rate-limits.ts); counted after the body is parsed, because
  // some are keyed by the e-mail in it, or in the handler, where the account is known.
  await app.register(fastifyRateLimit, {
    ...rateLimitStoreOptions(deps.redis, redisKeyPrefix),
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });

  await registerSecurityHeaders(app);
  registerHttpCaching(app);
  registerResponseCompression(app);

  await registerOpenApi(app);
  await app.register(apiRoutes, { deps });

  if (deps.storage.kind === 'local') mkdirSync(config.uploadsDir, { recursive: true });
  registerUploadFiles(app, deps.storage);

  await app.register(seoRoutes, { db: database.reader, mainHosts: config.mainHosts, publicUrl: config.publicUrl });

  const web = await registerWebApp(
    app,
    config.webDist,
    {
      mainHosts: config.mainHosts,
      resolve: (host) => resolveSite(database.reader, config.mainHosts, host),
    },
    (request, site, pathname) =>
      describePage(database.reader, pathname, site, metaContext(request, config.publicUrl, site)),
  );

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (web && wantsPage && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/uploads/')) {
      return web.sendPage(request, reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });

  return app;
}

/** Fastify's trustProxy function: whether the address `hop` steps from the app is a trusted proxy. */
type TrustProxyHop = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A number of hops becomes a function of the hop: the
 * peer and the next `hops - 1` addresses of X-Forwarded-For (from its right) are proxies, so the
 * client's address is the one the outermost of them appended. Fastify's `true` would believe the
 * leftmost entry, which the client writes itself, and a bare number trusts nobody in Fastify 5.
 */
export function trustedProxies(setting: false | number | string[]): false | string[] | TrustProxyHop {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Redis pub/sub when there is a Redis, else NOTIFY on a PostgreSQL server, else this process alone. */
function changeBusFor(redis: Redis | null, database: Database, keyPrefix: string): ChangeBus {
  if (redis) return redisChangeBus(redis, `${keyPrefix}cache-changes`);
  if (database.notifications) return postgresChangeBus(database.notifications, 'torget_cache_changes');
  return localChangeBus;
}

/**
 * For the benchmark (BENCH_STATEMENT_COUNT=1): every answer carries `x-sql-statements`, the
 * number of SQL statements its request issued. Counted per request in an async-local scope, so
 * concurrent requests do not mix; the scope is entered again after the body is parsed, because
 * body parsing runs in the socket's context.
 */
function answerStatementCounts(app: FastifyInstance): void {
  const tallies = new WeakMap<object, StatementTally>();
  const enter = (request: object, done: () => void) => {
    let tally = tallies.get(request);
    if (!tally) {
      tally = { count: 0 };
      tallies.set(request, tally);
    }
    countStatements(tally, done);
  };
  app.addHook('onRequest', (request, _reply, done) => enter(request, done));
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-sql-statements', String(tallies.get(request)?.count ?? 0));
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
