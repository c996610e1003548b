/** GET /metrics: off by default, behind its token when one is set, and what a Prometheus scrape reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, product, shop } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const TOKEN = 'metrics-token-long-enough';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text format's samples (`name{a="b",…} value`); comments and blank lines skipped. */
function parse(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    if (line === '' || line.startsWith('#')) return [];
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    return [{ name: match[1] ?? '', labels, value: Number(match[3]) }];
  });
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, wanted]) => s.labels[key] === wanted),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metrics: { token: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return parse(res.body);
  };

  it('is not served unless METRICS=on', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 90_000);

  it('asks for the token when one is set', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with their durations', async () => {
    const { user } = await createSeller(t.database.db);
    const bowl = await createProduct(t.database.db, user.id, { name: 'Mätbar skål' });
    const before = await scrape();
    const route = { method: 'GET', route: '/api/products/:id', status: '200' };
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: `/api/products/${bowl.id}` })).statusCode).toBe(200);
    await t.app.inject({ url: '/api/no-such-thing' });
    const after = await scrape();
    expect(value(after, 'torget_http_requests_total', route) - value(before, 'torget_http_requests_total', route)).toBe(
      3,
    );
    expect(
      value(after, 'torget_http_request_duration_seconds_count', route) -
        value(before, 'torget_http_request_duration_seconds_count', route),
    ).toBe(3);
    // The pattern, never the raw URL: no label carries the product's id.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(bowl.id)))).toBe(false);
    expect(value(after, 'torget_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
  });

  it('shows the read cache hits and misses, orders placed and event-loop delay', async () => {
    const before = await scrape();
    await t.app.inject({ url: '/api/products/categories' });
    await t.app.inject({ url: '/api/products/categories' });
    const buyer = await customer(t);
    const seller = await shop(t);
    const item = await product(t, seller.id, { countInStock: 5 });
    await placeOrder(t, buyer, [{ product: item.id, qty: 1 }]);
    const after = await scrape();
    const grew = (name: string) => value(after, name) - value(before, name);
    expect(grew('torget_read_cache_hits_total')).toBeGreaterThan(0);
    expect(grew('torget_read_cache_misses_total')).toBeGreaterThan(0);
    expect(grew('torget_orders_placed_total')).toBe(1);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
