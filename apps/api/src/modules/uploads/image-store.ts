/**
 * Stores uploaded images safely: the type is decided by the file's magic bytes (never by its
 * name or the browser's word), the image is decoded and re-encoded to WebP with sharp (which
 * drops metadata and anything hidden in the file), scaled down to at most 1600 px, and saved
 * under a name the server makes up, together with its narrower copies (lib/image-variants.ts).
 */
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from '#api/lib/http-errors.ts';
import type { ImageStorage } from '#api/lib/image-storage.ts';
import { storeWithVariants } from '#api/lib/image-variants.ts';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const MAX_IMAGE_SIDE = 1600;
/** Larger images are refused before decoding: a tiny file can claim enormous dimensions. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.';

export async function storeImage(storage: ImageStorage, data: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) throw badRequest(NOT_AN_IMAGE);
  let webp: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const { width = 0, height = 0 } = await image.metadata();
    if (width * height > MAX_IMAGE_PIXELS) throw new Error('too many pixels');
    webp = await image
      .rotate() // honour the EXIF orientation before the metadata is dropped
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('The image could not be read. It may be damaged, or larger than 50 megapixels.');
  }
  const name = `${randomUUID()}.webp`;
  await storeWithVariants(storage, name, webp);
  return `/uploads/${name}`;
}
