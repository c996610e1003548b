/**
 * /api/config: public keys the browser needs to load third-party scripts, as plain values
 * (spec section 7). Neither is a secret: both are meant to be embedded in web pages.
 */
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const publicConfigRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/paypal', (_request, reply) => reply.type('text/plain; charset=utf-8').send(deps.config.paypal.clientId));
  app.get('/google', (_request, reply) => reply.type('text/plain; charset=utf-8').send(deps.config.googleApiKey));
};
