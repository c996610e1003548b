import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariant, parseVariantName, srcSetOf, variantNamesOf } from './images';

const UPLOAD = '/uploads/0b5f8a1e-3c2d-4e5f-9a8b-7c6d5e4f3a2b.webp';

describe('image copies', () => {
  it('names a stored image copy by its width', () => {
    expect(imageVariant(UPLOAD, 320)).toBe('/uploads/0b5f8a1e-3c2d-4e5f-9a8b-7c6d5e4f3a2b.w320.webp');
    expect(imageVariant('/uploads/demo-kokssoffa.webp', 1280)).toBe('/uploads/demo-kokssoffa.w1280.webp');
  });

  it('leaves alone what is not a stored original, and widths that are not kept', () => {
    for (const path of [
      '',
      'https://example.com/uploads/a.webp',
      '//evil.test/uploads/a.webp',
      '/uploads/a.png',
      '/uploads/a.w320.webp',
      '/uploads/../secret.webp',
      '/uploads/sub/a.webp',
      '/images/a.webp',
    ]) {
      expect(imageVariant(path, 320), path).toBe(path);
      expect(srcSetOf(path), path).toBeUndefined();
    }
    expect(imageVariant(UPLOAD, 321)).toBe(UPLOAD);
    expect(imageVariant(UPLOAD, 1600)).toBe(UPLOAD);
  });

  it('lists every copy in a srcset with its width descriptor', () => {
    expect(srcSetOf('/uploads/x.webp')).toBe(
      '/uploads/x.w320.webp 320w, /uploads/x.w640.webp 640w, /uploads/x.w1280.webp 1280w',
    );
  });

  it('reads a copy name back to its original and width, for the kept widths only', () => {
    for (const width of IMAGE_WIDTHS) {
      const name = imageVariant(UPLOAD, width).slice('/uploads/'.length);
      expect(parseVariantName(name)).toEqual({ original: UPLOAD.slice('/uploads/'.length), width });
    }
    for (const name of [
      'x.w321.webp',
      'x.w0320.webp',
      'x.w99999999.webp',
      'x.webp',
      'x.w320.w320.webp',
      '..w320.webp',
      '.w320.webp',
      'a/b.w320.webp',
      'x.w320.png',
    ]) {
      expect(parseVariantName(name), name).toBeNull();
    }
  });

  it('lists the copy file names of an original', () => {
    expect(variantNamesOf('x.webp')).toEqual([
      { name: 'x.w320.webp', width: 320 },
      { name: 'x.w640.webp', width: 640 },
      { name: 'x.w1280.webp', width: 1280 },
    ]);
    expect(variantNamesOf('x.w320.webp')).toEqual([]);
    expect(variantNamesOf('../x.webp')).toEqual([]);
  });
});
