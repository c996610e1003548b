/**
 * /api/users/me/favourites, for anyone signed in: one's saved products and saving or removing
 * one. Always the token's user: nobody reads or changes another's favourites. Saving changes no
 * cached answer (the lists and pages show no favourites).
 */
import type { FavouriteStateResponse, FavouritesResponse } from '@torget/shared/api-types.generated';
import { favouriteStateResponseSchema, favouritesResponseSchema } from '@torget/shared/schemas/answers/favourites';
import { z } from 'zod';
import { dbFor, declareChanges } from '#api/lib/cache-changes.ts';
import {
  favouriteState,
  listFavourites,
  removeFavourite,
  saveFavourite,
} from '#api/modules/favourites/favourites.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { startFavouriteMails } from './favourite-mails';

const productParams = z.object({ productId: z.string().max(64) });

export const favouriteRoutes: RoutePlugin = async (app, { deps }) => {
  const stopMails = startFavouriteMails(deps, app.backgroundChanges, app.log);
  app.addHook('onClose', stopMails);

  app.get(
    '/me/favourites',
    { schema: { response: { 200: favouritesResponseSchema } } },
    async (request): Promise<FavouritesResponse> => {
      return { products: await listFavourites(dbFor(request), userOf(request).id) };
    },
  );

  app.get(
    '/me/favourites/:productId',
    { schema: { params: productParams, response: { 200: favouriteStateResponseSchema } } },
    async (request): Promise<FavouriteStateResponse> =>
      favouriteState(dbFor(request), userOf(request).id, request.params.productId),
  );

  app.put(
    '/me/favourites/:productId',
    { schema: { params: productParams, response: { 200: favouriteStateResponseSchema } } },
    async (request): Promise<FavouriteStateResponse> => {
      declareChanges(request, []);
      return saveFavourite(dbFor(request), userOf(request).id, request.params.productId);
    },
  );

  app.delete(
    '/me/favourites/:productId',
    { schema: { params: productParams, response: { 200: favouriteStateResponseSchema } } },
    async (request): Promise<FavouriteStateResponse> => {
      declareChanges(request, []);
      return removeFavourite(dbFor(request), userOf(request).id, request.params.productId);
    },
  );
};
