/** /api/uploads: images, for sellers, applicants setting up their shop, and admins. */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { uploaderRoutes } from './uploader.routes';

export const uploadRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('uploader', uploaderRoutes), { deps });
};
