import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '#api/lib/security-headers.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('every answer', () => {
  it('carries the security headers and a CSP admitting only us, PayPal and Google Maps', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    for (const source of scriptSources) {
      expect(source).toMatch(/^('self'|https:\/\/([*\w-]+\.)*(paypal|paypalobjects|googleapis|gstatic)\.com)$/);
    }
  });

  it('carries the same security headers on a list, a refusal, an unknown path and a bad payload', async () => {
    const expected = helmetHeaders();
    // helmet's whole set, worked out once at start-up: the policy, HSTS, the opener policy…
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'cross-origin-opener-policy']),
    );
    expect(expected['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/products' }),
      t.app.inject({ method: 'GET', url: '/api/orders/mine' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      t.app.inject({ method: 'POST', url: '/api/users/signin', payload: { email: 'x' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name]).toBe(value);
    }
  });

  it('carries a request id, keeping one a load balancer sent', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-123' } });
    expect(given.headers['x-request-id']).toBe('lb-123');
  });

  it('is closed to other origins: no CORS headers, preflights not answered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
  });

  it('answers malformed JSON with 400 and a message, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});
