/**
 * The names' words (migration 0011, word-search.ts): the tables the triggers keep (and the words'
 * counts, migration 0013) against the words computed from the products now, after every kind of
 * change; the facets of a word in many names, from a sample of its words; and the one-word search read
 * from them against the same search read through the trigram index, which must find the same
 * products in the same order with the same count.
 */

import type { ProductFacets } from '@torget/shared/api-types.generated';
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import { type ProductListQuery, productListQuerySchema } from '@torget/shared/schemas/product-query';
import { eq, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '#api/db/client.ts';
import { products, users } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { foldedListStatement } from './name-page-statements';
import { filterValues, listConditions } from './product-filters';
import { productListStatement } from './product-list.service';
import {
  dictionaryWordsOf,
  formValuesOf,
  pageOfProductsWithWords,
  productsWithWords,
  wordSearchValues,
} from './word-search';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp({ statementCountHeader: true });
  db = t.database.db;
});
afterAll(() => t.close());

interface WordRow {
  id: string;
  word: string;
  category: string;
  price_ore: number;
  rating: number;
  created_at: string;
}

const byIdAndWord = (a: WordRow, b: WordRow) => `${a.id}/${a.word}`.localeCompare(`${b.id}/${b.word}`);

/** The word rows as kept, and as computed from the listed products now; they must be the same. */
async function expectWordsTrue(): Promise<void> {
  const columns = sql`id::text, word, category, price_ore, rating, created_at::text`;
  const kept = await queryRows<WordRow>(db, sql`select ${columns} from product_words`);
  const computed = await queryRows<WordRow>(
    db,
    sql`select ${columns} from (
          select p.id, w as word, p.category, p.price_ore, p.rating, p.created_at
          from products p, search_text_words(p.search_text) w where p.seller_active and not p.is_draft
        ) as listed_words`,
  );
  expect(kept.sort(byIdAndWord)).toEqual(computed.sort(byIdAndWord));
  // Every word of a listed name is in the dictionary.
  const missing = await queryRows<{ word: string }>(
    db,
    sql`select word from product_words except select word from search_words`,
  );
  expect(missing).toEqual([]);
  await expectWordCountsTrue();
  // Folding the changes into the counts changes no count.
  await db.execute(sql`select search_word_counts_fold()`);
  await expectWordCountsTrue();
}

/** Each word's count (migration 0013) is the number of its rows in product_words. */
async function expectWordCountsTrue(): Promise<void> {
  const byWord = (a: { word: string }, b: { word: string }) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  const kept = await queryRows<{ word: string; n: string }>(
    db,
    sql`select word, n::text from (select word, search_word_count(word) as n from search_words) as counted where n <> 0`,
  );
  const computed = await queryRows<{ word: string; n: string }>(
    db,
    sql`select word, count(*)::text as n from product_words group by word`,
  );
  expect(kept.sort(byWord)).toEqual(computed.sort(byWord));
}

describe('the names\u2019 words', () => {
  it('follow every kind of change to products and sellers', async () => {
    await expectWordsTrue();
    const { user: anna } = await createSeller(db);
    const { user: bo } = await createSeller(db);
    const lamp = await createProduct(db, anna.id, { name: 'Bordslampa i mässing', category: 'Hem' });
    await createProduct(db, anna.id, { name: 'Ylle\tmössa  röd', category: 'Kläder' });
    const draft = await createProduct(db, bo.id, { name: 'Golvlampa utkast', isDraft: true });
    await expectWordsTrue();
    // A draft put on sale, a name changed, a category, a price, a rating.
    await db.update(products).set({ isDraft: false }).where(eq(products.id, draft.id));
    await db.update(products).set({ name: 'Taklampa Å 2000' }).where(eq(products.id, lamp.id));
    await db.update(products).set({ category: 'Sport', priceOre: 12_300, rating: 4.5 }).where(eq(products.id, lamp.id));
    await expectWordsTrue();
    // Stock alone writes no word row.
    const [before] = await queryRows<{ xmin: string }>(db, sql`select max(xmin::text) as xmin from product_words`);
    await db.update(products).set({ countInStock: 3 });
    const [after] = await queryRows<{ xmin: string }>(db, sql`select max(xmin::text) as xmin from product_words`);
    expect(after?.xmin).toBe(before?.xmin);
    // The seller revoked, reinstated, closed, and deleted with their products; a bulk insert.
    await db.update(users).set({ isSeller: false }).where(eq(users.id, anna.id));
    await expectWordsTrue();
    await db.update(users).set({ isSeller: true }).where(eq(users.id, anna.id));
    await expectWordsTrue();
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bo.id));
    await expectWordsTrue();
    await db.delete(products).where(eq(products.id, draft.id));
    await db.delete(users).where(eq(users.id, anna.id));
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore, count_in_stock, description)
      select ${bo.id}::uuid, 'Kaffemugg nr ' || i, 'Kök', 100 * i, 1, '' from generate_series(1, 30) as i`);
    await db.update(users).set({ deletedAt: null }).where(eq(users.id, bo.id));
    await expectWordsTrue();
  });
});

describe('a one-word search read from the words', () => {
  const names = [
    'Bordslampa i mässing',
    'Lampa, vit',
    'Lampor (3-pack)',
    'Golvlampan Stockholm',
    'Mössa av ull',
    'Mossa för terrarier',
    'Mössorna 2-pack',
    'Kaffekopp 250 ml',
    'Kopp och fat',
    'Ljusstake 1250',
    'Klocka 12505',
    'Ärmhållare',
    'Armband i silver',
  ];
  let seller: string;

  beforeAll(async () => {
    const { user } = await createSeller(db);
    seller = user.id;
    let n = 0;
    for (const name of names) {
      n++;
      await createProduct(db, user.id, {
        name,
        category: n % 2 ? 'Hem' : 'Kläder',
        priceOre: (n % 5) * 10_000 + 5_000,
        rating: n % 5,
        createdAt: new Date(Date.UTC(2026, 0, n)),
      });
    }
  });

  const parse = (params: Record<string, string>): ProductListQuery => productListQuerySchema.parse(params);

  async function readBoth(params: Record<string, string>) {
    const query = parse(params);
    const words = await dictionaryWordsOf(db, query, { typos: false });
    expect(words, 'the word index answers this search').not.toBeNull();
    const run = async (w: string[] | null) =>
      (await queryRows<{ id: string; total: number }>(db, productListStatement(db, query, { typos: false }, w))).map(
        (r) => [r.id, Number(r.total)],
      );
    return { fromWords: await run(words), fromTrigrams: await run(null) };
  }

  const searches: Record<string, string>[] = [
    { name: 'lampa' },
    { name: 'LAMPORNA', order: 'lowest' },
    { name: 'mössa', order: 'relevance' },
    { name: 'mossa', order: 'toprated' },
    { name: 'kopp', order: 'highest' },
    { name: '250' },
    { name: '1250', order: 'lowest' },
    { name: 'arm' },
    { name: 'lampa', category: 'Hem', min: '60', order: 'newest' },
    { name: 'lampa', rating: '2', max: '300' },
    { name: 'finnsinte' },
  ];
  for (const params of searches) {
    it(`finds what the trigram index finds, in the same order: ${JSON.stringify(params)}`, async () => {
      const { fromWords, fromTrigrams } = await readBoth(params);
      expect(fromWords).toEqual(fromTrigrams);
      if (params.name !== 'finnsinte') expect(fromWords.length).toBeGreaterThan(0);
    });
  }

  it('answers the product list through HTTP from the words', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/products?name=lampa&order=lowest' });
    expect(answer.statusCode).toBe(200);
    const names = answer.json().products.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(['Bordslampa i mässing', 'Golvlampan Stockholm', 'Lampa, vit', 'Lampor (3-pack)']);
  });

  it('leaves every other search to the trigram index', async () => {
    const none = async (params: Record<string, string>, typos = false) =>
      expect(await dictionaryWordsOf(db, parse(params), { typos })).toBeNull();
    await none({ name: 'lampa vit' });
    // A word with a hyphen is looked up without it ("3pack" in "(3-pack)").
    expect(await dictionaryWordsOf(db, parse({ name: '3-pack' }), { typos: false })).toEqual(['(3-pack)']);
    await none({ name: '100%' });
    await none({ name: 'ab' });
    await none({ name: 'lampa', seller });
    await none({ name: 'lampa' }, true);
  });

  it('looks a stem up by the search text the names are kept in (torget_search_text)', async () => {
    // search_dictionary_words folds the stem with torget_search_text's body written out
    // (migration 0019): the two must agree, case and accents included.
    const lookedUp = async (stem: string) => {
      const [row] = await queryRows<{ words: string[] | null; expected: string[] }>(
        db,
        sql`select search_dictionary_words(${stem}, 1000) as words,
                   array(select w.word from search_words w
                         where w.word like '%' || torget_search_text(${stem}) || '%') as expected`,
      );
      return row;
    };
    for (const stem of ['LAMPOR', 'Mössa', 'mossa', 'ÄRM', 'Golvlampan', 'KAFFEKOPP', 'ljusstäke']) {
      const row = await lookedUp(stem);
      expect(row?.words?.sort(), stem).toEqual(row?.expected.sort());
      expect(row?.expected.length, stem).toBeGreaterThan(0);
    }
    expect((await lookedUp('Ab'))?.words).toBeNull();
    expect((await lookedUp('lampa vit'))?.words).toBeNull();
  });

  it('leaves a word in more names than the dictionary limit to the trigram index', async () => {
    // 1 100 distinct numbers with "77" in them: more dictionary words than the search takes.
    const { user } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore, count_in_stock, description)
      select ${user.id}::uuid, 'Sats ' || (i * 1000 + 770), 'Hem', 100, 1, '' from generate_series(1, 1100) as i`);
    expect(await dictionaryWordsOf(db, parse({ name: '770' }), { typos: false })).toBeNull();
    const answer = await t.app.inject({ method: 'GET', url: '/api/products?name=770' });
    expect(answer.json()).toMatchObject({ count: 1000, countIsCapped: true });
    // The statement that looks the words up finds too many, and says so: the trigram index's
    // read follows, and the page it gives is the sort's (the count is over the cap).
    const lowest = await t.app.inject({ method: 'GET', url: '/api/products?name=770&order=lowest&min=1' });
    expect(lowest.json()).toMatchObject({ count: 1000, countIsCapped: true });
    expect(lowest.json().products).toHaveLength(12);
  });

  it('reads a word the dictionary cannot look up (under three characters) from the trigram index', async () => {
    // "vi" holds one trigram too few: the statement that looks it up says so, and the trigram
    // index's read follows, both in one request.
    const answer = await t.app.inject({ method: 'GET', url: '/api/products?name=vi&order=lowest' });
    expect(answer.headers['x-sql-statements']).toBe('2');
    expect(answer.json().products.map((p: { name: string }) => p.name)).toContain('Lampa, vit');
  });

  it('looks the words up and reads the page in one statement', async () => {
    const list = async (params: Record<string, string>) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/products?${new URLSearchParams(params)}` });
      expect(answer.statusCode, JSON.stringify(params)).toBe(200);
      return { statements: answer.headers['x-sql-statements'], json: answer.json() };
    };
    // A stem in one word: the one-word statement answers.
    const oneWord: Record<string, string>[] = [
      { name: 'ljusstake', order: 'lowest' },
      { name: 'armband', rating: '1' },
    ];
    for (const params of oneWord) {
      expect((await list(params)).statements, JSON.stringify(params)).toBe('1');
    }
    // A stem in several words, the first time: the one-word statement says how many it found and
    // the statement of both reads follows. From then on, that one alone, with the same answer
    // (asked with another page size, which the read cache keeps apart; the count it shares).
    // (Stems no search through HTTP in this file has met: "lampa" has, its stem is "lamp".)
    const severalWords: Record<string, string>[] = [
      { name: 'arm', order: 'lowest' },
      { name: 'mössa', rating: '1' },
      { name: 'kopp', max: '400' },
    ];
    for (const params of severalWords) {
      const first = await list(params);
      expect(first.statements, JSON.stringify(params)).toBe('2');
      expect(first.json.count, JSON.stringify(params)).toBeGreaterThan(0);
      const again = await list({ ...params, pageSize: '1' });
      expect(again.statements, JSON.stringify(params)).toBe('1');
      expect(again.json.products).toEqual(first.json.products.slice(0, 1));
    }
  });

  it('follows a stem from one word to several and back, with the right answer each time', async () => {
    // "stöv" is in one name's words; a second product brings a second word: the one-word
    // statement finds two and says so, the statement of both reads answers, and the stem is
    // noted. A dictionary cleaned of the second word (the product renamed) brings it back.
    const { user } = await createSeller(db);
    await createProduct(db, user.id, { name: 'Stövel av gummi', category: 'Kläder' });
    // Each time another page size, which the read cache keeps apart (the shape is the stem's).
    let pageSize = 13;
    const list = () =>
      t.app.inject({ method: 'GET', url: `/api/products?name=st%C3%B6v&order=newest&pageSize=${--pageSize}` });
    const namesOf = (answer: Awaited<ReturnType<typeof list>>) =>
      answer.json().products.map((p: { name: string }) => p.name);
    const alone = await list();
    expect(alone.headers['x-sql-statements']).toBe('1');
    expect(namesOf(alone)).toEqual(['Stövel av gummi']);

    const boots = await createProduct(db, user.id, { name: 'Stövlarna, vinter', category: 'Kläder' });
    const grown = await list();
    expect(grown.headers['x-sql-statements']).toBe('2');
    expect(namesOf(grown).sort()).toEqual(['Stövel av gummi', 'Stövlarna, vinter']);
    expect((await list()).headers['x-sql-statements']).toBe('1');

    await db.update(products).set({ name: 'Sko, vinter' }).where(eq(products.id, boots.id));
    await db.execute(sql`delete from search_words where word = 'stovlarna'`);
    const cleaned = await list();
    expect(namesOf(cleaned)).toEqual(['Stövel av gummi']);
    // The statement of both reads found one word: the one-word statement is back, and answers alone.
    expect(cleaned.headers['x-sql-statements']).toBe('1');
    const back = await list();
    expect(back.headers['x-sql-statements']).toBe('1');
    expect(namesOf(back)).toEqual(['Stövel av gummi']);
  });
});

describe('a one-word search with more matches than the capped read', () => {
  // 1 500 names with "pall" in them, in two words ("Pall", "Pallen", or both in one name), and
  // "trä" in every one, spread over two categories, prices, ratings and dates: every page comes
  // from the words' sorted indexes, and must be the page the products' own order gives.
  beforeAll(async () => {
    const { user } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore, rating, count_in_stock, description, created_at)
      select ${user.id}::uuid,
             case i % 3 when 0 then 'Pall ' when 1 then 'Pallen ' else 'Pall och pallen ' end || 'i trä ' || i,
             case when i % 4 = 0 then 'Trädgård' else 'Hem' end,
             100 * ((i * 37) % 500), (i % 11) / 2.0, 1, '',
             timestamp '2026-01-01' + ((i * 7919) % 1500) * interval '1 hour'
      from generate_series(1, 1500) as i`);
  });

  const ORDER_SQL = {
    newest: sql`created_at desc, id desc`,
    lowest: sql`price_ore asc, id asc`,
    highest: sql`price_ore desc, id desc`,
    toprated: sql`rating desc, id asc`,
  } as const;

  const pages: Record<string, string>[] = [
    { name: 'pall' },
    { name: 'pallar', pageNumber: '3' },
    { name: 'pall', order: 'lowest', pageNumber: '2' },
    { name: 'pall', order: 'highest' },
    { name: 'pall', order: 'toprated', pageNumber: '5' },
    { name: 'pallen', category: 'Hem', min: '10', order: 'newest', pageNumber: '2' },
    { name: 'trä', pageNumber: '4' },
    { name: 'TRA', order: 'highest', min: '20' },
    { name: 'trä', order: 'toprated', category: 'Hem', pageNumber: '2' },
    // Past the first pages, which are prepared statements: planned for its values each time.
    { name: 'trä', order: 'lowest', pageNumber: '7' },
  ];
  async function expectPageAsProductsGive(params: Record<string, string>) {
    const query = productListQuerySchema.parse(params);
    const answer = await t.app.inject({ method: 'GET', url: `/api/products?${new URLSearchParams(params)}` });
    const order = ORDER_SQL[query.order as keyof typeof ORDER_SQL];
    const expected = await queryRows<{ id: string }>(
      db,
      sql`select id from products where ${listConditions(query, { typos: false })} order by ${order}
          limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}`,
    );
    expect(answer.json().products.map((p: { _id: string }) => p._id)).toEqual(expected.map((r) => r.id));
    return { ...(answer.json() as { count: number; countIsCapped?: boolean }), expected: expected.length };
  }

  it('reads a deep page of a name in several words from the products instead', async () => {
    // "pall" stands for two dictionary words: page 900 would read 2 × 900 × 12 word rows.
    const answer = await expectPageAsProductsGive({ name: 'pall', order: 'lowest', pageNumber: '900' });
    expect(answer).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
  });

  it('gives the right pages from a prepared statement after its plan is made generic', async () => {
    // PostgreSQL plans a prepared statement for its values five times, then may keep one plan
    // for every value: the same shapes (one word; a category and a lowest price) with other
    // values, ten times each, above the cap and below it.
    for (let run = 0; run < 10; run++) {
      const category = run % 2 ? 'Hem' : 'Trädgård';
      const min = String(10 + run * 20);
      await expectPageAsProductsGive({ name: run % 3 ? 'trä' : 'pall', category, min, pageNumber: '2' });
      await expectPageAsProductsGive({ name: 'trä', order: 'highest', min, pageNumber: '1' });
      // A rating bound: the rated products' words (migration 0018) below the cap and above it.
      const rating = String(1 + (run % 4));
      await expectPageAsProductsGive({ name: 'pallen', category, rating, order: 'lowest', pageNumber: '2' });
      await expectPageAsProductsGive({ name: run % 3 ? 'trä' : 'pall', rating, order: 'newest', pageNumber: '3' });
    }
  });

  /** The plan PostgreSQL keeps for a prepared word statement once it plans it for any value. */
  function genericPlanOf(statement: SQL, query: ProductListQuery, words: string[]): Promise<string> {
    return genericPlanWith(statement, wordSearchValues(words, words, query), 'costs off');
  }

  /** The generic plan of `statement` run with `named` for its placeholders, explained with `options`. */
  async function genericPlanWith(statement: SQL, named: Record<string, unknown>, options: string): Promise<string> {
    const { sql: text, params } = new PgDialect().sqlToQuery(statement);
    const values = fillPlaceholders(params, named);
    const literal = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare generic_words as ${text}`));
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain (${options}) execute generic_words(${literal})`),
      );
      await tx.execute(sql`deallocate generic_words`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('reads only the rated products\u2019 words for a rating bound, also in a generic plan', async () => {
    // The bound is a parameter of the prepared statement, so the index's "rating > 0" must be
    // in the statement's text for its generic plan to use it.
    const query = productListQuerySchema.parse({ name: 'pall', category: 'Hem', max: '300', rating: '2' });
    const binding = { words: ['pall'], forms: ['pall'], placeholders: true };
    // The statistics autovacuum keeps: never analysed, the planner takes the partial index for as
    // large as the table, and with the rating as a fifth condition to check, the full one wins.
    await db.execute(sql`vacuum analyze product_words`);
    const plan = await genericPlanOf(productsWithWords(binding, query, COUNT_CAP + 1), query, ['pall']);
    expect(plan).toContain('product_words_rated_idx');
    // The bound is checked on the index's entries (the rating is a key, migration 0023), not as a
    // filter on each row the scan gives.
    expect(plan).toMatch(/Index Cond: .*\(rating >= /);
    // (The find text's matches, read after the words' rows, are filtered as they come.)
    expect(plan.split('CTE Scan on found')[0]?.split('Append')[1]).not.toMatch(/Filter: .*rating >= /);
  });

  it('walks the sort\u2019s index for a word\u2019s page past the cap, also in a generic plan', async () => {
    // The generic plan rates every word as rare; with the category and price as index conditions
    // it would read every match from the category index and sort them (wordRowsInOrder).
    const sortIndex = {
      newest: 'product_words_word_created_idx',
      lowest: 'product_words_word_price_idx',
      highest: 'product_words_word_price_idx',
      toprated: 'product_words_word_rating_idx',
    } as const;
    // The statistics and visibility map autovacuum keeps: without them every plan is a guess.
    await db.execute(sql`vacuum analyze product_words`);
    for (const order of ['newest', 'lowest', 'highest', 'toprated'] as const) {
      const query = productListQuerySchema.parse({ name: 'pall', category: 'Hem', min: '10', order, pageNumber: '2' });
      const statement = pageOfProductsWithWords({ words: ['pall'], forms: ['pall'], placeholders: true }, query, [
        ORDER_SQL[order],
      ]);
      const plan = await genericPlanOf(statement, query, ['pall']);
      expect(plan, order).toContain(sortIndex[order]);
      expect(plan, order).not.toContain('product_words_word_idx');
    }
  });

  it('runs only the branch of the number of words it looked up, also in a generic plan', async () => {
    // One statement holds the read for one word and the read for several (foldedSearchStatement),
    // each behind a one-time filter on the dictionary's answer: "trä" is one word, "pall" two.
    const query = productListQuerySchema.parse({ name: 'pall', category: 'Hem', min: '10', order: 'lowest' });
    const planFor = (stem: string) =>
      genericPlanWith(
        foldedListStatement(db, query),
        { ...formValuesOf([stem]), ...filterValues(query) },
        'analyze, costs off, timing off, summary off',
      );
    // The several words' duplicate check (an anti join on the earlier word) runs for "pall" only.
    const several = /Anti Join \(([^)]*)\)/;
    expect((await planFor('tra')).match(several)?.[1]).toBe('never executed');
    expect((await planFor('pall')).match(several)?.[1]).toMatch(/^actual rows=/);
    // The one-word statement holds no read of several words at all: a smaller plan to start.
    const oneWordPlan = await genericPlanWith(
      foldedListStatement(db, query, 'one'),
      { ...formValuesOf(['tra']), ...filterValues(query) },
      'costs off',
    );
    expect(oneWordPlan).toContain('product_words');
    expect(oneWordPlan).not.toMatch(/Anti Join|unnest/);
  });

  it('reads no match of words in more names than the cap when no other filter is given', async () => {
    // Their count says so (migration 0013); with a filter the matches are read and counted.
    const planOf = async (params: Record<string, string>) => {
      const query = productListQuerySchema.parse(params);
      const words = await dictionaryWordsOf(db, query, { typos: false });
      const statement = productListStatement(db, query, { typos: false }, words);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`explain (analyze, costs off, timing off, summary off) ${statement}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    // The capped read of the word rows: "every_match", or "matches" where it is the only one.
    const everyMatchScan = /CTE (?:every_match|matches)\n\s*->\s*Limit \(([^)]*)\)/;
    // "trä" is in all 1 500 names; "pall" and "pallen" each in 1 000, so their matches are counted.
    expect((await planOf({ name: 'trä' })).match(everyMatchScan)?.[1]).toBe('never executed');
    expect((await planOf({ name: 'trä', rating: '1' })).match(everyMatchScan)?.[1]).toMatch(/^actual rows=/);
    expect((await planOf({ name: 'pall' })).match(everyMatchScan)?.[1]).toMatch(/^actual rows=/);
  });

  it('reads the dictionary, the page past the cap and the capped count in one statement', async () => {
    // Filters no earlier test asked for, so no count comes from the cache: one statement looks
    // the words up, and its count is over the cap and its page comes from the words.
    const searches: Record<string, string>[] = [
      { name: 'pall', max: '499', pageNumber: '2' },
      { name: 'pallen', max: '498', order: 'highest' },
      { name: 'trä', max: '497', order: 'toprated', pageNumber: '3' },
    ];
    for (const params of searches) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/products?${new URLSearchParams(params)}` });
      expect(answer.headers['x-sql-statements'], JSON.stringify(params)).toBe('1');
      expect(await expectPageAsProductsGive(params)).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
    }
  });

  it('reads the page from the products when a stem’s words are too many for the page past the cap', async () => {
    // "skruv" stands for 300 dictionary words ("skruv0" to "skruv299"), each in 5 names: a page
    // of 100 would read 300 × 100 word rows, over the budget, so the one statement reads the
    // capped matches and count only, and the page comes from the products' sort.
    const { user } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore, rating, count_in_stock, description, created_at)
      select ${user.id}::uuid, 'Skruv' || (i % 300) || ' nr ' || i, 'Hem', 100 * ((i * 37) % 500), (i % 11) / 2.0, 1,
             '', timestamp '2026-02-01' + ((i * 7919) % 1500) * interval '1 hour'
      from generate_series(1, 1500) as i`);
    expect(await dictionaryWordsOf(db, { name: 'skruv' }, { typos: false })).toHaveLength(300);
    for (const order of ['newest', 'lowest', 'toprated'] as const) {
      const params = { name: 'skruv', order, pageSize: '100', pageNumber: '2' };
      expect(await expectPageAsProductsGive(params), order).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
    }
    // Within the budget (300 × 12), the words' page, from the same one statement (a filter no
    // request above gave: their count, kept by the cache, would leave only the page to read).
    const within = { name: 'skruv', order: 'highest', max: '499', pageNumber: '2' };
    const answer = await t.app.inject({ method: 'GET', url: `/api/products?${new URLSearchParams(within)}` });
    expect(answer.headers['x-sql-statements']).toBe('1');
    expect(await expectPageAsProductsGive(within)).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
  });

  for (const params of pages) {
    it(`gives the page the products' order gives: ${JSON.stringify(params)}`, async () => {
      const query = productListQuerySchema.parse(params);
      expect(await dictionaryWordsOf(db, query, { typos: false })).not.toBeNull();
      const answer = await expectPageAsProductsGive(params);
      expect(answer).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
      expect(answer.expected).toBe(query.pageSize);
    });
  }
});

describe('the facets of a word in more names than the facets read', () => {
  // 6 000 names with "krukväxt", one in 20 of them in a category of its own, the dates shuffled:
  // the facets read the newest 5 001 of the word's rows and scale them by the word's count.
  beforeAll(async () => {
    const { user } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore, rating, count_in_stock, description, created_at)
      select ${user.id}::uuid, 'Krukväxt ' || i, case when i % 20 = 0 then 'Sällsynt' else 'Växter' end,
             100 * (i % 400), 3, 1, '', timestamp '2025-01-01' + ((i * 7919) % 6000) * interval '1 hour'
      from generate_series(1, 6000) as i`);
  });

  it('estimates each entry from the sample and the word count, and says so', async () => {
    expect(await dictionaryWordsOf(db, { name: 'krukväxt' }, { typos: false })).toEqual(['krukvaxt']);
    const answer = await t.app.inject({ method: 'GET', url: '/api/products/facets?name=krukv%C3%A4xt' });
    const body = answer.json() as ProductFacets;
    expect(body.capped).toBe(true);
    const rare = body.categories.find((c) => c.name === 'Sällsynt')?.count ?? 0;
    // 300 in truth: the sample's share of them, scaled by 6 000 over 5 001.
    expect(rare).toBeGreaterThan(240);
    expect(rare).toBeLessThan(360);
    expect(body.categories.find((c) => c.name === 'Växter')?.count).toBe(COUNT_CAP);
  });
});
