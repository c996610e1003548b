import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import {
  CATALOGUE_CACHE_CONTROL,
  etagOf,
  matchesIfNoneMatch,
  registerHttpCaching,
  SIGNED_IN_CACHE_CONTROL,
  sendJsonText,
} from './http-caching';

describe('If-None-Match', () => {
  it('matches the tag among several, weak or strong, and *', () => {
    const etag = etagOf('body');
    expect(matchesIfNoneMatch(`"x", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe('an answer sent as JSON text (sendJsonText)', () => {
  it('carries the ETag of the text it is sent as, also when a hook before replaced it', async () => {
    const app = Fastify();
    // Runs before the caching hook (hooks run in the order they were added).
    app.addHook('onSend', async (request, _reply, payload) => (request.url === '/api/replaced' ? '{"b":2}' : payload));
    registerHttpCaching(app);
    const kept = { json: '{"a":1}' };
    const config = { httpCache: 'catalogue' } as const;
    app.get('/api/kept', { config }, (_request, reply) => sendJsonText(reply, kept));
    app.get('/api/replaced', { config }, (_request, reply) => sendJsonText(reply, kept));
    try {
      for (let i = 0; i < 2; i++) {
        const sent = await app.inject({ method: 'GET', url: '/api/kept' });
        expect([sent.body, sent.headers.etag, sent.headers['content-type']]).toEqual([
          '{"a":1}',
          etagOf('{"a":1}'),
          'application/json; charset=utf-8',
        ]);
      }
      const replaced = await app.inject({ method: 'GET', url: '/api/replaced' });
      expect([replaced.body, replaced.headers.etag]).toEqual(['{"b":2}', etagOf('{"b":2}')]);
      const matched = await app.inject({
        method: 'GET',
        url: '/api/kept',
        headers: { 'if-none-match': etagOf('{"a":1}') },
      });
      expect(matched.statusCode).toBe(304);
    } finally {
      await app.close();
    }
  });
});

describe('ETag and Cache-Control on API answers', () => {
  let t: TestApp;
  let productId: string;
  let sellerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await createSeller(t.database.db);
    productId = (await createProduct(t.database.db, user.id, { name: 'Kanna', category: 'Kök' })).id;
    sellerToken = (await signInAs(t.app, user.email)).token;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    '/api/products',
    '/api/products?category=K%C3%B6k&pageNumber=1',
    '/api/products/categories',
    '/api/users/top-sellers',
  ])('%s: public, short-lived, and 304 when the ETag still matches', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    expect(etag).toBe(etagOf(first.body));
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('a product page gets a new ETag once the product changes', async () => {
    const url = `/api/products/${productId}`;
    const before = await get(url);
    expect(before.headers['cache-control']).toBe(CATALOGUE_CACHE_CONTROL);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(sellerToken),
      payload: { name: 'Kanna, ny', price: 99, category: 'Kök', countInStock: 2 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers['cache-control']).toBe('no-store');
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ name: 'Kanna, ny' });
  });

  it('is private for a caller with credentials, and no-store for anyone’s own answers and errors', async () => {
    const signedIn = await get(`/api/products/${productId}`, bearer(sellerToken));
    expect(signedIn.headers['cache-control']).toBe(SIGNED_IN_CACHE_CONTROL);
    expect(signedIn.headers.vary).toContain('Authorization');
    const own = await get('/api/orders/mine', bearer(sellerToken));
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.etag).toBeUndefined();
    const missing = await get('/api/products/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
