import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ googleApiKey: 'maps-key-123' });
});
afterAll(() => t.close());

describe('GET /api/config/*', () => {
  it('answers the PayPal client id as a plain value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/paypal' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('test-client-id');
  });

  it('answers the Maps key as a plain value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/google' });
    expect(res.body).toBe('maps-key-123');
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/products/x/y'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toContain('Not found');
    }
  });
});
