import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
import './product-gallery.css';

interface ProductGalleryProps {
  /** The product's images in the seller's order; the first is the main image. */
  images: string[];
  /** The product's name: the main image's text alternative. */
  name: string;
  /** The main image's `sizes` (which of its widths the browser picks: components/responsive-image.tsx). */
  sizes: string;
  /** An image to show now (the chosen variant's), when it is one of `images`. */
  showImage?: string | null;
}

/**
 * The product page's images: the one shown large, and a row of thumbnails to show
 * another. The thumbnails are one tab stop; arrow keys (and Home, End) move between them and
 * show the one reached, as a toolbar of toggle buttons does. One image: no thumbnails.
 */
export function ProductGallery({ images, name, sizes, showImage = null }: ProductGalleryProps) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const index = showImage ? images.indexOf(showImage) : -1;
    if (index >= 0) setShown(index);
  }, [showImage, images]);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[shown] ?? images[0] ?? '';

  function show(index: number, focus: boolean) {
    const next = (index + images.length) % images.length;
    setShown(next);
    if (focus) thumbs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: shown + 1,
      ArrowDown: shown + 1,
      ArrowLeft: shown - 1,
      ArrowUp: shown - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  }

  return (
    <div className="product-gallery">
      <div className="product-image">
        {/* The page's largest paint: fetched first, never lazily. */}
        <ResponsiveImage
          src={current}
          alt={shown === 0 ? name : `${name}, ${shown + 1} of ${images.length}`}
          sizes={sizes}
          width={640}
          height={640}
          fetchPriority="high"
        />
      </div>
      {images.length > 1 && (
        <div className="product-thumbs" role="toolbar" aria-label={`${name}: images`} onKeyDown={onKeyDown}>
          {images.map((path, index) => (
            <button
              key={path}
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              type="button"
              className="product-thumb-button"
              aria-label={`Show ${index + 1} of ${images.length}`}
              aria-pressed={index === shown}
              tabIndex={index === shown ? 0 : -1}
              onClick={() => show(index, false)}
            >
              <img src={path} alt="" width={72} height={72} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
