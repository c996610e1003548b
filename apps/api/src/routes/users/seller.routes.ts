/**
 * /api/users, for sellers: their own payout account (docs/decisions/220-payout-account.md). The
 * account is always the token's seller's; it is answered masked, even to its seller.
 */
import { payoutAccountAnswerSchema } from '@torget/shared/schemas/answers/payouts';
import { payoutAccountSchema } from '@torget/shared/schemas/payout-account';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { requestLanguage } from '#api/lib/request-language.ts';
import { payoutAccountChangedMail } from '#api/mails/payout-account-changed-mail.ts';
import { readOwnPayoutAccount, setPayoutAccount } from '#api/modules/sellers/payout-account.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

export const sellerUserRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/payout-account', { schema: { response: { 200: payoutAccountAnswerSchema } } }, async (request) =>
    readOwnPayoutAccount(deps.database.reader, userOf(request).id),
  );

  // A change mails the seller and starts the hold; saving the same account again does neither.
  app.put(
    '/payout-account',
    { schema: { body: payoutAccountSchema, response: { 200: payoutAccountAnswerSchema } } },
    async (request) => {
      const me = userOf(request);
      // Nothing any cache keeps shows the account.
      declareChanges(request, []);
      const { answer, changed } = await setPayoutAccount(dbFor(request), me.id, request.body);
      if (changed && answer.account && answer.payoutHeldUntil) {
        const mail = payoutAccountChangedMail(
          me,
          answer.account,
          answer.payoutHeldUntil,
          mailLinkOrigin(deps.config),
          requestLanguage(request),
        );
        sendInBackground(deps.mailer, mail, request.log);
      }
      return answer;
    },
  );
};
