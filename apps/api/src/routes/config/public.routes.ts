/**
 * /api/config: public keys the browser needs to load third-party scripts, as plain values
 * (spec section 7). Neither is a secret: both are meant to be embedded in web pages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';

export const configRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/paypal', (_request, reply) => reply.type('text/plain; charset=utf-8').send(deps.config.paypal.clientId));
  app.get('/google', (_request, reply) => reply.type('text/plain; charset=utf-8').send(deps.config.googleApiKey));
};
