/** Builds the Fastify app: plugins, modules, uploads and the web app. Tests import this. */
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import { errorHandler } from './lib/error-handler';
import { registerWebApp } from './lib/web-app';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { configRoutes } from './modules/config/config.routes';
import { sellerDirectoryRoutes } from './modules/sellers/sellers.routes';

export interface AppDeps {
  database: Database;
  config: Config;
}

export async function buildApp(deps: AppDeps, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a load balancer the client's address and host come from X-Forwarded-* headers.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(catalogRoutes, { prefix: '/api/products', deps });
  await app.register(sellerDirectoryRoutes, { prefix: '/api/users', deps });
  await app.register(configRoutes, { prefix: '/api/config', deps });

  mkdirSync(deps.config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: deps.config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Upload names are generated and never reused, so they may be cached for long.
    maxAge: '365d',
    immutable: true,
  });

  const web = await registerWebApp(app, deps.config.webDist, deps.config.mainHosts);

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

export type App = Awaited<ReturnType<typeof buildApp>>;
