/** /api/users/:id for anyone: an account as its caller may see it (a token, if sent, counts). */
import { userAsSeenSchema } from '@torget/shared/schemas/answers/users';
import { z } from 'zod';
import { notFound } from '#api/lib/http-errors.ts';
import { unreadTotal } from '#api/modules/orders/order-unread.ts';
import { findUserAsSeenBy } from '#api/modules/users/user-view.service.ts';
import { callerOf, type RoutePlugin } from '#api/routes/audiences.ts';

const idParams = z.object({ id: z.string() });

export const callerUserRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/:id', { schema: { params: idParams, response: { 200: userAsSeenSchema } } }, async (request) => {
    const caller = callerOf(request);
    const user = await findUserAsSeenBy(deps.database.reader, caller, request.params.id);
    if (!user) throw notFound('User Not Found');
    // One's own account carries the header's unread count: the app reads it at every start and
    // when the tab comes back, so the badge costs no request of its own (and none signed out).
    if (caller?.id === request.params.id && user._id === caller.id) {
      return { ...user, unreadMessages: await unreadTotal(deps.database.reader, caller.id) };
    }
    return user;
  });
};
