/** The server names the chunks of the screen a page shows (route-chunks.ts), from the build's manifest. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUTE_SCREENS, routeChunks, SHOP_LAYOUT_MODULE } from './route-chunks';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function distWith(manifest: object | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'torget-chunks-'));
  dirs.push(dir);
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: [] },
  'src/features/catalog/pages/product-page.tsx': {
    file: 'assets/product-page-B.js',
    isDynamicEntry: true,
    imports: ['index.html', '_get-product-C.js', '_rich-text-D.js'],
    css: ['assets/product-page-E.css'],
  },
  '_get-product-C.js': { file: 'assets/get-product-C.js', imports: ['index.html', '_rich-text-D.js'] },
  '_rich-text-D.js': { file: 'assets/rich-text-D.js' },
  'src/features/sellers/pages/storefront-page.tsx': { file: 'assets/storefront-page-F.js', imports: ['index.html'] },
  'src/locales/sv.ts': { file: 'assets/sv-G.js', isDynamicEntry: true },
  'src/app/layout/shop-layout.tsx': { file: 'assets/shop-layout-H.js', imports: ['index.html', '_rich-text-D.js'] },
};

describe('route chunks', () => {
  it("preloads a product page's screen and what it imports, once each, never the entry", () => {
    const tags = routeChunks(distWith(MANIFEST)).preloadTags('/product/abc', false);
    expect(tags).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/product-page-B.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/product-page-E.css">',
        '<link rel="modulepreload" crossorigin href="/assets/get-product-C.js">',
        '<link rel="modulepreload" crossorigin href="/assets/rich-text-D.js">',
      ].join(''),
    );
    expect(tags).not.toContain('index-A.js');
  });

  it("preloads the storefront on a seller's own domain home and on /seller/{id}, nothing on the marketplace home", () => {
    const chunks = routeChunks(distWith(MANIFEST));
    const storefront = '<link rel="modulepreload" crossorigin href="/assets/storefront-page-F.js">';
    const shopFrame =
      '<link rel="modulepreload" crossorigin href="/assets/shop-layout-H.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/rich-text-D.js">';
    expect(chunks.preloadTags('/', true)).toBe(shopFrame + storefront);
    expect(chunks.preloadTags('/seller/abc', false)).toBe(storefront);
    expect(chunks.preloadTags('/', false)).toBe('');
    expect(chunks.preloadTags('/cart', false)).toBe('');
  });

  it('preloads the Swedish catalogue of a Svenska page, nothing for English', () => {
    const chunks = routeChunks(distWith(MANIFEST));
    expect(chunks.languageTags('sv')).toBe('<link rel="modulepreload" crossorigin href="/assets/sv-G.js">');
    expect(chunks.languageTags('en')).toBe('');
    expect(routeChunks(distWith(null)).languageTags('sv')).toBe('');
  });

  it('names the Swedish catalogue the web app imports', () => {
    const web = join(import.meta.dirname, '../../../web');
    expect(readFileSync(join(web, 'src/lib/i18n.ts'), 'utf8')).toContain("import('#web/locales/sv.ts')");
  });

  it("preloads the shop's frame on every page of a seller's own domain, once, with the page's screen", () => {
    const chunks = routeChunks(distWith(MANIFEST));
    const tags = chunks.preloadTags('/product/abc', true);
    expect(tags.startsWith('<link rel="modulepreload" crossorigin href="/assets/shop-layout-H.js">')).toBe(true);
    expect(tags).toContain('product-page-B.js');
    expect(tags.match(/rich-text-D\.js/g)).toHaveLength(1);
    expect(chunks.preloadTags('/cart', true)).toContain('shop-layout-H.js');
    expect(chunks.preloadTags('/cart', false)).toBe('');
  });

  it('names the shop layout the web app loads as a chunk of its own', () => {
    const web = join(import.meta.dirname, '../../../web');
    expect(() => readFileSync(join(web, SHOP_LAYOUT_MODULE))).not.toThrow();
    // The site layout imports it lazily (a dynamic import of that module), not with the entry.
    const siteLayout = readFileSync(join(web, 'src/app/layout/site-layout.tsx'), 'utf8');
    expect(siteLayout).toMatch(/\bimport\(\s*'\.\/shop-layout'\s*\)/);
    expect(siteLayout).not.toMatch(/^import .* from '\.\/shop-layout';/m);
  });

  it('preloads nothing without a manifest (tests, the development server)', () => {
    expect(routeChunks(distWith(null)).preloadTags('/product/abc', false)).toBe('');
  });

  it("names modules that exist in the web app's sources and that the router loads", () => {
    const web = join(import.meta.dirname, '../../../web');
    const router = readFileSync(join(web, 'src/app/router.tsx'), 'utf8');
    for (const { module } of ROUTE_SCREENS) {
      expect(() => readFileSync(join(web, module))).not.toThrow();
      expect(router).toContain(`#web/${module.replace(/^src\//, '')}`);
    }
  });
});
