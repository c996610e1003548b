import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

// Name search as a Swedish shopper types: inflections, typos, no diacritics,
// compound parts, words in any order, and "Best match" ranking. A fixed catalogue of our own,
// run on PGlite and on PostgreSQL alike (both must give the same answers).

const CATALOGUE = [
  'Mössa i ull',
  'Stickad mössa röd',
  'Bordslampa mässing',
  'Golvlampa svart',
  'Lampa Ek',
  'Lampskärm linne',
  'Trådlösa hörlurar Sony',
  'Hörlurar för barn',
  'Bluetooth högtalare',
  'Högtalare trådlös vattentät',
  'Fotboll storlek 5',
  'Fotbollsskor herr',
  'Linneklänning blå',
  'Klänning sommar',
  'Tröja Östersund',
  'Karta över Östersund',
  'Vinterjacka dam',
  'Jacka regn',
  'Kaffekopp porslin',
  'Kopp med fat',
  'Tekanna gjutjärn',
  'Stekpanna kolstål',
  'Skärbräda ek',
  'Kökskniv japansk',
  'Handduk bomull',
  'Badlakan randigt',
  'Ullstrumpor grå',
  'Strumpor bomull 3-pack',
  'Ryggsäck vandring',
  'Cykelhjälm vuxen',
  'Barnvagn kombi',
  'Pussel 1000 bitar',
  'Brädspel familj',
  'Ljusstake tenn',
  'Doftljus vanilj',
  'Kudde sammet',
  'Filt ull',
  'Spegel rund',
  'Bokhylla vit',
  'Väggklocka trä',
  'Skrivbord ek',
  'Soffbord marmor',
] as const;
type Name = (typeof CATALOGUE)[number];

interface Case {
  query: string;
  /** Products the query must find. */
  finds: Name[];
  /** Products it must not find. */
  notFinds?: Name[];
  /** The product "Best match" must put first. */
  first?: Name;
}

const CASES: Case[] = [
  // Inflections: plural, definite, both.
  { query: 'mössa', finds: ['Mössa i ull', 'Stickad mössa röd'], notFinds: ['Filt ull', 'Ullstrumpor grå'] },
  { query: 'mössor', finds: ['Mössa i ull', 'Stickad mössa röd'] },
  { query: 'mössan', finds: ['Mössa i ull', 'Stickad mössa röd'] },
  { query: 'lampor', finds: ['Bordslampa mässing', 'Golvlampa svart', 'Lampa Ek'] },
  { query: 'klänningar', finds: ['Linneklänning blå', 'Klänning sommar'], first: 'Klänning sommar' },
  { query: 'jackor', finds: ['Vinterjacka dam', 'Jacka regn'], first: 'Jacka regn' },
  { query: 'koppar', finds: ['Kaffekopp porslin', 'Kopp med fat'], first: 'Kopp med fat' },
  { query: 'strumpa', finds: ['Ullstrumpor grå', 'Strumpor bomull 3-pack'] },
  { query: 'handdukar', finds: ['Handduk bomull'], notFinds: ['Badlakan randigt'] },
  { query: 'kuddar', finds: ['Kudde sammet'] },
  { query: 'bokhyllor', finds: ['Bokhylla vit'] },
  { query: 'ryggsäckar', finds: ['Ryggsäck vandring'] },
  // Typos in longer words.
  { query: 'hörlurrar', finds: ['Trådlösa hörlurar Sony', 'Hörlurar för barn'], notFinds: ['Bluetooth högtalare'] },
  { query: 'fotbol', finds: ['Fotboll storlek 5', 'Fotbollsskor herr'] },
  { query: 'högtalre', finds: ['Bluetooth högtalare', 'Högtalare trådlös vattentät'] },
  { query: 'spegeln', finds: ['Spegel rund'] },
  // Without diacritics.
  {
    query: 'hogtalare',
    finds: ['Bluetooth högtalare', 'Högtalare trådlös vattentät'],
    notFinds: ['Hörlurar för barn'],
  },
  { query: 'ostersund', finds: ['Tröja Östersund', 'Karta över Östersund'] },
  { query: 'horlurar', finds: ['Trådlösa hörlurar Sony', 'Hörlurar för barn'] },
  { query: 'klanning', finds: ['Linneklänning blå', 'Klänning sommar'], first: 'Klänning sommar' },
  { query: 'gjutjarn', finds: ['Tekanna gjutjärn'] },
  // Compound parts, and whole words before them.
  {
    query: 'lampa',
    finds: ['Bordslampa mässing', 'Golvlampa svart', 'Lampa Ek'],
    notFinds: ['Spegel rund'],
    first: 'Lampa Ek',
  },
  { query: 'klänning', finds: ['Linneklänning blå', 'Klänning sommar'], first: 'Klänning sommar' },
  { query: 'kopp', finds: ['Kaffekopp porslin', 'Kopp med fat'], first: 'Kopp med fat' },
  { query: 'jacka', finds: ['Vinterjacka dam', 'Jacka regn'], first: 'Jacka regn' },
  { query: 'strumpor', finds: ['Ullstrumpor grå', 'Strumpor bomull 3-pack'], first: 'Strumpor bomull 3-pack' },
  { query: 'linne', finds: ['Lampskärm linne', 'Linneklänning blå'], first: 'Lampskärm linne' },
  { query: 'fotboll', finds: ['Fotboll storlek 5', 'Fotbollsskor herr'], first: 'Fotboll storlek 5' },
  { query: 'hylla', finds: ['Bokhylla vit'] },
  { query: 'spel', finds: ['Brädspel familj'], notFinds: ['Spegel rund'] },
  { query: 'bordslampa', finds: ['Bordslampa mässing'], notFinds: ['Golvlampa svart', 'Lampa Ek'] },
  // Words in any order; every word must match.
  { query: 'mössa röd', finds: ['Stickad mössa röd'], notFinds: ['Mössa i ull'] },
  { query: 'röd mössa', finds: ['Stickad mössa röd'], notFinds: ['Mössa i ull'] },
  { query: 'ek skärbräda', finds: ['Skärbräda ek'], notFinds: ['Lampa Ek', 'Skrivbord ek'] },
  { query: 'ek lampa', finds: ['Lampa Ek'], notFinds: ['Skärbräda ek', 'Golvlampa svart'], first: 'Lampa Ek' },
  { query: 'klocka trä', finds: ['Väggklocka trä'] },
  { query: 'cykel hjälm', finds: ['Cykelhjälm vuxen'] },
  { query: 'bomull handduk', finds: ['Handduk bomull'], notFinds: ['Strumpor bomull 3-pack'] },
  // Codes and numbers as typed.
  { query: '1000', finds: ['Pussel 1000 bitar'], notFinds: ['Fotboll storlek 5'] },
  { query: '3-pack', finds: ['Strumpor bomull 3-pack'] },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createSeller(t.database.db);
  // One creation time for all, so "Best match" alone decides who is first, never the newest.
  const sameMoment = new Date('2026-03-01T10:00:00Z');
  for (const name of CATALOGUE) {
    await createProduct(t.database.db, user.id, { name, createdAt: sameMoment });
  }
});
afterAll(() => t.close());

async function search(query: string, order = 'relevance'): Promise<ProductListResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?pageSize=100&order=${order}&name=${encodeURIComponent(query)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ProductListResponse;
}

describe('name search relevance on a fixed Swedish catalogue', () => {
  it('has at least 30 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  for (const c of CASES) {
    it(`"${c.query}" finds ${c.finds.join(', ')}${c.first ? `, "${c.first}" first` : ''}`, async () => {
      const answer = await search(c.query);
      const names = answer.products.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(c.finds));
      for (const absent of c.notFinds ?? []) expect(names).not.toContain(absent);
      if (c.first) expect(names[0]).toBe(c.first);
      // Every sort finds the same products; only their order differs.
      const newest = await search(c.query, 'newest');
      expect(newest.count).toBe(answer.count);
      expect(newest.products.map((p) => p.name).sort()).toEqual([...names].sort());
    });
  }

  it('finds nothing for a word no name has, and suggests nothing unlike any name', async () => {
    const answer = await search('xyzzyq');
    expect(answer.count).toBe(0);
    expect(answer.suggestion).toBeUndefined();
  });

  it('suggests the closest query that has results when a typo finds nothing', async () => {
    // Too far from "hörlurar" to be found as a typo (word similarity under 0.6), close enough to suggest.
    const answer = await search('hörlrar');
    expect(answer.count).toBe(0);
    expect(answer.suggestion).toBe('hörlurar');
    expect((await search(answer.suggestion ?? '')).count).toBe(2);
  });

  it('keeps the words that match and replaces only the one that does not', async () => {
    const answer = await search('trådlösa hörlrar');
    expect(answer.count).toBe(0);
    expect(answer.suggestion).toBe('trådlösa hörlurar');
  });

  it('carries no suggestion when there are results', async () => {
    expect((await search('lampa')).suggestion).toBeUndefined();
  });

  it("orders by relevance as newest when no name is given, and keeps the spec's defaults for empty values", async () => {
    const relevance = await t.app.inject({ method: 'GET', url: '/api/products?order=relevance&pageSize=100' });
    const newest = await t.app.inject({ method: 'GET', url: '/api/products?order=newest&pageSize=100' });
    expect(relevance.json()).toEqual(newest.json());
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/products?pageNumber=&seller=&name=&category=&min=&max=&rating=&order=',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ page: 1, count: CATALOGUE.length, pages: 4 });
    const defaults = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(empty.json()).toEqual(defaults.json());
  });
});

describe('typos are looked for only when the name as typed finds nothing', () => {
  it('finds a misspelt name by a word only once nothing has that word as typed; the facets agree', async () => {
    const { user } = await createSeller(t.database.db);
    // "kammera" is a typo of "kamera" (word similarity over 0.6) that no stem of it contains.
    const right = await createProduct(t.database.db, user.id, { name: 'Kamera digital' });
    const misspelt = await createProduct(t.database.db, user.id, { name: 'Kammera analog' });
    const facetTotal = async (name: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/facets?name=${encodeURIComponent(name)}` });
      expect(res.statusCode).toBe(200);
      const facets = res.json() as { categories: { count: number }[] };
      return facets.categories.reduce((sum, c) => sum + c.count, 0);
    };
    try {
      expect((await search('kamera')).products.map((p) => p.name)).toEqual(['Kamera digital']);
      expect(await facetTotal('kamera')).toBe(1);
      await t.database.db.delete(products).where(eq(products.id, right.id));
      expect((await search('kamera')).products.map((p) => p.name)).toEqual(['Kammera analog']);
      expect(await facetTotal('kamera')).toBe(1);
    } finally {
      await t.database.db.delete(products).where(inArray(products.id, [right.id, misspelt.id]));
    }
  });
});
