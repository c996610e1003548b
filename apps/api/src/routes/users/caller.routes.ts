/** /api/users/:id for anyone: an account as its caller may see it (a token, if sent, counts). */
import { z } from 'zod';
import { notFound } from '#api/lib/http-errors.ts';
import { findUserAsSeenBy } from '#api/modules/users/user-view.service.ts';
import { callerOf, type RoutePlugin } from '#api/routes/audiences.ts';

const idParams = z.object({ id: z.string() });

export const callerUserRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/:id', { schema: { params: idParams } }, async (request) => {
    const user = await findUserAsSeenBy(deps.database.reader, callerOf(request), request.params.id);
    if (!user) throw notFound('User Not Found');
    return user;
  });
};
