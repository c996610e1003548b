/**
 * Pages, robots.txt and sitemaps as a crawler or a link preview reads them: plain HTTP through
 * app.inject, no browser, over a stand-in for the built index.html.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT_PAGE_IMAGE_SIZES, srcSetOf } from '@torget/shared/rules/images';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { describePage, metaContext } from './describe-page';
import { pageIds, pageStarts } from './sitemaps.service';

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Default" /><title>Torget</title></head><body><div id="root"></div></body></html>';
const HOSTILE = `</script><script>alert(1)</script> "quoted" & 'single'`;
const webDist = mkdtempSync(join(tmpdir(), 'torget-seo-web-'));
let t: TestApp;
let anna: string;
let bo: string;
let annaProduct: string;
let boProduct: string;
let hostileProduct: string;
let revokedProduct: string;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ webDist, mainHosts: ['torget.test', 'localhost', '127.0.0.1'] });
  const db = t.database.db;
  anna = (
    await createSeller(db, {
      seller: {
        domain: 'shop-anna.test',
        name: 'Annas Ateljé',
        subtitle: 'Handgjort i Umeå',
        logo: '/uploads/anna-logo.webp',
        hasLogo: true,
        city: 'Umeå',
        address: 'Storgatan 1',
        postNumber: '903 26',
        rating: 4.5,
        numReviews: 2,
      },
    })
  ).user.id;
  bo = (await createSeller(db, { seller: { name: 'Bos Bod' } })).user.id;
  annaProduct = (
    await createProduct(db, anna, {
      name: 'Keramikskål',
      description: 'En skål i stengods.',
      priceOre: 24_950,
      image: '/uploads/skal.webp',
      category: 'Kök',
      countInStock: 3,
      rating: 4.5,
      numReviews: 2,
    })
  ).id;
  boProduct = (await createProduct(db, bo, { name: 'Lampa', countInStock: 0, image: 'https://cdn.test/l.jpg' })).id;
  hostileProduct = (await createProduct(db, bo, { name: HOSTILE, description: HOSTILE })).id;
  const revoked = (await createSeller(db, { seller: { name: 'Stängd' } })).user.id;
  revokedProduct = (await createProduct(db, revoked, { name: 'Borta' })).id;
  await db.update(users).set({ isSeller: false }).where(eq(users.id, revoked));
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

// app.inject speaks plain http: every link the server builds takes the request's scheme.
const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

/** The JSON-LD objects of a page, by @type. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}
const ofType = (html: string, type: string) => jsonLd(html).find((data) => data['@type'] === type);

/** A tag's content attribute, unescaped as a parser would. */
function meta(html: string, attribute: string, name: string): string | undefined {
  const value = new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];
  return value
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

// The schema.org shapes the tags rely on (https://schema.org/Product, /Offer, /Store, …).
const absoluteUrl = z.string().regex(/^https?:\/\/[^/]+\//);
const aggregateRating = z.object({
  '@type': z.literal('AggregateRating'),
  ratingValue: z.number().min(1).max(5),
  reviewCount: z.number().int().positive(),
  bestRating: z.literal(5),
  worstRating: z.literal(1),
});
const productShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  description: z.string(),
  url: absoluteUrl,
  image: z.array(absoluteUrl).min(1).optional(),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: absoluteUrl,
    price: z.string().regex(/^\d+\.\d{2}$/),
    priceCurrency: z.literal('SEK'),
    availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
  }),
  aggregateRating: aggregateRating.optional(),
});
const storeShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Store'),
  name: z.string().min(1),
  url: absoluteUrl,
  image: absoluteUrl.optional(),
  address: z
    .object({ '@type': z.literal('PostalAddress'), addressLocality: z.string(), addressCountry: z.literal('SE') })
    .optional(),
  aggregateRating: aggregateRating.optional(),
});
const breadcrumbShape = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int().positive(),
        name: z.string(),
        item: absoluteUrl,
      }),
    )
    .min(1),
});

describe('a product page', () => {
  it('carries its title, description, canonical URL, preview tags and Product JSON-LD', async () => {
    const page = await get('torget.test', `/product/${boProduct}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<title>Lampa | Torget</title>');
    // The defaults are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('content="Default"');
    expect(canonicalOf(html)).toBe(`http://torget.test/product/${boProduct}`);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:image')).toBe('https://cdn.test/l.jpg');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const product = productShape.parse(ofType(html, 'Product'));
    expect(product.offers).toMatchObject({ price: '100.00', availability: 'https://schema.org/OutOfStock' });
    // No reviews: no rating to claim.
    expect(product.aggregateRating).toBeUndefined();
    const trail = breadcrumbShape.parse(ofType(html, 'BreadcrumbList'));
    expect(trail.itemListElement.map((item) => item.name)).toEqual(['Torget', 'Test', 'Lampa']);
  });

  it('is canonical on the seller’s own domain, with its rating, stock and absolute picture', async () => {
    // Asked for on a main host with a port: the public origin's scheme and port (none) count.
    const html = (await get('localhost:3000', `/product/${annaProduct}`)).body;
    expect(canonicalOf(html)).toBe(`http://shop-anna.test/product/${annaProduct}`);
    expect(meta(html, 'property', 'og:image')).toBe('http://torget.test/uploads/skal.webp');
    const product = productShape.parse(ofType(html, 'Product'));
    expect(product).toMatchObject({
      name: 'Keramikskål',
      image: ['http://torget.test/uploads/skal.webp'],
      offers: { price: '249.50', priceCurrency: 'SEK', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    // The main image is preloaded from the HTML, as the page will draw it (one of its copies).
    const preload = /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)"/.exec(
      html,
    );
    expect(preload?.[1]).toBe('/uploads/skal.webp');
    expect(preload?.[2]).toBe(srcSetOf('/uploads/skal.webp'));
    expect(preload?.[3]).toBe(PRODUCT_PAGE_IMAGE_SIZES);
  });

  it('reads one statement, and never the reviews', async () => {
    const before = t.database.statementCount();
    await get('torget.test', `/product/${annaProduct}`);
    expect(t.database.statementCount() - before).toBe(1);
  });

  it('escapes a hostile product name in every tag and in the JSON-LD', async () => {
    const html = (await get('torget.test', `/product/${hostileProduct}`)).body;
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toContain('<script>alert(1)');
    // Every element opened is closed once: the name closes none of them.
    expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
    expect(meta(html, 'property', 'og:title')).toBe(`${HOSTILE} | Torget`);
    expect(productShape.parse(ofType(html, 'Product')).name).toBe(HOSTILE);
  });
});

describe('a shop page', () => {
  it('describes the shop as a Store, canonical on its own domain', async () => {
    for (const [host, url] of [
      ['torget.test', `/seller/${anna}`],
      ['shop-anna.test', '/'],
      ['shop-anna.test', `/seller/${anna}`],
    ] as const) {
      const page = await get(host, url);
      expect(page.statusCode, url).toBe(200);
      expect(canonicalOf(page.body)).toBe('http://shop-anna.test/');
      expect(page.body).toContain('<title>Annas Ateljé</title>');
      expect(meta(page.body, 'name', 'description')).toBe('Handgjort i Umeå');
      expect(meta(page.body, 'property', 'og:image')).toBe('http://torget.test/uploads/anna-logo.webp');
      const store = storeShape.parse(ofType(page.body, 'Store'));
      expect(store).toMatchObject({
        name: 'Annas Ateljé',
        address: { addressLocality: 'Umeå' },
        aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      });
      breadcrumbShape.parse(ofType(page.body, 'BreadcrumbList'));
    }
  });

  it('on the marketplace for a shop without a domain, with no extra read on its own domain', async () => {
    const html = (await get('torget.test', `/seller/${bo}`)).body;
    expect(canonicalOf(html)).toBe(`http://torget.test/seller/${bo}`);
    expect(html).toContain('<title>Bos Bod | Torget</title>');
    expect(storeShape.parse(ofType(html, 'Store')).aggregateRating).toBeUndefined();
    const before = t.database.statementCount();
    await get('shop-anna.test', '/');
    // The host's lookup alone: the shop is described from it.
    expect(t.database.statementCount() - before).toBe(1);
  });
});

describe('other described pages', () => {
  it('the home, the categories and a category', async () => {
    const home = (await get('torget.test', '/')).body;
    expect(canonicalOf(home)).toBe('http://torget.test/');
    expect(ofType(home, 'WebSite')).toMatchObject({ name: 'Torget', url: 'http://torget.test/' });
    const categories = (await get('torget.test', '/categories')).body;
    expect(canonicalOf(categories)).toBe('http://torget.test/categories');
    const category = (await get('torget.test', '/search/category/K%C3%B6k')).body;
    expect(canonicalOf(category)).toBe('http://torget.test/search/category/K%C3%B6k');
    expect(category).toContain('<title>Kök | Torget</title>');
    const trail = breadcrumbShape.parse(ofType(category, 'BreadcrumbList'));
    expect(trail.itemListElement.at(-1)).toMatchObject({ position: 3, name: 'Kök' });
  });

  it('take no port or scheme from the Host header of a main host: the public origin is configured', async () => {
    const home = (await get('localhost:31337', '/')).body;
    expect(canonicalOf(home)).toBe('http://torget.test/');
    expect(ofType(home, 'WebSite')).toMatchObject({ url: 'http://torget.test/' });
    const product = (await get('torget.test:31337', `/product/${boProduct}`)).body;
    expect(canonicalOf(product)).toBe(`http://torget.test/product/${boProduct}`);
    expect((await get('localhost:31337', '/robots.txt')).body).toContain('Sitemap: http://torget.test/sitemap.xml');
    const sitemaps = locs((await get('localhost:31337', '/sitemap.xml')).body);
    expect(sitemaps[0]).toBe('http://torget.test/sitemaps/products-1.xml');
  });

  it('says which descriptions read no row, so the marketplace may keep their pages', async () => {
    const marketplace = { kind: 'marketplace' } as const;
    const ctx = metaContext({ protocol: 'http', host: 'torget.test' }, 'http://torget.test', marketplace);
    const readNothing = async (path: string) => {
      const page = await describePage(t.database.db, path, marketplace, ctx);
      return page.status === 302 ? null : page.readNothing;
    };
    for (const path of ['/', '/categories', '/search/category/K%C3%B6k', '/cart', '/no/such/page'])
      expect(await readNothing(path), path).toBe(true);
    for (const path of [`/product/${annaProduct}`, '/product/nope', `/seller/${anna}`])
      expect(await readNothing(path), path).toBe(false);
  });

  it('leaves pages with nothing to describe as they are', async () => {
    const page = await get('torget.test', '/cart');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Torget</title>');
    expect(page.body).not.toContain('canonical');
  });
});

describe('not found', () => {
  it('answers 404 with the SPA for an unknown route, product or seller', async () => {
    for (const url of [
      '/no-such-page',
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/not-an-id',
      '/seller/00000000-0000-4000-8000-000000000000',
      `/seller/${annaProduct}`,
    ]) {
      const page = await get('torget.test', url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body).toContain('id="torget-site"');
    }
  });

  it('keeps API paths answering JSON 404s', async () => {
    const answer = await get('torget.test', '/api/nothing');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/json/);
  });
});

describe('robots.txt', () => {
  it('is plain text that keeps crawlers out of private screens and names the sitemap', async () => {
    const answer = await get('torget.test', '/robots.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/cart',
      '/shipping',
      '/payment',
      '/placeorder',
      '/profile',
      '/admin_menu',
      '/productlist',
      '/my_shop_menu',
      '/orderlist',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /product/');
    expect(lines).toContain('Sitemap: http://torget.test/sitemap.xml');
  });

  it('names the shop’s own sitemap on its domain, and shuts out a domain no shop owns', async () => {
    expect((await get('shop-anna.test', '/robots.txt')).body).toContain('Sitemap: http://shop-anna.test/sitemap.xml');
    expect((await get('nobody.test', '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
  });
});

/** The <loc> values of a sitemap or sitemap index. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemaps', () => {
  it('the index names product and shop sitemaps; a product sitemap lists products on sale', async () => {
    const index = await get('torget.test', '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
    );
    expect(index.body.trimEnd().endsWith('</sitemapindex>')).toBe(true);
    expect(locs(index.body)).toEqual([
      'http://torget.test/sitemaps/products-1.xml',
      'http://torget.test/sitemaps/shops-1.xml',
    ]);

    const products = await get('torget.test', '/sitemaps/products-1.xml');
    expect(products.statusCode).toBe(200);
    expect(products.body).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = locs(products.body);
    expect(new Set(urls)).toEqual(
      new Set([annaProduct, boProduct, hostileProduct].map((id) => `http://torget.test/product/${id}`)),
    );
    expect(urls.join()).not.toContain(revokedProduct);

    const shops = locs((await get('torget.test', '/sitemaps/shops-1.xml')).body);
    expect(new Set(shops)).toEqual(new Set([anna, bo].map((id) => `http://torget.test/seller/${id}`)));
  });

  it('answers 404 for a page past the end or a name it does not know', async () => {
    for (const url of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/other-1.xml']) {
      expect((await get('torget.test', url)).statusCode, url).toBe(404);
    }
    expect((await get('shop-anna.test', '/sitemaps/products-1.xml')).statusCode).toBe(404);
    expect((await get('nobody.test', '/sitemap.xml')).statusCode).toBe(404);
  });

  it('a seller’s domain has one sitemap of its own pages, with its own host', async () => {
    const xml = (await get('shop-anna.test', '/sitemap.xml')).body;
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toEqual(['http://shop-anna.test/', `http://shop-anna.test/product/${annaProduct}`]);
  });

  it('pages by key: every product on sale once, in pages of at most the page size', async () => {
    const db = t.database.db;
    for (let i = 0; i < 4; i++) await createProduct(db, bo, { name: `Extra ${i}` });
    const starts = await pageStarts(db, 'products', 2);
    expect(starts).toHaveLength(4); // 7 products on sale, 2 per page
    const pages = await Promise.all(starts.map((start, i) => pageIds(db, 'products', start, starts[i + 1], 2)));
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(2);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    expect(all).not.toContain(revokedProduct);
  });
});
