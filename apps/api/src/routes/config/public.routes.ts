/**
 * /api/config: public keys the browser needs to load third-party scripts, as plain values
 * (spec section 7). Neither is a secret: both are meant to be embedded in web pages.
 */
import { googleApiKeySchema, paypalClientIdSchema } from '@torget/shared/schemas/answers/config';
import type { RoutePlugin } from '#api/routes/audiences.ts';

export const publicConfigRoutes: RoutePlugin = async (app, { deps }) => {
  const plain = (schema: typeof paypalClientIdSchema) => ({ 200: { content: { 'text/plain': { schema } } } });
  app.get('/paypal', { schema: { response: plain(paypalClientIdSchema) } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(deps.config.paypal.clientId),
  );
  app.get('/google', { schema: { response: plain(googleApiKeySchema) } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(deps.config.googleApiKey),
  );
};
