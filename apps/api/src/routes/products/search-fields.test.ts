import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { searchWords } from '@torget/shared/rules/catalog-query';
import { searchForms } from '@torget/shared/rules/search-forms';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

// A catalogue search finds a product by its category, brand and description words too, ranked
// after the products whose names match; Swedish words whose stem loses an e (nyckel – nycklar)
// and words written with or without a hyphen or space (e-bok, ebok, e bok) find each other; a
// search that finds nothing suggests categories and spellings (docs/decisions/298). On PGlite
// and PostgreSQL alike. A one-word search is read from the names' words and the find text
// (word-search.ts); a storefront's search (with a seller) from the trigram indexes: both must
// agree, so every case is asked both ways.

interface Item {
  name: string;
  category?: string;
  brand?: string;
  description?: string;
}

const ITEMS: Item[] = [
  { name: 'Träbil röd', category: 'Leksaker', description: 'En bil i bok för små barn.' },
  { name: 'Dockskåp', category: 'Leksaker' },
  { name: 'Pussel 100 bitar', category: 'Leksaker', brand: 'Brio' },
  { name: 'Leksakslåda ek', category: 'Möbler' },
  { name: 'Bokhylla vit', category: 'Möbler', description: 'Rymmer hundra böcker och leksaker.' },
  { name: 'Nyckel till cykelkorg', category: 'Cyklar', brand: 'Crescent' },
  { name: 'Nycklar 3-pack', category: 'Verktyg' },
  { name: 'Cyklar för barn', category: 'Sport' },
  { name: 'Cykelhjälm vuxen', category: 'Sport' },
  { name: 'E-bok läsplatta', category: 'Elektronik', brand: 'Kobo' },
  { name: 'Ebokläsare', category: 'Elektronik' },
  { name: 'E bok om trädgård', category: 'Böcker' },
  { name: 'Wi-Fi förstärkare', category: 'Elektronik', description: 'Räckvidd som en mesh.' },
  { name: 'Router wifi 6', category: 'Elektronik' },
  { name: 'Hörlurar trådlösa', category: 'Elektronik' },
  { name: 'Mugg', category: 'Kök', description: `${'Lång text. '.repeat(60)} Hemlighetsord.` },
];

let t: TestApp;
let sellerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createSeller(t.database.db);
  sellerId = user.id;
  const sameMoment = new Date('2026-03-01T10:00:00Z');
  for (const item of ITEMS) {
    await createProduct(t.database.db, user.id, {
      category: 'Övrigt',
      brand: '',
      description: '',
      ...item,
      createdAt: sameMoment,
    });
  }
});
afterAll(() => t.close());

async function search(query: string, params: Record<string, string> = {}): Promise<ProductListResponse> {
  const url = `/api/products?${new URLSearchParams({ pageSize: '100', order: 'relevance', name: query, ...params })}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as ProductListResponse;
}

/** Lower case, without diacritics and hyphens: how the database compares a name with a search word. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/-/g, '');

/** Whether a name has every word of a query (one of each word's forms): a name match, ranked first. */
function nameHasEveryWord(name: string, query: string): boolean {
  return searchWords(query).every((word) => searchForms(word).some((form) => folded(name).includes(folded(form))));
}

/** The names, checked to come in the search's order: every name match before the products found by their other fields. */
function expectNameMatchesFirst(names: string[], query: string, label: string): void {
  const tiers = names.map((name) => (nameHasEveryWord(name, query) ? 0 : 1));
  expect(tiers, `${query}, ${label}: ${names.join(' | ')}`).toEqual([...tiers].sort());
}

/** The names a query finds, in best-match order, checked to be the same as a storefront's search and in every sort. */
async function found(query: string): Promise<string[]> {
  const answer = await search(query);
  const names = answer.products.map((p) => p.name);
  expect(answer.count).toBe(names.length);
  expectNameMatchesFirst(names, query, 'relevance');
  const storefront = await search(query, { seller: sellerId });
  expect(storefront.products.map((p) => p.name)).toEqual(names);
  for (const order of ['newest', 'lowest', 'highest', 'toprated']) {
    for (const seller of [{}, { seller: sellerId }] as Record<string, string>[]) {
      const sorted = await search(query, { order, ...seller });
      const sortedNames = sorted.products.map((p) => p.name);
      expect(sorted.count, order).toBe(answer.count);
      expect([...sortedNames].sort(), order).toEqual([...names].sort());
      expectNameMatchesFirst(sortedNames, query, order);
    }
  }
  return names;
}

describe('a search reads the category, brand and description too', () => {
  it('finds a category by its singular and plural, the name matches first', async () => {
    for (const query of ['leksak', 'leksaker']) {
      const names = await found(query);
      expect(names.slice(0, 1), query).toEqual(['Leksakslåda ek']);
      expect(names.slice(1).sort(), query).toEqual(['Bokhylla vit', 'Dockskåp', 'Pussel 100 bitar', 'Träbil röd']);
    }
  });

  it('finds a brand', async () => {
    expect(await found('brio')).toEqual(['Pussel 100 bitar']);
    expect(await found('kobo')).toEqual(['E-bok läsplatta']);
  });

  it('finds words only the description holds, after the names that hold them', async () => {
    expect(await found('mesh')).toEqual(['Wi-Fi förstärkare']);
    expect(await found('bil')).toEqual(['Träbil röd']);
    // "bok": in the names of three products, in the description of one more, which comes last.
    const names = await found('bok');
    expect(names.at(-1)).toBe('Träbil röd');
    expect(names.slice(0, -1).sort()).toEqual(['Bokhylla vit', 'E bok om trädgård', 'E-bok läsplatta', 'Ebokläsare']);
  });

  it("reads the description's first 600 characters only", async () => {
    expect(await found('hemlighetsord')).toEqual([]);
    expect(await found('lång')).toEqual(['Mugg']);
  });

  it('needs every word, each in the name or the other fields', async () => {
    expect(await found('röd leksaker')).toEqual(['Träbil röd']);
    expect(await found('barn sport')).toEqual(['Cyklar för barn']);
    expect(await found('bil möbler')).toEqual([]);
  });

  it('counts the products found by their other fields in the facets too', async () => {
    for (const query of ['leksak', 'leksak bok']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/facets?name=${encodeURIComponent(query)}` });
      expect(res.statusCode).toBe(200);
      const facets = res.json() as { categories: { name: string; count: number }[] };
      const counts = Object.fromEntries(facets.categories.filter((c) => c.count > 0).map((c) => [c.name, c.count]));
      expect(counts, query).toEqual(query === 'leksak' ? { Leksaker: 3, Möbler: 2 } : { Leksaker: 1, Möbler: 1 });
    }
  });

  it('follows a change of the description', async () => {
    const [mugg] = await t.database.db.select().from(products).where(eq(products.name, 'Mugg'));
    if (!mugg) throw new Error('no Mugg');
    await t.database.db
      .update(products)
      .set({ description: 'Porslin från Gustavsberg.' })
      .where(eq(products.id, mugg.id));
    try {
      expect(await found('gustavsberg')).toEqual(['Mugg']);
      expect(await found('lång')).toEqual([]);
    } finally {
      await t.database.db.update(products).set({ description: mugg.description }).where(eq(products.id, mugg.id));
    }
  });
});

describe('Swedish stems and spellings find each other', () => {
  it('nyckel – nycklar', async () => {
    const both = ['Nyckel till cykelkorg', 'Nycklar 3-pack'];
    for (const query of ['nyckel', 'nycklar', 'nyckeln', 'nycklarna'])
      expect((await found(query)).sort(), query).toEqual(both);
  });

  it('cykel – cyklar', async () => {
    for (const query of ['cykel', 'cyklar']) {
      const names = await found(query);
      expect(names, query).toEqual(
        expect.arrayContaining(['Nyckel till cykelkorg', 'Cyklar för barn', 'Cykelhjälm vuxen']),
      );
    }
    // The name matches rank before the product whose category alone is "Cyklar".
    const names = await found('cyklar');
    expect(names.indexOf('Cyklar för barn')).toBe(0);
  });

  it('e-bok, ebok and e bok', async () => {
    const books = ['E bok om trädgård', 'E-bok läsplatta', 'Ebokläsare'];
    for (const query of ['e-bok', 'ebok', 'e bok', 'E-BOK']) {
      expect((await found(query)).filter((name) => books.includes(name)).sort(), query).toEqual(books);
    }
  });

  it('wi-fi and wifi', async () => {
    for (const query of ['wi-fi', 'wifi', 'wi fi']) {
      expect((await found(query)).sort(), query).toEqual(['Router wifi 6', 'Wi-Fi förstärkare']);
    }
  });
});

describe('a search that finds nothing suggests categories and spellings', () => {
  it('suggests the closest categories and the closest spelling', async () => {
    // Too far from any name to be found as a typo, close to "Leksaker" in trigrams.
    const answer = await search('lexsaker');
    expect(answer.count).toBe(0);
    expect(answer.products).toEqual([]);
    expect(answer.didYouMean?.categories[0]).toBe('Leksaker');
    expect(answer.didYouMean?.spellings).toEqual(answer.suggestion === undefined ? [] : [answer.suggestion]);
  });

  it('suggests a spelling that finds something', async () => {
    // Too far from "hörlurar" to be found as a typo, close enough to suggest.
    const answer = await search('hörlrar');
    expect(answer.count).toBe(0);
    expect(answer.didYouMean?.spellings).toEqual(['hörlurar']);
    expect(answer.suggestion).toBe('hörlurar');
  });

  it('says nothing about it when something is found, and suggests no category unlike the query', async () => {
    expect((await search('leksak')).didYouMean).toBeUndefined();
    const nothing = await search('xyzzyq');
    expect(nothing.didYouMean).toEqual({ categories: [], spellings: [] });
  });
});

describe('a search with more matches than its capped read shows the name matches first on every page', () => {
  // 1 010 lamps named so, older and dearer, and 5 candlesticks whose description alone says
  // "lampa" and "glas", newer and cheaper: in the date and price sorts the candlesticks would come
  // first; as matches of the other fields they come after the last lamp.
  const LAMPS = 1010;
  let shop: string;
  let expected: { id: string; name: string; price_ore: number; created_at: Date }[];
  beforeAll(async () => {
    const { user } = await createSeller(t.database.db);
    shop = user.id;
    await t.database.db.execute(sql`
      insert into products (seller_id, name, category, brand, price_ore, rating, count_in_stock, description, created_at)
      select ${shop}::uuid, 'Lampa i glas ' || i, 'Belysning', '', 50000 + i, 0, 1, '',
             timestamp '2025-01-01' + i * interval '1 hour'
      from generate_series(1, ${LAMPS}) as i`);
    for (let i = 1; i <= 5; i++) {
      await createProduct(t.database.db, shop, {
        name: `Ljusstake ${i}`,
        category: 'Inredning',
        brand: '',
        description: 'Passar bredvid en lampa av glas.',
        priceOre: 100 + i,
        createdAt: new Date(`2026-06-0${i}T10:00:00Z`),
      });
    }
    expected = await queryRows<(typeof expected)[number]>(
      t.database.db,
      sql`select id::text, name, price_ore, created_at from products where seller_id = ${shop}`,
    );
  });

  /** The shop's matches in the order a search gives: lamps first, each part by the sort. */
  function inOrder(order: 'newest' | 'lowest'): string[] {
    const tier = (name: string) => (name.startsWith('Lampa') ? 0 : 1);
    const byOrder = (a: (typeof expected)[number], b: (typeof expected)[number]) =>
      order === 'newest'
        ? new Date(b.created_at).getTime() - new Date(a.created_at).getTime()
        : a.price_ore - b.price_ore;
    return [...expected].sort((a, b) => tier(a.name) - tier(b.name) || byOrder(a, b)).map((p) => p.id);
  }

  async function page(params: Record<string, string>) {
    const url = `/api/products?${new URLSearchParams({ pageSize: '100', ...params })}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.json() as ProductListResponse;
  }

  // One word (the names' words), two words and a storefront's search (the trigram index).
  const searches: Record<string, string>[] = [{ name: 'lampa' }, { name: 'lampa glas' }, { name: 'lampa', seller: '' }];
  for (const search of searches) {
    for (const order of ['newest', 'lowest'] as const) {
      it(`${JSON.stringify(search)} in ${order}: the first page, a middle one and the last`, async () => {
        const params = { ...search, ...(search.seller === '' ? { seller: shop } : {}), order };
        const all = inOrder(order);
        for (const pageNumber of [1, 5, 11]) {
          const answer = await page({ ...params, pageNumber: String(pageNumber) });
          expect(answer).toMatchObject({ count: 1000, countIsCapped: true });
          const ids = answer.products.map((p) => p._id);
          expect(ids, `page ${pageNumber}`).toEqual(all.slice((pageNumber - 1) * 100, pageNumber * 100));
        }
      });
    }
  }

  it('finds a word in no name and in more than the capped read\u2019s other fields, on every page and sort', async () => {
    // "belysning": the lamps' category, in no name. Their price grows with their number, as their date.
    const lamps = expected.filter((p) => p.name.startsWith('Lampa'));
    const newest = [...lamps].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
    for (const [params, all] of [
      [{ name: 'belysning' }, newest],
      [{ name: 'belysning', order: 'lowest' }, [...newest].reverse()],
      [{ name: 'belysningen', order: 'highest', max: '505' }, newest.filter((p) => p.price_ore <= 50500)],
      [
        { name: 'belysning', order: 'newest', category: 'Belysning', min: '509' },
        newest.filter((p) => p.price_ore >= 50900),
      ],
    ] as const) {
      for (const pageNumber of [1, 2, 11]) {
        const answer = await page({ ...params, pageNumber: String(pageNumber) });
        const ids = all.slice((pageNumber - 1) * 100, pageNumber * 100).map((p) => p.id);
        expect(
          answer.products.map((p) => p._id),
          `${JSON.stringify(params)} page ${pageNumber}`,
        ).toEqual(ids);
        expect(answer.count).toBe(Math.min(all.length, 1000));
      }
    }
  });

  it('ranks the other fields\u2019 matches last on a deep page of best match too', async () => {
    const answer = await page({ name: 'lampa glas', order: 'relevance', pageNumber: '11' });
    const names = answer.products.map((p) => p.name);
    expect(names).toHaveLength(LAMPS - 1000 + 5);
    expect(names.slice(-5).sort()).toEqual(['Ljusstake 1', 'Ljusstake 2', 'Ljusstake 3', 'Ljusstake 4', 'Ljusstake 5']);
  });
});
