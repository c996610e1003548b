/**
 * The narrower copies of a stored image (widths and names: @torget/shared/rules/images). They
 * are written beside every upload and every demo picture; an older image gets its copies on the
 * first request of one (`ensureVariant`), at most once at a time per copy.
 */
import { type ImageWidth, parseVariantName, variantNamesOf } from '@torget/shared/rules/images';
import sharp from 'sharp';
import type { ImageStorage } from '#api/lib/image-storage.ts';

const VARIANT_QUALITY = 80;
export const WEBP = 'image/webp';

/**
 * One copy `width` px wide. Never wider than the original: an original that is not wider than
 * `width` is its own copy (the same bytes, no second encoding).
 */
export async function resizeToWidth(original: Buffer, width: ImageWidth): Promise<Buffer> {
  const { width: originalWidth } = await sharp(original, { failOn: 'error' }).metadata();
  if (originalWidth !== undefined && originalWidth <= width) return original;
  return sharp(original, { failOn: 'error' })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: VARIANT_QUALITY })
    .toBuffer();
}

/** Stores an original WebP under `name` and every copy of it. */
export async function storeWithVariants(storage: ImageStorage, name: string, webp: Buffer): Promise<void> {
  const copies = await Promise.all(
    variantNamesOf(name).map(async ({ name: copyName, width }) => ({
      copyName,
      data: await resizeToWidth(webp, width),
    })),
  );
  await storage.put(name, webp, WEBP);
  await Promise.all(copies.map(({ copyName, data }) => storage.put(copyName, data, WEBP)));
}

/** Copies being made now, by storage and name: a burst of requests for one copy makes it once. */
const inFlight = new WeakMap<ImageStorage, Map<string, Promise<boolean>>>();

/**
 * Makes sure the copy `fileName` exists, making it from its original if needed. Answers false
 * when the name is not a copy of a kept width (so no request can ask for any other size or
 * path) or its original does not exist or cannot be decoded.
 */
export async function ensureVariant(storage: ImageStorage, fileName: string): Promise<boolean> {
  const wanted = parseVariantName(fileName);
  if (!wanted) return false;
  if (await storage.has(fileName)) return true;
  let running = inFlight.get(storage);
  if (!running) {
    running = new Map();
    inFlight.set(storage, running);
  }
  const pending = running.get(fileName);
  if (pending) return pending;
  const work = (async () => {
    const original = await storage.read(wanted.original);
    if (!original) return false;
    let copy: Buffer;
    try {
      copy = await resizeToWidth(original, wanted.width);
    } catch {
      return false;
    }
    await storage.put(fileName, copy, WEBP);
    return true;
  })();
  running.set(fileName, work);
  try {
    return await work;
  } finally {
    running.delete(fileName);
  }
}
