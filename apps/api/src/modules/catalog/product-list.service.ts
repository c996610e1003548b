/**
 * A product list's answer: which statements read its page and count (a list without a name:
 * list-statements.ts; a name search: name-list-read.ts), the count shared through the read
 * cache by every page and sort of the same filters, the typos and the suggestion of a name that
 * finds nothing, and the answer's JSON.
 */
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import type { SQL } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import type { TextRow } from '#api/db/text-rows.ts';
import { listTags, shownTags } from '#api/lib/cache-changes.ts';
import { noReadCache, type ReadCache } from '#api/lib/read-cache.ts';
import { type Counting, countAlone, countingOf, type Where, whereOf } from './list-counting';
import { listCouldHold } from './list-reach';
import { pageOfProducts, pageStatement, totalOfRow } from './list-statements';
import {
  pageBeyondOneRead,
  pageFromOneRead,
  readMatchesOfName,
  type WordsOfName,
  wordsOfNameOf,
} from './name-list-read';
import { namePageStatement } from './name-page-statements';
import { closestCategories, type NameMatching, searchTyposOf, suggestName } from './name-search';
import { filterConditions, listConditions } from './product-filters';
import { productJsonOfRow, shownOfRow } from './product-json';
import { searchFormsOf } from './word-search';

/** How long a product list or count may be served from the cache (lib/read-cache.ts). */
export const PRODUCT_LIST_TTL_MS = 10_000;

/**
 * A product list's answer: its JSON (ProductListResponse, written from the rows read as text:
 * product-json.ts) and the products it shows, whose ids the read cache tags it with.
 */
export interface ProductListAnswer {
  json: string;
  shown: { _id: string; seller: { _id: string } }[];
  /**
   * How the name was matched, so the read cache can tell which products could be in the answer
   * (list-reach.ts); null when the answer depends on other products too (a name that found
   * nothing, with or without a suggested name).
   */
  matching: NameMatching | null;
}

/** A product list as the cache keeps it: identical queries within the time-to-live share one answer. */
export function listProductsCached(db: Db, query: ProductListQuery, cache: ReadCache): Promise<ProductListAnswer> {
  // Until the answer is read, any product could be in it.
  let matching: NameMatching | null = null;
  return cache.get(
    `products:list:${JSON.stringify(query)}`,
    PRODUCT_LIST_TTL_MS,
    async () => {
      const answer = await listProducts(db, query, cache);
      matching = answer.matching;
      return answer;
    },
    listTags(query, true),
    (answer) => shownTags(answer.shown),
    (product) => matching === null || listCouldHold(query, matching.typos, product),
  );
}

/**
 * A page and its count: usually one statement whatever the page size (two when the page is past
 * the last, or a name search is above the cap). The count of the same filters is shared, through
 * the cache, by every page and sort: when it is known, only the page is read. A capped count
 * answers COUNT_CAP with `countIsCapped`, and pages past it are still read when asked for.
 * A name search looks for typos only when the name as typed finds nothing (name-search.ts,
 * NameMatching): then the list is read again with them.
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  cache: ReadCache = noReadCache,
): Promise<ProductListAnswer> {
  let matching: NameMatching = { typos: false };
  let list = await readList(db, query, cache, matching);
  if (list.count === 0 && query.name && (await searchTyposOf(db, query.name, filterConditions(query).seller))) {
    matching = { typos: true };
    list = await readList(db, query, cache, matching);
  }
  let didYouMean: DidYouMean | undefined;
  if (list.count === 0 && query.name) {
    const suggestion = await suggestName(db, query.name, (name) => listConditions({ ...query, name }));
    didYouMean = { suggestion, categories: await closestCategories(db, query.name) };
  }
  // A name that finds nothing is answered with a suggestion, or none, read from other products'
  // names: any product's edit may change that answer.
  const nothingFound = list.count === 0 && !!query.name;
  return { ...listAnswer(list, didYouMean), matching: nothingFound ? null : matching };
}

/** What one reading of a list found: the page's rows, and the count as the answer shows it. */
interface ListRead {
  rows: TextRow[];
  page: number;
  pages: number;
  count: number;
  countIsCapped: boolean;
}

/** One reading of a list (page and count), its name matched with or without typos. */
async function readList(db: Db, query: ProductListQuery, cache: ReadCache, matching: NameMatching): Promise<ListRead> {
  const where = whereOf(() => listConditions(query, matching));
  const counting = countingOf(query, where);
  const words = wordsOfNameOf(db, query, matching);
  const filters = JSON.stringify({
    ...query,
    pageNumber: undefined,
    pageSize: undefined,
    order: undefined,
    typos: query.name ? matching.typos : undefined,
  });
  let rows: TextRow[] | null = null;
  const count = await cache.get(
    `products:count:${filters}`,
    PRODUCT_LIST_TTL_MS,
    async () => {
      const first = await pageAndCount(db, where, query, counting, words);
      rows = first.rows;
      if (first.total !== undefined) return first.total;
      return query.pageNumber === 1 ? 0 : countAlone(db, counting);
    },
    listTags(query, false),
    undefined,
    (product) => listCouldHold(query, matching.typos, product),
  );
  const capped = !counting.exact && count > COUNT_CAP;
  const offset = (query.pageNumber - 1) * query.pageSize;
  if (rows === null && (offset < count || capped)) {
    rows = pageFromOneRead(query, count)
      ? (await readMatchesOfName(db, where, query, words)).rows
      : await pageBeyondOneRead(db, query, await words.get(), matching);
  }
  const shown = capped ? COUNT_CAP : count;
  return {
    rows: rows ?? [],
    page: query.pageNumber,
    pages: Math.ceil(shown / query.pageSize),
    count: shown,
    countIsCapped: capped,
  };
}

/** The first statement of a list: its page and its count (undefined when the page is empty). */
async function pageAndCount(db: Db, where: Where, query: ProductListQuery, counting: Counting, words: WordsOfName) {
  if (!query.name) return pageOfProducts(db, where, query, counting.total);
  const { rows, complete } = await readMatchesOfName(db, where, query, words);
  const total = rows[0] ? totalOfRow(rows[0]) : undefined;
  // Above the cap the read held only some matches: unless it also held the page past them, the
  // page is read again from the sort's index; so is a page past them (its count comes alone, then).
  if (total === undefined && query.pageNumber > 1) return { rows: null, total };
  if (total !== undefined && !complete && !pageFromOneRead(query, total)) return { rows: null, total };
  return { rows, total };
}

/** What a name search that finds nothing suggests: the closest query that finds something, and categories. */
interface DidYouMean {
  suggestion: string | undefined;
  categories: string[];
}

/** The answer's JSON, its keys in the order of ProductListResponse as written before (products first). */
function listAnswer(list: ListRead, didYouMean: DidYouMean | undefined): Omit<ProductListAnswer, 'matching'> {
  const products = list.rows.map((row) => productJsonOfRow(row)).join(',');
  const capped = list.countIsCapped ? ',"countIsCapped":true' : '';
  const suggestion = didYouMean?.suggestion;
  const suggested = suggestion === undefined ? '' : `,"suggestion":${JSON.stringify(suggestion)}`;
  const offered = didYouMean
    ? `,"didYouMean":${JSON.stringify({ categories: didYouMean.categories, spellings: suggestion === undefined ? [] : [suggestion] })}`
    : '';
  return {
    json: `{"products":[${products}],"page":${list.page},"pages":${list.pages},"count":${list.count}${capped}${suggested}${offered}}`,
    shown: list.rows.map(shownOfRow),
  };
}

/** The statement a product list sends first (page and count), for EXPLAIN in tests. */
export function productListStatement(
  db: Db,
  query: ProductListQuery,
  matching: NameMatching = { typos: false },
  words: readonly string[] | null = null,
): SQL {
  const where = listConditions(query, matching);
  if (query.name) {
    const forms = searchFormsOf(query, matching) ?? [];
    return namePageStatement(db, where, query, words && { words, forms, placeholders: false }, matching).getSQL();
  }
  return pageStatement(db, where, query, countingOf(query, () => where).total()).getSQL();
}
