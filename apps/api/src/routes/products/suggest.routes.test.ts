/** GET /api/products/suggest: products and open shops as the shopper types. */
import type { SuggestResponse } from '@torget/shared/api-types.generated';
import { SUGGESTED_PRODUCTS, SUGGESTED_SHOPS } from '@torget/shared/rules/catalog-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let lampShop: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lampShop = (await createSeller(db, { seller: { name: 'Lampbutiken', logo: '/uploads/lamp.webp' } })).user.id;
  await createSeller(db, { seller: { name: 'Ljus & Lampor i Umeå' } });
  await createSeller(db, { seller: { name: 'Lampans Hörna' } });
  // A closed shop (seller status revoked) is not suggested, nor are its products.
  const closed = (await createSeller(db, { user: { isSeller: false }, seller: { name: 'Lampstängt' } })).user.id;
  await createProduct(db, closed, { name: 'Lampa från stängd butik' });
  await createProduct(db, lampShop, { name: 'Lampa utkast', isDraft: true });
  await createProduct(db, lampShop, { name: 'Lampa Klassisk', priceOre: 49_950, image: '/uploads/a.webp' });
  await createProduct(db, lampShop, { name: 'Bordslampa' });
  await createProduct(db, lampShop, { name: 'Röd lampa' });
  for (let i = 0; i < 8; i++) await createProduct(db, lampShop, { name: `Lampskärm ${i}` });
  await createProduct(db, lampShop, { name: 'Högtalare' });
  await createProduct(db, lampShop, { name: 'Hörlurar' });
});
afterAll(() => t.close());

const suggest = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, body: res.json() as SuggestResponse };
};

describe('GET /api/products/suggest', () => {
  it('answers nothing below two characters (after trimming), and without q', async () => {
    for (const q of ['', 'l', '  l  ', '   ']) expect((await suggest(q)).body).toEqual({ products: [], shops: [] });
    const res = await t.app.inject({ method: 'GET', url: '/api/products/suggest' });
    expect(res.json()).toEqual({ products: [], shops: [] });
  });

  it('refuses a query over 100 characters', async () => {
    const { status, body } = await suggest('a'.repeat(101));
    expect(status).toBe(400);
    expect((body as unknown as { message: string }).message).toContain('q');
    expect((await suggest('a'.repeat(100))).status).toBe(200);
  });

  it('suggests at most 6 listed products and 2 open shops, names beginning with the text first', async () => {
    const { status, body } = await suggest('lamp');
    expect(status).toBe(200);
    expect(body.products).toHaveLength(SUGGESTED_PRODUCTS);
    expect(body.shops).toHaveLength(SUGGESTED_SHOPS);
    const names = body.products.map((p) => p.name);
    // Ten listed names begin with "lamp"; "Röd lampa" and "Bordslampa" come after them all.
    expect(names.every((n) => n.toLowerCase().startsWith('lamp'))).toBe(true);
    expect(names).not.toContain('Lampa utkast');
    expect(names).not.toContain('Lampa från stängd butik');
    expect(body.shops.map((s) => s.name)).toEqual(['Lampans Hörna', 'Lampbutiken']);
    expect(body.shops[1]).toEqual({ _id: lampShop, name: 'Lampbutiken', logo: '/uploads/lamp.webp' });
    expect((await suggest('lampa klass')).body.products).toEqual([
      { _id: expect.any(String), name: 'Lampa Klassisk', image: '/uploads/a.webp', price: 499.5 },
    ]);
  });

  it('finds a word inside the name, inflections, compounds and typos after the names beginning with it', async () => {
    const red = (await suggest('röd')).body.products.map((p) => p.name);
    expect(red).toEqual(['Röd lampa']);
    // "lampan" (definite) finds names with the stem "lamp", "Röd lampa" among them.
    const definite = (await suggest('lampan')).body.products.map((p) => p.name);
    expect(definite).toContain('Röd lampa');
    expect(definite.every((n) => n.toLowerCase().includes('lamp'))).toBe(true);
    expect((await suggest('bordslampor')).body.products.map((p) => p.name)).toEqual(['Bordslampa']);
    // The name beginning with the text, then the one with a word beginning with it, then the rest.
    expect((await suggest('lampa')).body.products.map((p) => p.name).slice(0, 2)).toEqual([
      'Lampa Klassisk',
      'Röd lampa',
    ]);
    expect((await suggest('hörlurrar')).body.products.map((p) => p.name)).toEqual(['Hörlurar']);
    expect((await suggest('hogtal')).body.products.map((p) => p.name)).toEqual(['Högtalare']);
    // A shop by a word of its name, diacritics optional.
    expect((await suggest('umea')).body.shops.map((s) => s.name)).toEqual(['Ljus & Lampor i Umeå']);
  });

  it('treats wildcards as text', async () => {
    expect((await suggest('%%')).body).toEqual({ products: [], shops: [] });
    expect((await suggest('__')).body).toEqual({ products: [], shops: [] });
  });
});
