/**
 * Counts beside every filter of the search sidebar: for each category, price preset
 * and rating preset, how many listed products the search would give with that entry chosen and
 * every OTHER filter kept.
 *
 * One read, bounded at any catalogue size: the products the search's name and seller match (the
 * filters every entry keeps) are read up to FACET_SAMPLE, and every entry is counted over them
 * in the same statement. When they are all read, the counts are exact; past FACET_SAMPLE they
 * are estimated from the sample (its share of the table's pages tells how many matches there
 * are in all). A one-word name's sample is read from the names' words instead (countWordSample).
 * Counts are answered up to COUNT_CAP; `capped` says one was more, or estimated
 * (docs/decisions/044-suggestions-and-facets.md). With no filter at all, the categories are the database's exact counts.
 */
import type { ProductFacets } from '@torget/shared/api-types.generated';
import { COUNT_CAP, PRICE_PRESET_RANGES, RATING_PRESETS } from '@torget/shared/rules/catalog-query';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { categoryCounts } from './catalogue-counts';
import { listed } from './listed';
import { type NameMatching, typosCouldMatch } from './name-search';
import {
  categoryCondition,
  filterConditions,
  hasNoFilter,
  type ProductFilters,
  priceCondition,
  ratingCondition,
} from './product-filters';
import { optionFacets } from './variant-facets';
import { dictionaryWordsOf, formValuesOf, searchFormsOf } from './word-search';

/** Most matches read for the facets; past this many, counts are estimated from them. */
export const FACET_SAMPLE = 5000;

interface SampleRow {
  /** Matches read (FACET_SAMPLE + 1 means "more"). */
  n: number;
  /** The last table page the sample reached, and the table's pages: the sample's share. */
  last_page?: number | null;
  pages?: number;
  /** Or, for a sample of the names' words, how many products have them in all. */
  total?: number | string;
  [entry: `e${number}`]: number | null | undefined | string;
}

/** Most dictionary words a name may stand for and still have its facets read from the words. */
const FACET_WORDS = 8;

/**
 * Reads the matches of `base` once (up to FACET_SAMPLE + 1; the columns the entries look at and
 * each row's table page) and counts each entry's condition over them, in one statement. The
 * CTE is named as the table, so the conditions read its columns.
 */
async function countSample(db: Db, base: SQL, entries: SQL[]): Promise<SampleRow | undefined> {
  const counts = entries.map((where, i) => sql`, count(*) filter (where ${where})::int as ${sql.identifier(`e${i}`)}`);
  const [row] = await queryRows<SampleRow>(
    db,
    // "Every match" planned on its own and read only as far as the sample goes (name-page-statements.ts).
    sql`with every_match as materialized (
      select ${products.category}, ${products.priceOre}, ${products.rating},
        (${products}.ctid::text::point)[0]::int as page
      from ${products} where ${base}
    ),
    sample as materialized (select * from every_match limit ${FACET_SAMPLE + 1})
    select count(*)::int as n, max("products".page) as last_page,
      (select greatest(relpages, 1) from pg_class where oid = 'products'::regclass)::int as pages
      ${sql.join(counts, sql``)}
    from sample as "products"`,
  );
  return row;
}

/**
 * The same counts over a sample of the products whose name has one of `words` (the dictionary
 * words of a one-word name, word-search.ts): the newest FACET_SAMPLE + 1 of them from the words'
 * date index, each product once, and how many products have the words in all (the counts kept
 * by migration 0013); then, when those are fewer than the sample, the products found by their
 * other fields alone (search_found_products, the word's `forms`: word-search.ts). The name's
 * matches are exactly those products; `base` (listed, the name) holds nothing else, since a
 * seller's search does not read the words.
 */
async function countWordSample(
  db: Db,
  words: readonly string[],
  forms: readonly string[],
  entries: SQL[],
): Promise<SampleRow | undefined> {
  const counts = entries.map((where, i) => sql`, count(*) filter (where ${where})::int as ${sql.identifier(`e${i}`)}`);
  const wordList = sql`string_to_array(${words.join(' ')}, ' ')`;
  const sampleSize = sql.raw(String(FACET_SAMPLE + 1));
  const newest = (word: SQL) => sql`select pw.id, pw.category, pw.price_ore, pw.rating, pw.created_at
    from product_words as pw where pw.word = ${word}
    order by pw.created_at desc, pw.id desc limit ${sampleSize}`;
  // One word: its newest rows. Several: each word's newest, each product once, the newest of them.
  const { form1, form2 } = formValuesOf(forms);
  const byFields = sql`select f.id, f.category, f.price_ore, f.rating, f.created_at
    from search_found_products(${form1}, ${form2}, ${sampleSize}) as f`;
  const byNames =
    words.length === 0
      ? sql`select null::uuid as id, null::text as category, null::integer as price_ore, null::real as rating,
          null::timestamptz as created_at where false`
      : words.length === 1
        ? newest(sql`${words[0]}`)
        : sql`select * from (
          select distinct on (x.id) x.* from unnest(${wordList}) as w(word)
          cross join lateral (${newest(sql`w.word`)}) as x
          order by x.id
        ) as each_once order by created_at desc, id desc limit ${sampleSize}`;
  // The names' rows first: an Append reads the fields' only when those are fewer than the sample.
  const sample = sql`select * from ((${byNames}) union all (${byFields})) as both_reads limit ${sampleSize}`;
  const [row] = await queryRows<SampleRow>(
    db,
    sql`with sample as materialized (${sample})
    select count(*)::int as n,
      (select sum(search_word_count(w.word)) from unnest(${wordList}) as w(word))::bigint as total
      ${sql.join(counts, sql``)}
    from sample as "products"`,
  );
  return row;
}

/**
 * How many matches the sample stands for: all it read, or, when it stopped at FACET_SAMPLE,
 * that many times the table's pages over the pages it reached (matches spread like the table),
 * or the words' count over the sample (a sample of the words' newest products).
 */
function scaleOf(row: SampleRow): { scale: number; estimated: boolean } {
  if (row.n <= FACET_SAMPLE) return { scale: 1, estimated: false };
  if (row.total !== undefined) return { scale: Math.max(1, Number(row.total) / row.n), estimated: true };
  const reached = (row.last_page ?? 0) + 1;
  return { scale: Math.max(1, (row.pages ?? 1) / reached), estimated: true };
}

/**
 * The facets of a search. Like the list (product-list.service.ts), a name is matched without typos
 * first, and with them only when it finds nothing so (name-search.ts, NameMatching): the sample
 * of the name's matches tells, so no read is added when it finds something.
 */
export async function productFacets(db: Db, filters: ProductFilters): Promise<ProductFacets> {
  const counted = await categoryCounts(db);
  const exact = await facetsWith(db, filters, counted, { typos: false });
  if (exact.matched > 0 || !filters.name || !typosCouldMatch(filters.name)) return exact.facets;
  return (await facetsWith(db, filters, counted, { typos: true })).facets;
}

async function facetsWith(
  db: Db,
  filters: ProductFilters,
  counted: Awaited<ReturnType<typeof categoryCounts>>,
  matching: NameMatching,
): Promise<{ facets: ProductFacets; matched: number }> {
  const noFilter = hasNoFilter(filters);
  const c = filterConditions(filters, matching);
  const base = and(listed, c.seller, c.name) ?? listed;
  const keep = (...conditions: (SQL | undefined)[]) => and(sql`true`, ...conditions) ?? sql`true`;
  // With no filter the categories are the counters' exact counts: no entry of theirs is read.
  const categoryEntries = noFilter ? [] : counted.map(({ name }) => keep(categoryCondition(name), c.price, c.rating));
  const priceEntries = PRICE_PRESET_RANGES.map(({ min, max }) => keep(c.category, priceCondition(min, max), c.rating));
  const ratingEntries = RATING_PRESETS.map((rating) => keep(c.category, c.price, ratingCondition(rating)));
  const entries = [...categoryEntries, ...priceEntries, ...ratingEntries];
  const words = filters.name ? await dictionaryWordsOf(db, filters, matching) : null;
  const forms = searchFormsOf(filters, matching);
  const row =
    words && forms && words.length <= FACET_WORDS
      ? await countWordSample(db, words, forms, entries)
      : await countSample(db, base, entries);
  const { scale, estimated } = row ? scaleOf(row) : { scale: 1, estimated: false };
  const sampled = (i: number) => Math.round(Number(row?.[`e${i}`] ?? 0) * scale);

  let capped = estimated;
  const cap = (n: number) => {
    if (n > COUNT_CAP) capped = true;
    return Math.min(n, COUNT_CAP);
  };
  const categories = noFilter
    ? counted.map(({ name, count }) => ({ name, count: cap(count) }))
    : counted.map(({ name }, i) => ({ name, count: cap(sampled(i)) }));
  const prices = PRICE_PRESET_RANGES.map(({ min, max }, i) => ({
    min,
    max,
    count: cap(sampled(categoryEntries.length + i)),
  }));
  const ratings = RATING_PRESETS.map((rating, i) => ({
    rating,
    count: cap(sampled(categoryEntries.length + priceEntries.length + i)),
  }));
  // The sizes and colours of the shown results: those of every filter (variant-facets.ts).
  const optionValues = await optionFacets(db, and(base, c.category, c.price, c.rating) ?? base);
  return { facets: { categories, prices, ratings, capped, optionValues }, matched: row?.n ?? 0 };
}
