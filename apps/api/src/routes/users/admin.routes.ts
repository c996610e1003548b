/** /api/users, for admins: the user list, roles and domains, sellers' payout accounts (masked), and deleting users. */
import { adminUserUpdateSchema, userListQuerySchema } from '@torget/shared/schemas/accounts';
import { payoutAccountAnswerSchema } from '@torget/shared/schemas/answers/payouts';
import { userDeletedSchema, userDetailsSchema, userListSchema } from '@torget/shared/schemas/answers/users';
import { z } from 'zod';
import { dbFor } from '#api/lib/cache-changes.ts';
import { sendInBackground } from '#api/lib/mailer.ts';
import { pageAliasSchema, pageNumberSchema, pageRequest, setPageHeaders } from '#api/lib/paging.ts';
import { sellerApplicationMail } from '#api/mails/seller-application-mail.ts';
import { readPayoutAccountForAdmin } from '#api/modules/sellers/payout-account.service.ts';
import { applicationLanguage } from '#api/modules/sellers/seller-applications.service.ts';
import { toUserListEntry } from '#api/modules/users/user-json.ts';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from '#api/modules/users/users.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

const idParams = z.object({ id: z.string() });

export const adminUserRoutes: RoutePlugin = async (app, { deps }) => {
  const { reader: db } = deps.database;
  const { mainHosts } = deps.config;

  // Paged (lib/paging.ts): still a JSON array, with X-Total-Count and Link headers.
  // `page` is the same as `pageNumber` (the admin search's address, decision 270).
  const listQuery = userListQuerySchema.extend({ pageNumber: pageNumberSchema, page: pageAliasSchema });
  app.get('/', { schema: { querystring: listQuery, response: { 200: userListSchema } } }, async (request, reply) => {
    const { query } = request;
    const page = pageRequest(query.pageNumber ?? query.page);
    const { rows, total } = await listUsers(db, page, {
      shop: query.shop || undefined,
      search: query.search,
      role: query.role,
      shopStatus: query.shop_status,
    });
    setPageHeaders(request, reply, page, total);
    return rows.map(toUserListEntry);
  });

  // Roles and the seller flag change what anyone may see of a seller: it declares nothing, so
  // every cached answer is dropped.
  app.put(
    '/:id',
    { schema: { params: idParams, body: adminUserUpdateSchema, response: { 200: userDetailsSchema } } },
    async (request) => {
      const { user, decision } = await updateUserByAdmin(
        dbFor(request),
        userOf(request).id,
        request.params.id,
        request.body,
        mainHosts,
      );
      // The toggle decides an application as the queue does, and the applicant is told the same way.
      if (decision) {
        const mail = sellerApplicationMail(
          { approved: decision === 'approved', reason: '' },
          user,
          mailLinkOrigin(deps.config),
          await applicationLanguage(db, user._id),
        );
        sendInBackground(deps.mailer, mail, request.log);
      }
      return user;
    },
  );

  // A seller's payout account, masked as the seller sees it: the full number stays on the server.
  app.get(
    '/:id/payout-account',
    { schema: { params: idParams, response: { 200: payoutAccountAnswerSchema } } },
    async (request) => readPayoutAccountForAdmin(db, request.params.id),
  );

  app.delete('/:id', { schema: { params: idParams, response: { 200: userDeletedSchema } } }, async (request) => {
    await deleteUserByAdmin(dbFor(request), userOf(request).id, request.params.id);
    return { message: 'User deleted successfully.' };
  });
};
