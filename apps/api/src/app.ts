/** Builds the Fastify app: plugins, modules, uploads and the web app. Tests import this. */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { countStatements, type Database, type StatementTally } from './db/client';
import type { Config } from './env';
import { type Auth, createAuth } from './lib/auth';
import { errorHandler } from './lib/error-handler';
import { createMailer, type Mailer } from './lib/mailer';
import { createReadCache, noReadCache, type ReadCache } from './lib/read-cache';
import { registerSecurityHeaders } from './lib/security-headers';
import { refuseMalformedText } from './lib/text-guard';
import { registerWebApp } from './lib/web-app';
import { configRoutes } from './routes/config/public.routes';
import { orderRoutes } from './routes/orders/signed-in.routes';
import { catalogRoutes } from './routes/products/public.routes';
import { settingsRoutes } from './routes/settings/public.routes';
import { uploadRoutes } from './routes/uploads/uploader.routes';
import { userRoutes } from './routes/users/public.routes';
import { sellerDirectoryRoutes } from './routes/users/seller-directory.routes';
import { shippingAddressRoutes } from './routes/users/signed-in.routes';

/** What every route module is given. */
export interface AppDeps {
  database: Database;
  config: Config;
  auth: Auth;
  mailer: Mailer;
  /** Read results kept in memory for a short time (lib/read-cache.ts). */
  cache: ReadCache;
}

export interface BuildOptions {
  database: Database;
  config: Config;
  /** Replaces the mailer made from the configuration (tests capture mail this way). */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** The routes each app registered, for tests that must cover every one (the authorization matrix). */
const registeredRoutes = new WeakMap<object, { method: string; url: string }[]>();

export function listApiRoutes(app: App): { method: string; url: string }[] {
  return (registeredRoutes.get(app) ?? []).filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
}

export async function buildApp(options: BuildOptions) {
  const { database, config } = options;
  const deps: AppDeps = {
    database,
    config,
    auth: createAuth(database.db, config.jwtSecret),
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    cache: config.readCache === false ? noReadCache : createReadCache({ generation: () => database.writeGeneration() }),
  };
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer the client's address, host and scheme come from X-Forwarded-*
    // headers; reached directly, those headers are anyone's to write and are ignored.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries its id; a load balancer's X-Request-Id is kept.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  const routes: { method: string; url: string }[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  if (config.statementCountHeader) answerStatementCounts(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', refuseMalformedText);

  // Limits are set per route (sign-in, forgot password); counted after the body is parsed,
  // because they are keyed by the e-mail in it.
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });

  await registerSecurityHeaders(app);

  // For load balancers: the process answers and the database is reachable.
  app.get('/api/health', async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database cannot be reached.' });
    }
  });

  await app.register(catalogRoutes, { prefix: '/api/products', deps });
  await app.register(sellerDirectoryRoutes, { prefix: '/api/users', deps });
  await app.register(userRoutes, { prefix: '/api/users', deps });
  await app.register(shippingAddressRoutes, { prefix: '/api/users', deps });
  await app.register(orderRoutes, { prefix: '/api/orders', deps });
  await app.register(configRoutes, { prefix: '/api/config', deps });
  await app.register(settingsRoutes, { prefix: '/api/settings', deps });
  await app.register(uploadRoutes, { prefix: '/api/uploads', deps });

  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Upload names are generated and never reused, so they may be cached for long.
    maxAge: '365d',
    immutable: true,
  });

  const web = await registerWebApp(app, config.webDist, config.mainHosts);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (web && wantsPage && !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/uploads/')) {
      return web.sendIndex(reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });

  return app;
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
