import { IMAGE_WIDTHS, imageVariant, srcSetOf } from '@torget/shared/rules/images';
import type { ImgHTMLAttributes } from 'react';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>;

interface ResponsiveImageProps extends ImgProps {
  /** The stored image path (`/uploads/…`); anything else is shown as it is, without `srcset`. */
  src: string;
  /** How wide the image is drawn, as the `sizes` attribute says it (for example '56px' or '(max-width: 480px) 50vw, 20rem'). */
  sizes: string;
  /** The intrinsic size the page reserves before the file arrives (with CSS `aspect-ratio`, nothing shifts). */
  width: number;
  height: number;
}

/**
 * An image from the uploads in the width the screen needs: `srcset` lists its 320, 640 and
 * 1280 px copies (@torget/shared/rules/images) and `sizes` tells the browser how wide it is
 * drawn, so a card on a phone loads the small copy. `width` and `height` are required, so the
 * space is reserved before the file arrives.
 */
export function ResponsiveImage({ src, sizes, width, height, alt = '', ...rest }: ResponsiveImageProps) {
  const srcSet = srcSetOf(src);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      {...rest}
    />
  );
}

/**
 * The copy of a stored image for a CSS background `cssWidth` px wide on this screen: the
 * narrowest kept width covering it at the device's pixel ratio, or the original (up to 1600 px)
 * when none does.
 */
export function backgroundVariant(
  path: string,
  cssWidth: number,
  pixelRatio = globalThis.devicePixelRatio || 1,
): string {
  const needed = cssWidth * pixelRatio;
  const width = IMAGE_WIDTHS.find((w) => w >= needed);
  return width === undefined ? path : imageVariant(path, width);
}
