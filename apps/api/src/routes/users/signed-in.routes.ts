/**
 * /api/users, for anyone signed in: one's own profile (shop settings included, which the
 * service allows sellers only) and shipping address, the download of one's data and the deletion
 * of one's account. The user is always the token's; a payload's `_id` is ignored, so nobody can
 * change another user's address (spec section 7).
 */
import { deleteAccountSchema, profileUpdateSchema } from '@torget/shared/schemas/accounts';
import { accountDeletedSchema, signedInUserSchema, userDetailsSchema } from '@torget/shared/schemas/answers/users';
import { saveShippingAddressSchema } from '@torget/shared/schemas/orders';
import { dbFor } from '#api/lib/cache-changes.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { accountDeletedMail } from '#api/mails/account-deleted-mail.ts';
import { saveShippingAddress } from '#api/modules/orders/shipping-address.service.ts';
import { eraseOwnAccount } from '#api/modules/users/account-erasure.service.ts';
import { personalDataExportSchema } from '#api/modules/users/personal-data-export.schema.ts';
import { exportFileName, exportPersonalData } from '#api/modules/users/personal-data-export.service.ts';
import { findUserDetails, updateProfile } from '#api/modules/users/users.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';
import { signedInAnswer } from './signed-in-answer';

/** The answer to a deleted account. */
export const ACCOUNT_DELETED = 'Your account was deleted.';

export const signedInUserRoutes: RoutePlugin = async (app, { deps }) => {
  // The password asked before an erasure is guessed no faster than at sign-in: the same limit,
  // counted per account (a stolen token must not become a way around the sign-in's limit).
  const erasureAttempts = createLimiter(app, 'signin', deps.rateLimits);

  app.put(
    '/profile',
    { schema: { body: profileUpdateSchema, response: { 200: signedInUserSchema } } },
    async (request) => {
      const user = await updateProfile(
        dbFor(request),
        userOf(request),
        request.body,
        deps.config.mainHosts,
        requestLanguage(request),
      );
      return signedInAnswer(deps, request, user);
    },
  );

  // Answers the updated user.
  app.put(
    '/save_shipping_address',
    { schema: { body: saveShippingAddressSchema, response: { 200: userDetailsSchema } } },
    async (request) => {
      const me = userOf(request);
      const db = dbFor(request);
      await saveShippingAddress(db, me.id, request.body);
      const details = await findUserDetails(db, me.id);
      if (!details) throw notFound('User Not Found');
      return details;
    },
  );

  // Everything stored about the caller, as a JSON file to save (GDPR art. 15 and 20).
  app.get('/me/export', { schema: { response: { 200: personalDataExportSchema } } }, async (request, reply) => {
    const now = new Date();
    const data = await exportPersonalData(deps.database.reader, userOf(request).id, now);
    void reply.header('content-disposition', `attachment; filename="${exportFileName(now)}"`);
    return data;
  });

  // Erases the caller's account once the password confirms it; the confirmation goes to the
  // address the account had. Every cached answer is dropped (a shop may have closed).
  app.delete(
    '/me',
    { schema: { body: deleteAccountSchema, response: { 200: accountDeletedSchema } } },
    async (request) => {
      const me = userOf(request);
      await erasureAttempts.hit(request, `erase|${me.id}`);
      const erased = await eraseOwnAccount(dbFor(request), me.id, request.body.password);
      sendInBackground(
        deps.mailer,
        accountDeletedMail(erased, mailLinkOrigin(deps.config), requestLanguage(request)),
        request.log,
      );
      return { message: ACCOUNT_DELETED };
    },
  );
};
