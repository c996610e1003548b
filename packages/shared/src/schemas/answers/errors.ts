/** The error answer of every route. */
import { z } from 'zod';

export const apiErrorSchema = z
  .strictObject({
    message: z.string(),
    statusCode: z.number().int().optional().describe('Sent by the rate limiter (429) beside the message.'),
  })
  .meta({ id: 'ApiError', description: 'Every error answer.' });
