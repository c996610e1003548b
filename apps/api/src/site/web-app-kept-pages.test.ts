/**
 * Pages of the marketplace's own host kept as sent (web-app.ts): what is kept, what is not, and
 * that a kept page is byte for byte the page it was, compressed or not.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Site } from '@torget/shared/rules/hosts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerResponseCompression } from '#api/lib/response-compression.ts';
import { KEPT_PAGES, type PageDescriber, registerWebApp, type WebApp } from './web-app';

// Long enough to be compressed (COMPRESS_MIN_BYTES).
const INDEX = `<!doctype html><html lang="en"><head><title>Torget</title></head><body>${'<p>Torget</p>'.repeat(200)}</body></html>`;
const webDist = mkdtempSync(join(tmpdir(), 'torget-kept-web-'));
const SHOP: Site = {
  kind: 'shop',
  seller: { _id: 's1', name: 'Annas Ateljé', logo: '', description: '', rating: 0, numReviews: 0 } as never,
};

let app: FastifyInstance;
/** The paths the describer was asked for, in order. */
let described: string[] = [];
/** What the describer says of the next pages: the tags carry `version`, so a fresh description shows. */
let version = 1;
let readsRows = false;
let failing = false;

const describePage: PageDescriber = async (request, _site, pathname) => {
  described.push(pathname);
  if (failing) throw new Error('no tags today');
  const head = `<title>${pathname} v${version} ${request.protocol}</title>`;
  return { status: pathname.startsWith('/nope') ? 404 : 200, head, readNothing: !readsRows };
};

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  // Behind a proxy, as in production: X-Forwarded-Proto gives the request's scheme.
  app = Fastify({ trustProxy: true });
  registerResponseCompression(app);
  const web = (await registerWebApp(
    app,
    webDist,
    {
      mainHosts: ['torget.test', 'localhost'],
      resolve: async (host) => (host.startsWith('shop.test') ? SHOP : { kind: 'marketplace' }),
    },
    describePage,
  )) as WebApp;
  app.setNotFoundHandler((request, reply) => web.sendPage(request, reply));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(webDist, { recursive: true, force: true });
});
beforeEach(() => {
  described = [];
  readsRows = false;
  failing = false;
  version += 1;
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'torget.test', ...headers } });

describe('pages of the marketplace kept as sent', () => {
  it('describes a page that read no row once, and sends the same bytes again', async () => {
    const first = await get('/categories');
    version += 1; // a fresh description would now differ
    const again = await get('/categories?sort=name');
    expect(described).toEqual(['/categories']);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers.vary).toBe(first.headers.vary);
  });

  it('keeps a 404 with its status', async () => {
    expect((await get('/nope/1')).statusCode).toBe(404);
    expect((await get('/nope/1')).statusCode).toBe(404);
    expect(described).toEqual(['/nope/1']);
  });

  it('keeps apart what a page is made of: language, scheme, host and path', async () => {
    const plain = await get('/about');
    const swedish = await get('/about', { cookie: 'torget_lang=sv' });
    const otherHost = await get('/about', { host: 'localhost:3000' });
    const https = await get('/about', { 'x-forwarded-proto': 'https' });
    const otherPath = await get('/privacy');
    expect(described).toEqual(['/about', '/about', '/about', '/about', '/privacy']);
    expect(https.body).toContain('/about v');
    expect(https.body).toContain(' https</title>');
    expect(plain.body).toContain(' http</title>');
    expect(otherPath.body).toContain('<title>/privacy v');
    expect(plain.body).toMatch(/<html lang="en">/);
    expect(swedish.body).toMatch(/<html lang="sv">/);
    expect(otherHost.body).toContain('"host":"localhost"');
    expect(plain.body).toContain('"host":"torget.test"');
    // The kept Swedish page is still Swedish, the English one English.
    expect((await get('/about', { cookie: 'torget_lang=sv' })).body).toBe(swedish.body);
    expect((await get('/about')).body).toBe(plain.body);
    // A Swedish browser's first visit is the Swedish page; its stored English choice, the English.
    expect((await get('/about', { 'accept-language': 'sv-SE' })).body).toBe(swedish.body);
    expect((await get('/about', { 'accept-language': 'sv-SE', cookie: 'torget_lang=en' })).body).toBe(plain.body);
    expect((await get('/about', { 'x-forwarded-proto': 'https' })).body).toBe(https.body);
    expect(described).toHaveLength(5);
  });

  it('does not keep a page that read rows, a seller domain’s page, or one whose tags failed', async () => {
    readsRows = true;
    await get('/product/p1');
    await get('/product/p1');
    readsRows = false;
    await get('/', { host: 'shop.test' });
    await get('/', { host: 'shop.test' });
    failing = true;
    await get('/shipping');
    failing = false;
    const after = await get('/shipping');
    expect(described).toEqual(['/product/p1', '/product/p1', '/', '/', '/shipping', '/shipping']);
    expect(after.body).toContain(`/shipping v${version}`);
  });

  it('sends a kept page compressed, the same bytes as the plain page', async () => {
    const plain = (await get('/payment')).body;
    const br1 = await get('/payment', { 'accept-encoding': 'br' });
    const br2 = await get('/payment', { 'accept-encoding': 'br' });
    const gzip = await get('/payment', { 'accept-encoding': 'gzip' });
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(brotliDecompressSync(br2.rawPayload).toString()).toBe(plain);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(br2.headers.vary).toMatch(/Accept-Encoding/);
    expect(described).toEqual(['/payment']);
  });

  it(`keeps at most ${KEPT_PAGES} pages, the oldest going first`, async () => {
    await get('/search/category/first');
    for (let i = 0; i < KEPT_PAGES; i++) await get(`/search/category/c${i}`);
    described = [];
    await get(`/search/category/c${KEPT_PAGES - 1}`);
    expect(described).toEqual([]);
    await get('/search/category/first');
    expect(described).toEqual(['/search/category/first']);
  });
});
