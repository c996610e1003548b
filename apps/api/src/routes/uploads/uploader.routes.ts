/** POST /api/uploads, for uploaders: an image for a logo, banner or product; answers the stored path. */
import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_BIG } from '@torget/shared/rules/catalog';
import { uploadedImagePathSchema } from '@torget/shared/schemas/answers/uploads';
import { declareChanges } from '#api/lib/cache-changes.ts';
import { badRequest, HttpError } from '#api/lib/http-errors.ts';
import { createLimiter } from '#api/lib/rate-limits.ts';
import { storeImage } from '#api/modules/uploads/image-store.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';

export const uploaderRoutes: RoutePlugin = async (app, { deps }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  const uploads = createLimiter(app, 'uploads', deps.rateLimits);
  // An applicant is not vetted yet: a handful of images sets up a shop, more waits for approval.
  const applicantUploads = createLimiter(app, 'applicantUploads', deps.rateLimits);

  // The path is answered as plain text (spec section 7), as Fastify sends a string.
  const response = { 200: { content: { 'text/plain': { schema: uploadedImagePathSchema } } } };
  app.post('/', { schema: { response } }, async (request) => {
    // A stored image changes no cached answer until a product or shop names it (lib/cache-changes.ts).
    declareChanges(request, []);
    const user = userOf(request);
    if (!request.isMultipart() || !hasBoundary(request.headers['content-type'])) {
      throw badRequest('Send the image as multipart/form-data in the field "image".');
    }
    const approved = user.isSeller || user.isAdmin;
    await (approved ? uploads : applicantUploads).hit(request, user.id);
    let data: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && !data) {
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_TOO_BIG);
          throw error;
        }
      } else if (part.type === 'file') {
        part.file.resume();
      }
    }
    if (!data) throw badRequest('Choose an image to upload (field "image").');
    return storeImage(deps.storage, data);
  });
};

/** A multipart body without a boundary cannot be split into parts (the parser would throw). */
function hasBoundary(contentType: string | undefined): boolean {
  return /;\s*boundary=("[^"]+"|[^;\s]+)/i.test(contentType ?? '');
}
