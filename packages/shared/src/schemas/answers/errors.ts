/** The error answer of every route (api-types.ts `ApiError`). */
import { z } from 'zod';

export const apiErrorSchema = z
  .strictObject({
    message: z.string(),
  })
  .meta({ id: 'ApiError', description: 'Every error answer.' });
