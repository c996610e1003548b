/** The server's list of SPA routes against the router's source, and which pages are described. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describedPage, isKnownPage, SPA_ROUTE_PATTERNS } from './page-routes';

const ROUTER = readFileSync(new URL('../../../web/src/app/router.tsx', import.meta.url), 'utf8');

/** Every `path` of a <Route> in the router, with `path={CONST}` resolved from its declaration. */
function routerPaths(): string[] {
  const literal = [...ROUTER.matchAll(/<Route[^>]*\bpath="([^"]+)"/g)].map((m) => m[1] ?? '');
  const byConstant = [...ROUTER.matchAll(/<Route[^>]*\bpath=\{(\w+)\}/g)].map((m) => {
    const declaration = new RegExp(`const ${m[1]} =\\s*'([^']+)'`).exec(ROUTER);
    if (!declaration?.[1]) throw new Error(`no declaration of ${m[1]}`);
    return declaration[1];
  });
  return [...literal, ...byConstant].filter((path) => path !== '*');
}

describe('SPA_ROUTE_PATTERNS', () => {
  it('holds every route of the web app’s router, and nothing it lacks', () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(30);
    // The index route is '/'.
    expect(new Set(SPA_ROUTE_PATTERNS)).toEqual(new Set(['/', ...paths]));
  });
});

describe('isKnownPage', () => {
  it('knows the spec’s pages, with optional parameters and one trailing slash', () => {
    for (const path of [
      '/',
      '/cart',
      '/cart/abc',
      '/cart/abc/3',
      '/product/abc/',
      '/search/name',
      '/search/name/lampa',
      '/search/category/all/name/all/min/0/max/0/rating/0/order/newest/pageNumber/2',
      '/seller/x/pageNumber/2',
      '/product/x/edit/seller',
      '/reset_password/token',
    ]) {
      expect(isKnownPage(path), path).toBe(true);
    }
  });

  it('does not know anything else', () => {
    for (const path of ['/nope', '/product', '/product/a/b', '/cart/a/1/2', '/categories/x', '//', '/admin_menu/x']) {
      expect(isKnownPage(path), path).toBe(false);
    }
  });
});

describe('describedPage', () => {
  it('tells the described pages apart, decoding their parameter', () => {
    expect(describedPage('/')).toEqual({ kind: 'home' });
    expect(describedPage('/categories')).toEqual({ kind: 'categories' });
    expect(describedPage('/search/category/K%C3%B6k')).toEqual({ kind: 'category', category: 'Kök' });
    expect(describedPage('/product/p1')).toEqual({ kind: 'product', id: 'p1' });
    expect(describedPage('/seller/s1/pageNumber/2')).toEqual({ kind: 'seller', id: 's1' });
  });

  it('leaves other pages alone, and gives a malformed id no row can have', () => {
    expect(describedPage('/search/category/all')).toBeNull();
    expect(describedPage('/cart')).toBeNull();
    expect(describedPage('/product/x/edit')).toBeNull();
    expect(describedPage('/product/%E0%A4%A')).toEqual({ kind: 'product', id: '' });
  });
});
