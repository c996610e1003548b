/**
 * GET /api/products/facets: the counts beside each sidebar entry, checked against a
 * brute-force count of a seeded catalogue for many filter combinations, and the cap.
 */
import type { ProductFacets, ProductListResponse } from '@torget/shared/api-types.generated';
import { COUNT_CAP, PRICE_PRESET_RANGES, RATING_PRESETS } from '@torget/shared/rules/catalog-query';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;

/** What the test knows of each product it wrote. */
interface Known {
  id: string;
  name: string;
  category: string;
  price: number;
  rating: number;
  sellerId: string;
  listed: boolean;
}
const known: Known[] = [];

const CATEGORIES = ['Kläder', 'Hem', 'Sport'];
const NAMES = ['Röd mössa', 'Blå lampa', 'Bordslampa', 'Ullvante', 'Fotboll', 'Lampskärm i linne'];
const PRICES = [0.5, 1, 5, 10, 50, 100, 150, 999, 1000, 2500];
const RATINGS = [0, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5];

let sellerA: string;
let sellerB: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  sellerA = (await createSeller(db, { seller: { name: 'Annas Ateljé' } })).user.id;
  sellerB = (await createSeller(db, { seller: { name: 'Bos Butik' } })).user.id;
  const revoked = (await createSeller(db, { user: { isSeller: false } })).user.id;
  for (let i = 0; i < 60; i++) {
    const product = {
      name: `${NAMES[i % NAMES.length]} ${i}`,
      category: CATEGORIES[i % CATEGORIES.length] ?? '',
      price: PRICES[(i * 7) % PRICES.length] ?? 0,
      rating: RATINGS[(i * 5) % RATINGS.length] ?? 0,
      sellerId: i % 10 === 9 ? revoked : i % 3 === 0 ? sellerB : sellerA,
      isDraft: i % 11 === 5,
    };
    const { id } = await createProduct(db, product.sellerId, {
      name: product.name,
      category: product.category,
      priceOre: Math.round(product.price * 100),
      rating: product.rating,
      isDraft: product.isDraft,
    });
    known.push({ ...product, id, listed: product.sellerId !== revoked && !product.isDraft });
  }
});
afterAll(() => t.close());

const facets = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/facets${query}` });
  expect(res.statusCode, query).toBe(200);
  return res.json() as ProductFacets;
};

interface Filters {
  name?: string;
  category?: string;
  seller?: string;
  min?: number;
  max?: number;
  rating?: number;
}

/** The ids the search finds for a name (its own matching rules: stems, compounds, typos). */
async function nameMatchIds(name: string): Promise<Set<string>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?pageSize=100&name=${encodeURIComponent(name)}` });
  return new Set((res.json() as ProductListResponse).products.map((p) => p._id));
}

/** The answer worked out by looking at every product the test wrote. */
async function bruteForce(f: Filters): Promise<ProductFacets> {
  const named = f.name ? await nameMatchIds(f.name) : null;
  const inPrice = (p: Known, min = 0, max: number | null = 0) =>
    (min <= 0 || p.price >= min) && (max === null || max <= 0 || p.price <= max);
  const rows = known.filter((p) => p.listed && (!f.seller || p.sellerId === f.seller) && (!named || named.has(p.id)));
  const inCategory = (p: Known) => !f.category || p.category === f.category;
  const inRating = (p: Known) => p.rating >= (f.rating ?? 0);
  const categories = [...new Set(known.filter((p) => p.listed).map((p) => p.category))].sort();
  return {
    // No product here has variants, so no sizes or colours (those are variants.routes.test.ts's).
    optionValues: { sizes: [], colours: [] },
    categories: categories.map((name) => ({
      name,
      count: rows.filter((p) => p.category === name && inPrice(p, f.min, f.max) && inRating(p)).length,
    })),
    prices: PRICE_PRESET_RANGES.map(({ min, max }) => ({
      min,
      max,
      count: rows.filter((p) => inPrice(p, min, max) && inCategory(p) && inRating(p)).length,
    })),
    ratings: RATING_PRESETS.map((rating) => ({
      rating,
      count: rows.filter((p) => p.rating >= rating && inCategory(p) && inPrice(p, f.min, f.max)).length,
    })),
    capped: false,
  };
}

function queryOf(f: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) params.set(key, String(value));
  return `?${params}`;
}

describe('GET /api/products/facets', () => {
  it('counts every entry as the search would, with every other filter kept', async () => {
    const cases: Filters[] = [
      {},
      { category: 'Hem' },
      { min: 10, max: 100 },
      { rating: 3 },
      { name: 'lampa' },
      { name: 'lampa', category: 'Sport', rating: 2 },
      { name: 'mössa', min: 1, max: 10 },
      { seller: sellerA },
      { seller: sellerB, category: 'Kläder', min: 100, max: 1000 },
      { category: 'Kläder', min: 1, max: 1000, rating: 1 },
      { name: 'nothing-like-it' },
      { name: 'lampor', seller: sellerA },
    ];
    for (const f of cases) {
      const body = await facets(queryOf(f));
      expect(body, JSON.stringify(f)).toEqual(await bruteForce(f));
    }
  });

  it('reads empty values as not given, and refuses bad ones naming the field', async () => {
    expect(await facets('?name=&category=&seller=&min=&max=&rating=')).toEqual(await facets(''));
    expect(await facets('?category=all&name=all')).toEqual(await facets(''));
    for (const [query, field] of [
      ['?seller=nope', 'seller'],
      ['?min=-1', 'min'],
      ['?rating=6', 'rating'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/facets${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  it('counts up to the cap and says so', async () => {
    const { user } = await createSeller(t.database.db);
    await t.database.db.execute(sql`
      insert into products (seller_id, name, price_ore, category, rating)
      select ${user.id}, 'Massvara ' || i, 5000, 'Massa', 4
      from generate_series(1, ${COUNT_CAP + 50}) i`);
    const body = await facets('?name=massvara');
    expect(body.capped).toBe(true);
    expect(body.categories.find((c) => c.name === 'Massa')?.count).toBe(COUNT_CAP);
    expect(body.prices.find((p) => p.min === 10)?.count).toBe(COUNT_CAP);
    expect(body.ratings.find((r) => r.rating === 4)?.count).toBe(COUNT_CAP);
    // Nothing of the new seller is in the 1-10 range: its count stays exact.
    expect(body.prices.find((p) => p.min === 1)?.count).toBe(0);
    // Without a filter the categories are the database's exact counts, answered up to the cap too.
    const all = await facets('');
    expect(all.categories.find((c) => c.name === 'Massa')?.count).toBe(COUNT_CAP);
    expect(all.categories.find((c) => c.name === 'Hem')?.count).toBe((await bruteForce({})).categories[1]?.count);
    expect(all.capped).toBe(true);
  });
});
