/** POST /api/uploads's answer (spec section 7): the stored image's path, as plain text. */
import { z } from 'zod';

export const uploadedImagePathSchema = z.string().meta({
  id: 'UploadedImagePath',
  description: 'POST /api/uploads (text/plain): where the stored image is served, `/uploads/<uuid>.webp`.',
});
