/**
 * A seller's domain is that seller's shop, as the server serves pages through
 * app.inject with a Host header: admin screens and another seller's products go to the
 * marketplace's main host with a 302; the shop's own pages stay; the marketplace is unaffected.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PAGE_PATTERNS } from '@torget/shared/rules/page-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const INDEX = '<!doctype html><html><head><title>Torget</title></head><body><div id="root"></div></body></html>';
const webDist = mkdtempSync(join(tmpdir(), 'torget-domain-web-'));
let t: TestApp;
let annaProduct: string;
let otherProduct: string;

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ webDist, mainHosts: ['torget.test', 'localhost', '127.0.0.1'] });
  const anna = (await createSeller(t.database.db, { seller: { domain: 'shop-anna.test', name: 'Annas Ateljé' } })).user;
  const other = (await createSeller(t.database.db, { seller: { name: 'Bosses Bod' } })).user;
  annaProduct = (await createProduct(t.database.db, anna.id, { name: 'Linneskjorta' })).id;
  otherProduct = (await createProduct(t.database.db, other.id, { name: 'Hammare' })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

/** A path of each admin pattern, its parameters filled in. */
const ADMIN_PATHS = ADMIN_PAGE_PATTERNS.map((pattern) => pattern.replace(/:\w+/g, '7'));

describe('admin screens on a seller’s domain', () => {
  it('go to the same path and query on the marketplace’s first main host, keeping scheme and port', async () => {
    expect(ADMIN_PATHS).toContain('/admin_menu');
    expect(ADMIN_PATHS).toContain('/user/7/edit');
    for (const path of ADMIN_PATHS) {
      const page = await get('shop-anna.test:3000', `${path}?keyword=a`);
      expect(page.statusCode, path).toBe(302);
      expect(page.headers.location, path).toBe(`http://torget.test:3000${path}?keyword=a`);
    }
  });

  it('go there from a domain no shop owns as well', async () => {
    const page = await get('nobody.test', '/userlist');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('http://torget.test/userlist');
  });

  it('stay on the marketplace, where the app itself guards them', async () => {
    for (const host of ['torget.test', 'localhost:3000']) {
      const page = await get(host, '/admin_menu');
      expect(page.statusCode, host).toBe(200);
      expect(page.body).toContain('id="root"');
    }
  });

  it('are only the admin’s: the seller’s own screens are served on the domain', async () => {
    for (const path of [
      '/productlist/seller',
      '/orderlist/seller',
      `/product/${annaProduct}/edit/seller`,
      '/my_shop_menu',
    ]) {
      const page = await get('shop-anna.test', path);
      expect(page.statusCode, path).toBe(200);
    }
  });
});

describe('products on a seller’s domain', () => {
  it('the shop’s own product is served there, with its tags', async () => {
    const page = await get('shop-anna.test', `/product/${annaProduct}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Linneskjorta');
    expect(page.body).toContain('id="torget-site"');
  });

  it('another seller’s product goes to the same path on the main host', async () => {
    const page = await get('shop-anna.test:3000', `/product/${otherProduct}?qty=2`);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`http://torget.test:3000/product/${otherProduct}?qty=2`);
    expect(page.body).not.toContain('Hammare');
  });

  it('any product on a domain no shop owns goes to the main host', async () => {
    const page = await get('nobody.test', `/product/${annaProduct}`);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`http://torget.test/product/${annaProduct}`);
  });

  it('an unknown product is still a 404 there, not a redirect', async () => {
    const page = await get('shop-anna.test', '/product/00000000-0000-4000-8000-000000000000');
    expect(page.statusCode).toBe(404);
  });

  it('on the marketplace every seller’s product is served', async () => {
    for (const id of [annaProduct, otherProduct]) {
      const page = await get('torget.test', `/product/${id}`);
      expect(page.statusCode, id).toBe(200);
    }
  });
});
