/** /api/users, for admins: the user list, roles and domains, and deleting users. */
import { adminUserUpdateSchema } from '@torget/shared/schemas/accounts';
import { z } from 'zod';
import { mailLinkOrigin } from '../../lib/mail-link-origin';
import { sendInBackground } from '../../lib/mailer';
import { pageNumberSchema, pageRequest, setPageHeaders } from '../../lib/paging';
import { sellerApprovedMail } from '../../mails/seller-approved-mail';
import { toUserListEntry } from '../../modules/users/user-json';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from '../../modules/users/users.service';
import { type RoutePlugin, userOf } from '../audiences';

const idParams = z.object({ id: z.string() });

export const adminUserRoutes: RoutePlugin = async (app, { deps }) => {
  const { db } = deps.database;
  const { mainHosts } = deps.config;

  // Paged (lib/paging.ts): still a JSON array, with X-Total-Count and Link headers.
  app.get('/', { schema: { querystring: z.object({ pageNumber: pageNumberSchema }) } }, async (request, reply) => {
    const page = pageRequest(request.query.pageNumber);
    const { rows, total } = await listUsers(db, page);
    setPageHeaders(request, reply, page, total);
    return rows.map(toUserListEntry);
  });

  app.put('/:id', { schema: { params: idParams, body: adminUserUpdateSchema } }, async (request) => {
    const { user, approvedSeller } = await updateUserByAdmin(db, request.params.id, request.body, mainHosts);
    if (approvedSeller) {
      sendInBackground(deps.mailer, sellerApprovedMail(user, mailLinkOrigin(request, mainHosts)), request.log);
    }
    return user;
  });

  app.delete('/:id', { schema: { params: idParams } }, async (request) => {
    await deleteUserByAdmin(db, userOf(request).id, request.params.id);
    return { message: 'User deleted successfully.' };
  });
};
