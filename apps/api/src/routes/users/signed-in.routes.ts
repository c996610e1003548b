/**
 * PUT /api/users/save_shipping_address (spec section 7). The user is the token's; the payload's
 * `_id` is ignored, so nobody can change another user's address. Answers the updated user.
 */
import { saveShippingAddressSchema } from '@torget/shared/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../lib/http-errors';
import { saveShippingAddress } from '../../modules/orders/shipping-address.service';
import { findUserDetails } from '../../modules/users/users.service';

export const shippingAddressRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  app.put('/save_shipping_address', { schema: { body: saveShippingAddressSchema } }, async (request) => {
    const me = await deps.auth.requireUser(request);
    await saveShippingAddress(db, me.id, request.body);
    const details = await findUserDetails(db, me.id);
    if (!details) throw notFound('User Not Found');
    return details;
  });
};
