/** The signed-in user's saved products. */
import { z } from 'zod';
import { productSummarySchema } from './catalog';

export const favouriteStateResponseSchema = z
  .strictObject({
    productId: z.string(),
    saved: z.boolean(),
  })
  .meta({
    id: 'FavouriteStateResponse',
    description: 'GET/PUT/DELETE /api/users/me/favourites/{productId}: whether the signed-in user saved it.',
  });

export const favouritesResponseSchema = z
  .strictObject({
    products: z.array(productSummarySchema),
  })
  .meta({
    id: 'FavouritesResponse',
    description: 'GET /api/users/me/favourites: the saved products the public sees, the latest saved first.',
  });
