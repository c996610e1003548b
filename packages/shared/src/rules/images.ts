/**
 * Image widths: every stored image (`/uploads/<name>.webp`) also exists in a few narrower WebP
 * copies, named `/uploads/<name>.w<width>.webp`. The API stores them at upload and makes a
 * missing one on its first request; pages list them in `srcset`. This file is the one place
 * that knows the names, so the server and the pages cannot disagree.
 */

/** The widths, in pixels, of the copies kept of every stored image (never wider than the original). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * How wide the product page draws its main image: the width of a phone (at most 32vh high, and
 * it is square), half the page from 640 px, and its first of three columns from 1100 px. The
 * page's `sizes` and the server's preload of that image (seo/) read it here, so they agree.
 */
export const PRODUCT_PAGE_IMAGE_SIZES = '(max-width: 639.98px) min(100vw, 32vh), (max-width: 1099.98px) 50vw, 36rem';

/** A stored original: `/uploads/` then a name that is not itself a copy, ending `.webp`. */
const ORIGINAL_PATH = /^\/uploads\/([A-Za-z0-9_-][A-Za-z0-9._-]*)\.webp$/;
/** A copy's file name: the original's base name, `.w`, one of the widths, `.webp`. */
const VARIANT_NAME = /^([A-Za-z0-9_-][A-Za-z0-9._-]*)\.w(\d+)\.webp$/;

const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** The base name of a stored original, or null for anything else (external URLs, copies, other types). */
function baseOf(path: string): string | null {
  const base = ORIGINAL_PATH.exec(path)?.[1];
  if (base === undefined || VARIANT_NAME.test(`${base}.webp`)) return null;
  return base;
}

/**
 * The path of an image's copy `width` px wide. Paths that are not a stored original (an external
 * URL, an empty value, another type, a width that is not kept) come back unchanged.
 */
export function imageVariant(path: string, width: number): string {
  const base = baseOf(path);
  if (base === null || !isImageWidth(width)) return path;
  return `/uploads/${base}.w${width}.webp`;
}

/** The `srcset` listing every copy of a stored original, or undefined when the path is not ours. */
export function srcSetOf(path: string): string | undefined {
  if (baseOf(path) === null) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageVariant(path, width)} ${width}w`).join(', ');
}

/**
 * What a file name under `/uploads/` is a copy of: the original's file name and the width, or
 * null when the name is not a copy of one of the kept widths. The server makes a missing copy
 * only for names this accepts, so no request can ask for any other width.
 */
export function parseVariantName(fileName: string): { original: string; width: ImageWidth } | null {
  const match = VARIANT_NAME.exec(fileName);
  if (!match) return null;
  const [, base = '', digits = ''] = match;
  const width = Number(digits);
  if (!isImageWidth(width) || String(width) !== digits) return null;
  if (baseOf(`/uploads/${base}.webp`) === null) return null;
  return { original: `${base}.webp`, width };
}

/** The file names of every copy of a stored original's file name (`<name>.webp`), widest last. */
export function variantNamesOf(fileName: string): { name: string; width: ImageWidth }[] {
  const path = `/uploads/${fileName}`;
  if (baseOf(path) === null) return [];
  return IMAGE_WIDTHS.map((width) => ({ name: imageVariant(path, width).slice('/uploads/'.length), width }));
}
