import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { backgroundVariant, ResponsiveImage } from './responsive-image';

const render = (src: string) =>
  renderToStaticMarkup(createElement(ResponsiveImage, { src, alt: 'Skål', sizes: '50vw', width: 320, height: 320 }));

describe('ResponsiveImage', () => {
  it('lists the stored copies with the drawn width, and reserves the size', () => {
    const html = render('/uploads/abc.webp');
    expect(html).toContain('src="/uploads/abc.webp"');
    expect(html).toContain(
      'srcSet="/uploads/abc.w320.webp 320w, /uploads/abc.w640.webp 640w, /uploads/abc.w1280.webp 1280w"',
    );
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('width="320"');
    expect(html).toContain('height="320"');
  });

  it('shows anything that is not a stored image as it is, without srcset or sizes', () => {
    const html = render('https://example.com/a.webp');
    expect(html).toContain('src="https://example.com/a.webp"');
    expect(html).not.toContain('srcSet');
    expect(html).not.toContain('sizes');
  });
});

describe('backgroundVariant', () => {
  it('picks the narrowest copy covering the drawn width at the pixel ratio, else the original', () => {
    expect(backgroundVariant('/uploads/b.webp', 390, 1)).toBe('/uploads/b.w640.webp');
    expect(backgroundVariant('/uploads/b.webp', 300, 1)).toBe('/uploads/b.w320.webp');
    expect(backgroundVariant('/uploads/b.webp', 390, 3)).toBe('/uploads/b.w1280.webp');
    expect(backgroundVariant('/uploads/b.webp', 500, 3)).toBe('/uploads/b.webp');
    expect(backgroundVariant('/uploads/b.webp', 1280, 1)).toBe('/uploads/b.w1280.webp');
    expect(backgroundVariant('/uploads/b.webp', 1366, 1)).toBe('/uploads/b.webp');
    expect(backgroundVariant('https://x.test/b.webp', 300, 1)).toBe('https://x.test/b.webp');
  });
});
