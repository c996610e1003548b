/**
 * /api/users, for anyone signed in: one's own profile (shop settings included, which the
 * service allows sellers only) and shipping address. The user is always the token's; a
 * payload's `_id` is ignored, so nobody can change another user's address (spec section 7).
 */
import { profileUpdateSchema } from '@torget/shared/schemas/accounts';
import { saveShippingAddressSchema } from '@torget/shared/schemas/orders';
import { dbFor } from '#api/lib/cache-changes.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { saveShippingAddress } from '#api/modules/orders/shipping-address.service.ts';
import { findUserDetails, updateProfile } from '#api/modules/users/users.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { signedInAnswer } from './signed-in-answer';

export const signedInUserRoutes: RoutePlugin = async (app, { deps }) => {
  app.put('/profile', { schema: { body: profileUpdateSchema } }, async (request) => {
    const user = await updateProfile(
      dbFor(request),
      userOf(request),
      request.body,
      deps.config.mainHosts,
      requestLanguage(request),
    );
    return signedInAnswer(deps, request, user);
  });

  // Answers the updated user.
  app.put('/save_shipping_address', { schema: { body: saveShippingAddressSchema } }, async (request) => {
    const me = userOf(request);
    const db = dbFor(request);
    await saveShippingAddress(db, me.id, request.body);
    const details = await findUserDetails(db, me.id);
    if (!details) throw notFound('User Not Found');
    return details;
  });
};
