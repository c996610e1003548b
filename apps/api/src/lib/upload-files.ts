/**
 * GET /uploads/<name>: stored images, from the local folder or object storage alike. A missing
 * narrower copy (`<name>.w640.webp`) of an existing image is made on its first request; with a
 * public bucket URL (S3_PUBLIC_URL) browsers are sent there instead of streaming through the app.
 */
import { parseVariantName } from '@torget/shared/rules/images';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ImageStorage, STORED_NAME } from '#api/lib/image-storage.ts';
import { ensureVariant } from '#api/lib/image-variants.ts';
import { IMMUTABLE_CACHE } from '#api/lib/s3-image-storage.ts';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

const typeOf = (name: string) =>
  TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** How long a browser may keep the redirect to a public bucket URL (the target itself never changes). */
const REDIRECT_CACHE = 'public, max-age=86400';

function notFound(reply: FastifyReply, url: string) {
  return reply.status(404).send({ message: `Not found: GET ${url.split('?')[0]}` });
}

export function registerUploadFiles(app: FastifyInstance, storage: ImageStorage): void {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME.test(name)) return notFound(reply, request.url);
    const isCopy = parseVariantName(name) !== null;

    const publicUrl = storage.publicUrlOf(name);
    if (publicUrl) {
      if (isCopy && !(await ensureVariant(storage, name))) return notFound(reply, request.url);
      return reply.header('cache-control', REDIRECT_CACHE).redirect(publicUrl, 302);
    }

    let stored = await storage.get(name);
    if (!stored && isCopy && (await ensureVariant(storage, name))) stored = await storage.get(name);
    if (!stored) return notFound(reply, request.url);
    reply.header('content-type', typeOf(name));
    reply.header('cache-control', IMMUTABLE_CACHE);
    if (stored.size !== undefined) reply.header('content-length', stored.size);
    return reply.send(stored.body);
  });
}
