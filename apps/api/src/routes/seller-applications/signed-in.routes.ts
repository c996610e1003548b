/** /api/seller-applications, for anyone signed in: the state of one's own application. */
import { ownSellerApplicationSchema } from '@torget/shared/schemas/answers/seller-applications';
import { readOwnApplication } from '#api/modules/sellers/seller-applications.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const signedInApplicationRoutes: RoutePlugin = async (app, { deps }) => {
  app.get('/mine', { schema: { response: { 200: ownSellerApplicationSchema } } }, async (request) =>
    readOwnApplication(deps.database.reader, userOf(request).id),
  );
};
