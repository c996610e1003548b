/**
 * /api/users: accounts and the seller directory (public), one account as its caller may see it,
 * one's own profile, address and
 * favourites (signed in), one's payout account (sellers), and user management
 * (admins).
 */
import { forAudience, type RoutePlugin } from '#api/routes/audiences.ts';
import { adminUserRoutes } from './admin.routes';
import { callerUserRoutes } from './caller.routes';
import { favouriteRoutes } from './favourites.routes';
import { publicAccountRoutes } from './public.routes';
import { sellerUserRoutes } from './seller.routes';
import { sellerDirectoryRoutes } from './seller-directory.routes';
import { signedInUserRoutes } from './signed-in.routes';

export const userRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(forAudience('public', publicAccountRoutes, sellerDirectoryRoutes), { deps });
  await app.register(forAudience('caller', callerUserRoutes), { deps });
  await app.register(forAudience('signed-in', signedInUserRoutes, favouriteRoutes), { deps });
  await app.register(forAudience('seller', sellerUserRoutes), { deps });
  await app.register(forAudience('admin', adminUserRoutes), { deps });
};
