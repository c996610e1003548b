/** /api/seller-applications, for anyone signed in: the state of one's own application. */
import { readOwnApplication } from '#api/modules/sellers/seller-applications.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const signedInApplicationRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/mine', async (request) => readOwnApplication(deps.database.reader, userOf(request).id));
};
