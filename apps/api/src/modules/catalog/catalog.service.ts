/** Reading the catalogue: product lists with filters, one product, categories. */
import type { ProductDetails } from '@torget/shared/api-types';
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, asc, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, oncePerDatabase, queryRows, rootOf } from '#api/db/client.ts';
import { catalogueCounts, productReviewTexts, products, sellers, users } from '#api/db/schema.ts';
import { type TextRow, type TextStatement, textRows, textStatement } from '#api/db/text-rows.ts';
import { listTags, shownTags } from '#api/lib/cache-changes.ts';
import { noReadCache, type ReadCache } from '#api/lib/read-cache.ts';
import { categoryCounts } from './catalogue-counts';
import { listCouldHold } from './list-reach';
import { listed } from './listed';
import { type NameMatching, relevanceOrder, searchTyposOf, suggestName } from './name-search';
import { cappedCount, filterConditions, filterValues, listConditions } from './product-filters';
import {
  AFTER_PRODUCT_COLUMNS,
  productFactsOfRow,
  productJsonOfRow,
  productTextColumns,
  shownOfRow,
} from './product-json';
import {
  DICTIONARY_CTE,
  dictionaryCte,
  dictionaryStemOf,
  dictionaryWordsOf,
  MAX_DICTIONARY_WORDS,
  pageOfProductsWithWords,
  productsWithWords,
  type WordBinding,
  wordList,
  wordSearchValues,
} from './word-search';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * Sort orders, each ending in the id so equal keys keep one stable order across pages. Each
 * has an index of products on sale in exactly this order (plain DESC is NULLS FIRST, as the
 * indexes are). Best match has none: it ranks a name search's matches (name-search.ts).
 */
const ORDER_BY: Record<Exclude<ProductListQuery['order'], 'relevance'>, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  lowest: [asc(products.priceOre), asc(products.id)],
  highest: [desc(products.priceOre), desc(products.id)],
  toprated: [desc(products.rating), asc(products.id)],
};

/** The query's sort; best match without a name is the newest order. */
function orderOf(query: ProductListQuery): SQL[] {
  if (query.order !== 'relevance') return ORDER_BY[query.order];
  return query.name ? relevanceOrder(query.name) : ORDER_BY.newest;
}

/** How long a product list or count may be served from the cache (lib/read-cache.ts). */
export const PRODUCT_LIST_TTL_MS = 10_000;
/** How long the category list may be served from the cache. */
export const CATEGORIES_TTL_MS = 60_000;

/**
 * How a list counts its matches. Lists whose filters are few and fixed (everything
 * listed, one category, one seller) read the exact count the database keeps; any other filter
 * counts up to COUNT_CAP + 1 matches only.
 */
interface Counting {
  /** The count's expression, built when a statement that is not prepared asks for it. */
  total(): SQL<number>;
  exact: boolean;
}

/**
 * A list's conditions, built on first use: most reads run a prepared statement (a light list, a
 * deep page, a folded word search) that has them already, and building them through Drizzle for
 * nothing was 3 % of the API's CPU on a search.
 */
type Where = () => SQL;

function whereOf(build: () => SQL): Where {
  let where: SQL | undefined;
  return () => {
    where ??= build();
    return where;
  };
}

/** The counter row's count; `key` may be a placeholder of a prepared statement (lightStatement). */
function counterTotal(scope: 'listed' | 'category' | 'seller', key: string | Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${catalogueCounts.n}), 0)::int from ${catalogueCounts}
    where ${catalogueCounts.scope} = ${scope} and ${catalogueCounts.key} = ${key})`;
}

/** No filter but the seller and the category: the lists with counters (and prepared statements). */
function filtersOnlyScope(query: Pick<ProductListQuery, 'name' | 'min' | 'max' | 'rating'>): boolean {
  return !query.name && !query.min && !query.max && !query.rating;
}

/**
 * The query's filters, the seller and the category as values or as a prepared statement's
 * placeholders (lightStatement).
 */
type CountedQuery = Omit<ProductListQuery, 'seller' | 'category'> & {
  seller?: string | Placeholder | undefined;
  category?: string | Placeholder | undefined;
};

function countingOf(query: CountedQuery, where: Where): Counting {
  const { seller, category } = query;
  if (filtersOnlyScope(query)) {
    if (!seller && !category) return { total: () => counterTotal('listed', ''), exact: true };
    if (!category && seller) return { total: () => counterTotal('seller', seller), exact: true };
    if (!seller && category) return { total: () => counterTotal('category', category), exact: true };
  }
  return { total: () => cappedCount(where(), COUNT_CAP), exact: false };
}

/** The count alone (a page past the last has no row to bring it). */
async function countAlone(db: Db, counting: Counting): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select ${counting.total()} as count`);
  return Number(row?.count ?? 0);
}

/**
 * One page of listed products, and (when asked) the number of all matches, in one statement.
 * A deferred join: the page's ids are picked first from the sort's index alone (a deep page
 * skips index entries, not rows), and only those rows are then read and joined to their
 * sellers. The count is a scalar subquery (the database's counter, or a capped count), so it
 * and the page each get their own best plan; it comes with the rows, so an empty page cannot
 * tell it.
 */
function pageStatement(db: Db, where: SQL, query: ProductListQuery, total: SQL<number> | undefined) {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const written = isLight(query);
  const rows = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderOf(query));
  const page = (
    written
      ? offset > 0
        ? rows.limit(writtenIn(query.pageSize)).offset(writtenIn(offset))
        : rows.limit(writtenIn(query.pageSize))
      : rows.limit(query.pageSize).offset(offset)
  ).as('page');
  return (
    db
      .select({ ...productTextColumns, total: total ?? sql<number>`0` })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      // The page's rows in the same order: every sort's expressions are of the products' columns.
      .orderBy(...orderOf(query))
  );
}

/**
 * The light lists (no name, price or rating filter: home, category pages, storefronts) are
 * built once per shape (sort, filters given, page size, page) as named prepared statements, the
 * seller and category as placeholders. At a million products and fifty connections their cost
 * was elsewhere than in running them: Node spent about a quarter of its time building the SQL
 * through Drizzle, and PostgreSQL 0.8–1.5 ms planning a page it then ran in 0.3 ms (products has
 * fourteen indexes to weigh). A prepared statement is built once, and with the page's size and
 * offset written into its text PostgreSQL switches to one generic plan after five runs. (With
 * the limit as a parameter the generic plan assumes a tenth of the table and sorts it: 300 ms.)
 * Only equality filters that an index in the sort's order serves are placeholders, so the
 * generic plan is the one the values would get; a price or rating bound, or a name, keeps being
 * planned for its values. The first pages only, and at most PREPARED_LISTS shapes per database:
 * a crawler paging deep, or asking every page size, cannot fill each connection with statements.
 */
const PREPARED_LISTS = 64;
const PREPARED_PAGES = 5;

/**
 * Statements prepared once per database and shape, at most PREPARED_LISTS shapes per database:
 * `statementFor` gives the shape's statement, built on first use on the database's shared handle
 * (`build` is given it, and told how many shapes came before it, for a short statement name), or
 * null past the limit. They are reads: run as built, on the shared handle, whichever handle asked.
 */
function preparedPerShape<S>() {
  const shapesOf = oncePerDatabase(() => new Map<string, S>());
  return function statementFor(db: Db, shape: string, build: (root: Db, shapesBefore: number) => S): S | null {
    const byShape = shapesOf(db);
    let statement = byShape.get(shape);
    if (!statement) {
      if (byShape.size >= PREPARED_LISTS) return null;
      statement = build(rootOf(db), byShape.size);
      byShape.set(shape, statement);
    }
    return statement;
  };
}

function isLight(query: ProductListQuery): boolean {
  return filtersOnlyScope(query) && query.pageNumber <= PREPARED_PAGES;
}

/**
 * A validated integer written into the statement's text. Drizzle types limit and offset as a
 * number or a placeholder, and writes any SQL it is given as it is.
 */
function writtenIn(n: number): number {
  return sql.raw(String(Math.trunc(n))) as unknown as number;
}

function lightStatementOf(db: Db, query: ProductListQuery) {
  const seller = query.seller ? sql.placeholder('seller') : undefined;
  const category = query.category ? sql.placeholder('category') : undefined;
  const where =
    and(listed, seller && eq(products.sellerId, seller), category && eq(products.category, category)) ?? listed;
  const total = countingOf({ ...query, seller, category }, () => where).total();
  const shape = [query.order, seller ? 'seller' : '', category ? 'category' : '', query.pageSize, query.pageNumber];
  return textStatement(pageStatement(db, where, query, total), `list_${shape.join('_')}`);
}

const lightStatements = preparedPerShape<TextStatement>();

/** The light list's prepared statement (built on first use), or null for any other list. */
function lightStatement(db: Db, query: ProductListQuery) {
  if (!isLight(query)) return null;
  const shape = `${query.order}|${!!query.seller}|${!!query.category}|${query.pageSize}|${query.pageNumber}`;
  return lightStatements(db, shape, (root) => lightStatementOf(root, query));
}

/**
 * Offsets from which a page of the newest products (everything listed, or one category) starts
 * from the day it lies in (migration 0014) instead of skipping every product before it.
 */
const DEEP_OFFSET = 1000;

function isDeepNewest(query: ProductListQuery): boolean {
  return (
    filtersOnlyScope(query) &&
    !query.seller &&
    query.order === 'newest' &&
    (query.pageNumber - 1) * query.pageSize >= DEEP_OFFSET
  );
}

/**
 * A deep page of the newest listed products (everything, or one category), with the count. The
 * database keeps how many listed products each day (UTC) has, per scope (migrations 0014, 0016):
 * the days are summed from the newest until the running count passes the page's offset, and the
 * page is read from the date index below that day's end, skipping only the products of that
 * day that come before it (at a million products and 10 categories, a few hundred, not 24 000).
 * The counts and the page are one statement, so one snapshot: they agree. Prepared once per
 * shape (a category or not, the page size); the offset and the category are its values.
 */
function deepNewestStatementOf(db: Db, query: ProductListQuery) {
  const byCategory = !!query.category;
  const scope = byCategory ? 'category' : 'listed';
  const key = byCategory ? sql.placeholder('category') : '';
  const offset = sql.placeholder('offset');
  const where = (byCategory && and(listed, eq(products.category, sql.placeholder('category')))) || listed;
  // The days are walked from the newest back, each count with its day's changes added, and the
  // walk stops at the day the offset falls in (migration 0016: the days in that order from an
  // index, and a row in the counts for every day with changes).
  const page = sql`(
    with changes as materialized (
      select day, sum(n) as n from catalogue_day_count_changes where scope = ${scope} and key = ${key} group by day
    ),
    running as (
      select day, n, sum(n) over (order by day desc) as upto from (
        select d.day, d.n + coalesce((select c.n from changes as c where c.day = d.day), 0) as n
        from catalogue_day_counts as d where d.scope = ${scope} and d.key = ${key}
        order by d.day desc
      ) as kept
    ),
    start as (select day, upto - n as before from running where upto > ${offset}::bigint order by day desc limit 1)
    select ${products.id} as id from ${products}
    where ${where} and ${products.createdAt} < (select (start.day + 1)::timestamp at time zone 'UTC' from start)
    order by ${sql.join(ORDER_BY.newest, sql`, `)}
    limit ${sql.raw(String(query.pageSize))} offset (select (${offset}::bigint - start.before)::bigint from start)
  ) as page`;
  const total = countingOf(
    { ...query, category: byCategory ? sql.placeholder('category') : undefined },
    () => where,
  ).total();
  return textStatement(
    db
      .select({ ...productTextColumns, total })
      .from(page)
      .innerJoin(products, eq(products.id, sql`page.id`))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      .orderBy(...ORDER_BY.newest),
    `deep_newest_${byCategory ? 'category' : 'listed'}_${query.pageSize}`,
  );
}

const deepNewestStatements = preparedPerShape<TextStatement>();

/**
 * The deep page's prepared statement (built on first use), or null for any other list (which
 * skips to its page in the sort's index, as every list did before), also past the shapes' limit
 * (every page size asked for, by a crawler).
 */
function deepNewestStatement(db: Db, query: ProductListQuery) {
  if (!isDeepNewest(query)) return null;
  return deepNewestStatements(db, `${!!query.category}|${query.pageSize}`, (root) =>
    deepNewestStatementOf(root, query),
  );
}

/** A list row's count (its statement selects it after the product's columns). */
function totalOfRow(row: TextRow): number {
  return Number(row[AFTER_PRODUCT_COLUMNS] ?? 0);
}

/**
 * A page of products and, when `total` is given, the count. A light list's statement, and a
 * deep page's, always bring their count (a counter row); it is read only when asked for.
 */
async function pageOfProducts(db: Db, where: Where, query: ProductListQuery, total: Counting['total'] | undefined) {
  const light = lightStatement(db, query);
  const deep = light ? null : deepNewestStatement(db, query);
  const offset = (query.pageNumber - 1) * query.pageSize;
  const rows = light
    ? await textRows(db, light, { seller: query.seller, category: query.category })
    : deep
      ? await textRows(db, deep, { category: query.category, offset })
      : await textRows(db, textStatement(pageStatement(db, where(), query, total?.())));
  return { rows, total: total && rows[0] ? totalOfRow(rows[0]) : undefined };
}

/**
 * A name search's page and count from ONE read of its matches: up to COUNT_CAP + 1
 * matches are read once into a CTE (the trigram index, or the name with the other filters; for
 * a one-word name, the names' words: word-search.ts), counted, and sorted for the page there.
 * Only the few columns the sorts need are kept; the page's rows are then read by id. When the
 * count is under the cap (most searches), that is every match, so count and page are both exact.
 * Above it, a word search's statement also holds the page from the words in the sort's order
 * (readsPageBeyond), run only when the count is over the cap: one statement either way. Any other
 * search's caller reads the page from the sort's index instead (listProducts, pageFromOneRead).
 */
function namePageStatement(db: Db, where: SQL, query: ProductListQuery, words: WordBinding | null) {
  return productsOfPage(db, sql`${namePageIds(where, query, words)} as page`, query, { total: true });
}

/**
 * The name search's page ids and count (see namePageStatement), as a subquery: its rows are
 * (page_id, total), the count on each.
 */
function namePageIds(where: SQL, query: ProductListQuery, words: WordBinding | null): SQL {
  const everyMatch = words
    ? productsWithWords(words, query, COUNT_CAP + 1)
    : sql`select ${products.id}, ${products.searchText}, ${products.createdAt}, ${products.priceOre}, ${products.rating}
      from ${products} where ${where}`;
  // The word rows come at most COUNT_CAP + 1 already: they are the matches, kept once (a copy
  // of them in a second CTE cost a tenth of the statement), but for best match, which ranks by
  // the name's search text the word rows do not hold (read for those rows only). The trigram
  // index's matches are cut at COUNT_CAP + 1 by the second CTE (see below).
  const matchesCte =
    words && query.order !== 'relevance'
      ? sql`matches as materialized (${everyMatch})`
      : sql`every_match as materialized (${everyMatch}),
    matches as materialized (${
      words
        ? sql`select m.*, (select p.search_text from ${products} as p where p.id = m.id) as search_text
          from every_match as m`
        : sql`select * from every_match limit ${sql.raw(String(COUNT_CAP + 1))}`
    })`;
  // A word search's statement holds both pages, each run only when its one-time filter holds:
  // the matches' page when they are all read, the words' page when there are more. Whether the
  // words' page is read at all may hang on the looked-up words' number (pageBeyondWhen).
  const beyondWhen = words ? pageBeyondWhen(query, words) : false;
  const beyond = beyondWhen === false ? null : words;
  const onlyIfBeyond = beyondWhen === true ? sql`` : sql` and ${beyondWhen}`;
  const unlessBeyond = beyondWhen === true ? sql`` : sql` or not ${beyondWhen}`;
  const cap = sql.raw(String(COUNT_CAP));
  const pageOfMatches = sql`select "products"."id" as page_id
    from matches as "products"
    ${beyond ? sql`where ((select total from counted) <= ${cap}${unlessBeyond})` : sql``}
    order by ${sql.join(orderOf(query), sql`, `)}
    limit ${sql.raw(String(query.pageSize))} offset ${sql.raw(String((query.pageNumber - 1) * query.pageSize))}`;
  const pageIds = beyond
    ? sql`(${pageOfMatches})
        union all
        (select beyond.id from (${pageOfProductsWithWords(beyond, query, orderOf(query))}) as beyond
         where (select total from counted) > ${cap}${onlyIfBeyond})`
    : pageOfMatches;
  // With no other filter, a word in more names than the cap says so by its count (migration
  // 0013): the matches are then not read at all (a CASE runs the subquery of its branch only).
  const countOfMatches =
    beyond && Object.keys(filterValues(query)).length === 0
      ? sql`case when (select max(search_word_count(w.word)) from unnest(${wordList(beyond)}) as w(word)) > ${cap}
          then ${sql.raw(String(COUNT_CAP + 1))} else (select count(*)::int from matches) end`
      : sql`(select count(*)::int from matches)`;
  return sql`(
    -- Planned on its own as "every match" (MATERIALIZED), which the index serves; a CTE is run
    -- only as far as it is read, so the index's scan stops after COUNT_CAP + 1 rows. (With the
    -- LIMIT in the same query the planner scanned the table until it had them: all of it for a
    -- word in fewer names.) The names' words are read the other way: their btree gives matches
    -- in order, so their statement holds its LIMIT and is planned to stop early.
    with ${matchesCte},
    counted as materialized (select ${countOfMatches} as total)
    -- The CTE under the table's name: the sorts' expressions name the products' columns.
    select ids.page_id, (select total from counted) as total from (${pageIds}) as ids
  )`;
}

/**
 * The products of a page subquery (`page`, its ids in `page_id`) with their sellers, in the
 * query's sort, and the page's count (`page.total`) when it has one. `lookedUp`: the folded
 * statement's page (foldedSearchStatement), which also gives how many words it looked up, and
 * whose one row may stand for no product (left joins: its columns are then null).
 */
function productsOfPage(db: Db, page: SQL, query: ProductListQuery, { total = false, lookedUp = false }) {
  const columns = {
    ...productTextColumns,
    ...(total ? { total: sql<number>`page.total` } : {}),
    ...(lookedUp ? { wordCount: sql<number | null>`page.word_count` } : {}),
  };
  const onProduct = eq(products.id, sql`page.page_id`);
  const onSeller = eq(users.id, products.sellerId);
  const read = db.select(columns).from(page);
  const joined = lookedUp
    ? read.leftJoin(products, onProduct).leftJoin(users, onSeller)
    : read.innerJoin(products, onProduct).innerJoin(users, onSeller);
  return joined.leftJoin(sellers, eq(sellers.userId, products.sellerId)).orderBy(...orderOf(query));
}

/**
 * A one-word search's dictionary lookup and its read (namePageStatement) in ONE statement, one
 * round trip instead of two: the statement looks the words up itself (dictionaryCte)
 * and runs the read of the shape they have, one word or several, each branch behind a one-time
 * filter on their number, so only one runs. Prepared once per shape, as the word statements are
 * (preparedWordStatement), executed with the stem and the filters' values (readMatchesOfName).
 *
 * When the word index cannot answer (the stem has under three characters, or stands for more
 * than MAX_DICTIONARY_WORDS words), neither branch runs and the statement gives one row with no
 * product, its word count null or over the limit: the caller then reads the trigram index, as
 * it would have after the lookup on its own. Each row says how many words were looked up (the
 * caller needs it to know whether the read held the page past the cap).
 */
function foldedSearchStatement(db: Db, query: ProductListQuery, branches: FoldedBranches) {
  const wordCount = sql`(select cardinality(words) from ${sql.identifier(DICTIONARY_CTE)})`;
  const branch = (shape: 'one' | 'several', when: SQL) =>
    sql`select b.page_id, b.total from ${namePageIds(listed, query, { fromDictionary: shape })} as b where ${when}`;
  // The words' number above which no branch of this statement reads: the row with no product.
  const answeredUpTo = branches === 'one' ? 1 : MAX_DICTIONARY_WORDS;
  const page = sql`(
    with ${dictionaryCte()}
    select b.page_id, b.total, ${wordCount} as word_count from (
      ${branch('one', sql`${wordCount} <= 1`)}
      ${
        branches === 'one'
          ? sql``
          : sql`union all
      ${branch('several', sql`${wordCount} between 2 and ${sql.raw(String(MAX_DICTIONARY_WORDS))}`)}`
      }
      union all
      select null::uuid, null::int
      where coalesce(${wordCount}, ${sql.raw(String(MAX_DICTIONARY_WORDS + 1))}) > ${sql.raw(String(answeredUpTo))}
    ) as b
  ) as page`;
  return productsOfPage(db, page, query, { total: true, lookedUp: true });
}

/**
 * Which reads a folded statement holds: 'all' (one word and several), or 'one' (one word only:
 * a stem in several words gets the row with no product, and its count). The one-word statement
 * is the smaller plan, and PostgreSQL starts every node of a plan on every run, run or not: with
 * it a one-word search costs PostgreSQL 0.85× what the statement of both reads did (paired,
 * bench/pair.mjs).
 */
type FoldedBranches = 'one' | 'all';

/** A page of a one-word search past its capped read, from the words in the sort's order. */
function wordPageStatement(db: Db, query: ProductListQuery, words: WordBinding) {
  const page = sql`(select w.id as page_id from (${pageOfProductsWithWords(words, query, orderOf(query))}) as w) as page`;
  return productsOfPage(db, page, query, {});
}

/**
 * A one-word search's statements (its capped read, and its page past the cap) are prepared once
 * per shape, as the light lists are (same limits: the first pages, PREPARED_LISTS shapes per
 * database): building them through Drizzle and planning them were more than half of such a
 * search's time at a million products. Their generic plans read the words' indexes in order with
 * the LIMIT written in. Best match is not prepared: its order holds the query's text.
 */
const wordStatements = preparedPerShape<TextStatement>();

/**
 * The shape a word search's prepared statement is kept under (its kind, sort, the filters given,
 * page size and page), or null when it is not prepared (best match, past the first pages).
 */
function wordStatementShape(
  kind: 'read' | 'page' | 'fold' | 'fold-one',
  query: ProductListQuery,
): (string | number)[] | null {
  if (query.order === 'relevance' || query.pageNumber > PREPARED_PAGES) return null;
  const given = Object.keys(filterValues(query)).sort().join('+');
  return [kind, query.order, given, query.pageSize, query.pageNumber];
}

function preparedWordStatement(
  db: Db,
  kind: 'read' | 'page',
  query: ProductListQuery,
  words: readonly string[],
): TextStatement | null {
  const shapeOfQuery = wordStatementShape(kind, query);
  if (!shapeOfQuery) return null;
  // A read holds the page past the cap or not (readsPageBeyond): for several words, by their number.
  const beyond = kind === 'read' && readsPageBeyond(query, words) ? 'beyond' : '';
  const shape = [...shapeOfQuery, words.length > 1 ? 'words' : 'word', beyond];
  return wordStatements(db, shape.join('_'), (root, shapesBefore) => {
    const binding = { words, placeholders: true };
    // Numbered: the shape's own key could pass PostgreSQL's 63 characters for a name.
    const name = `words_${shapesBefore}`;
    return textStatement(
      kind === 'read' ? namePageStatement(root, listed, query, binding) : wordPageStatement(root, query, binding),
      name,
    );
  });
}

/**
 * The name search's one read (namePageStatement): prepared for a one-word search where it can be.
 * `complete` when its rows are the page whatever the count (a word search's read also holds the
 * page past the cap).
 */
async function readNameMatches(db: Db, where: Where, query: ProductListQuery, words: readonly string[] | null) {
  const prepared = words && preparedWordStatement(db, 'read', query, words);
  const rows = await textRows(
    db,
    prepared ?? textStatement(namePageStatement(db, where(), query, words && { words, placeholders: false })),
    prepared && words ? wordSearchValues(words, query) : {},
  );
  return { rows, complete: words !== null && readsPageBeyond(query, words) };
}

/**
 * A folded statement's read (foldedSearchStatement, prepared per shape and built on first use),
 * executed with the stem: its rows, and the number of words it looked up, read off its first row
 * (null: the word index cannot answer; undefined: no row, the words were read and nothing
 * matched). Null when the search is best match or past the first pages, or the shapes' limit is
 * reached (preparedPerShape).
 */
async function readFolded(db: Db, query: ProductListQuery, stem: string, branches: FoldedBranches) {
  const shape = wordStatementShape(branches === 'one' ? 'fold-one' : 'fold', query);
  const statement =
    shape &&
    wordStatements(db, shape.join('_'), (root, shapesBefore) =>
      textStatement(foldedSearchStatement(root, query, branches), `words_${shapesBefore}`),
    );
  if (!statement) return null;
  const rows = await textRows(db, statement, { stem, ...filterValues(query) });
  return { rows, wordCount: rows[0] ? lookedUpWordCount(rows[0]) : undefined };
}

/**
 * The stems last found in several dictionary words, per database: their searches send the
 * folded statement of both reads, every other stem's the one-word statement first. Only which
 * statement to send is kept, never what it found: each statement looks the words up itself and
 * says how many it found, and a stem found in another number than expected is read again with
 * the other statement (one more round trip, once) and noted or forgotten. Bounded: emptied when
 * full, so a crawler's endless stems cannot grow it.
 */
const STEMS_IN_SEVERAL_WORDS_LIMIT = 10_000;
const stemsInSeveralWordsOf = oncePerDatabase(() => new Set<string>());

function noteStemShape(db: Db, stem: string, wordCount: number): void {
  const several = stemsInSeveralWordsOf(db);
  if (wordCount <= 1) {
    several.delete(stem);
    return;
  }
  if (several.size >= STEMS_IN_SEVERAL_WORDS_LIMIT) several.clear();
  several.add(stem);
}

/** The word count of a folded statement's first row; null when the word index cannot answer. */
function lookedUpWordCount(first: TextRow): number | null {
  const wordCount = first[AFTER_PRODUCT_COLUMNS + 1];
  if (wordCount === null || wordCount === undefined || Number(wordCount) > MAX_DICTIONARY_WORDS) return null;
  return Number(wordCount);
}

/**
 * The name search's one read, its words looked up in the same statement where it can be
 * (readFolded), else looked up first (`words`). The folded statement is the one-word one unless
 * the stem was last found in several words (stemsInSeveralWordsOf); when the one-word statement
 * finds several, the statement of both reads follows. Told to `words` when a folded statement
 * found that the word index does not answer, so that nothing looks them up again.
 */
async function readMatchesOfName(db: Db, where: Where, query: ProductListQuery, words: WordsOfName) {
  const stem = dictionaryStemOf(query, words.matching);
  if (stem === undefined) return readNameMatches(db, where, query, await words.get());
  const expected: FoldedBranches = stemsInSeveralWordsOf(db).has(stem) ? 'all' : 'one';
  let read = await readFolded(db, query, stem, expected);
  if (typeof read?.wordCount === 'number') {
    noteStemShape(db, stem, read.wordCount);
    // The one-word statement's row with no product: the stem is in several words.
    if (read.wordCount > 1 && expected === 'one') read = await readFolded(db, query, stem, 'all');
  }
  if (!read) return readNameMatches(db, where, query, await words.get());
  if (read.wordCount === undefined) return { rows: read.rows, complete: true };
  if (read.wordCount === null) {
    words.found(null);
    return readNameMatches(db, where, query, null);
  }
  return { rows: read.rows, complete: wordPageWithinBudget(read.wordCount, query) };
}

/**
 * The dictionary words of a one-word name (word-search.ts), looked up once per reading of a
 * list, and only when a statement needs them: a folded read looks them up itself.
 */
interface WordsOfName {
  matching: NameMatching;
  get(): Promise<string[] | null>;
  /** What a folded read found: the word index does not answer (null). */
  found(words: null): void;
}

function wordsOfNameOf(db: Db, query: ProductListQuery, matching: NameMatching): WordsOfName {
  let words: Promise<string[] | null> | undefined;
  return {
    matching,
    get: () => {
      words ??= dictionaryWordsOf(db, query, matching);
      return words;
    },
    found: (none) => {
      words = Promise.resolve(none);
    },
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
  if (query.name) return namePageStatement(db, where, query, words && { words, placeholders: false }).getSQL();
  return pageStatement(db, where, query, countingOf(query, () => where).total()).getSQL();
}

/** The statement that looks a one-word search's words up and reads its page (foldedSearchStatement), for EXPLAIN in tests. */
export function foldedListStatement(db: Db, query: ProductListQuery, branches: FoldedBranches = 'all'): SQL {
  return foldedSearchStatement(db, query, branches).getSQL();
}

/**
 * Whether the name search's one read (namePageStatement) gives this page: when it holds every
 * match (the count is under the cap), and for "Best match" also above the cap, which then ranks
 * the COUNT_CAP + 1 matches read, as long as the page lies within them (docs/decisions/041-catalogue-counters-and-capped-counts.md).
 */
function pageFromOneRead(query: ProductListQuery, count: number): boolean {
  if (!query.name) return false;
  if (count <= COUNT_CAP) return true;
  return query.order === 'relevance' && query.pageNumber * query.pageSize <= COUNT_CAP + 1;
}

/**
 * Most word rows a page past the cap may read when the name stands for several dictionary words
 * (each word's first `offset + pageSize`, word-search.ts): a deep page of a stem in hundreds of
 * words reads the sort's index of products instead.
 */
const WORD_PAGE_ROWS = 20_000;

function wordPageWithinBudget(wordCount: number, query: ProductListQuery): boolean {
  return wordCount === 1 || wordCount * query.pageNumber * query.pageSize <= WORD_PAGE_ROWS;
}

/** Whether the page past the cap comes from the names' words (not best match, within the budget). */
function readsPageBeyond(query: ProductListQuery, words: readonly string[]): boolean {
  return query.order !== 'relevance' && wordPageWithinBudget(words.length, query);
}

/**
 * Whether a word search's read holds the page past the cap (readsPageBeyond): known when its
 * words are, else (words the statement looks up itself) true for one word, and for several a
 * condition on their number.
 */
function pageBeyondWhen(query: ProductListQuery, words: WordBinding): boolean | SQL {
  if (!('fromDictionary' in words)) return readsPageBeyond(query, words.words);
  if (query.order === 'relevance') return false;
  if (words.fromDictionary === 'one') return true;
  const rows = sql.raw(String(query.pageNumber * query.pageSize));
  return sql`(cardinality(${wordList(words)}) * ${rows} <= ${sql.raw(String(WORD_PAGE_ROWS))})`;
}

/**
 * A page the name search's one read does not hold (more matches than it reads): from the names'
 * words in the sort's order when the name is one word (word-search.ts), else from the sort's
 * index of products, the name and filters checked on each row.
 */
async function pageBeyondOneRead(
  db: Db,
  where: Where,
  query: ProductListQuery,
  words: readonly string[] | null,
): Promise<TextRow[]> {
  if (!words || !readsPageBeyond(query, words)) return (await pageOfProducts(db, where, query, undefined)).rows;
  const prepared = preparedWordStatement(db, 'page', query, words);
  return textRows(
    db,
    prepared ?? textStatement(wordPageStatement(db, query, { words, placeholders: false })),
    prepared ? wordSearchValues(words, query) : {},
  );
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
  let suggestion: string | undefined;
  if (list.count === 0 && query.name) {
    suggestion = await suggestName(db, query.name, (name) => listConditions({ ...query, name }));
  }
  // A name that finds nothing is answered with a suggestion, or none, read from other products'
  // names: any product's edit may change that answer.
  const nothingFound = list.count === 0 && !!query.name;
  return { ...listAnswer(list, suggestion), matching: nothingFound ? null : matching };
}

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

/** What one reading of a list found: the page's rows, and the count as the answer shows it. */
interface ListRead {
  rows: TextRow[];
  page: number;
  pages: number;
  count: number;
  countIsCapped: boolean;
}

/** The answer's JSON, its keys in the order of ProductListResponse as written before (products first). */
function listAnswer(list: ListRead, suggestion: string | undefined): Omit<ProductListAnswer, 'matching'> {
  const products = list.rows.map((row) => productJsonOfRow(row)).join(',');
  const capped = list.countIsCapped ? ',"countIsCapped":true' : '';
  const suggested = suggestion === undefined ? '' : `,"suggestion":${JSON.stringify(suggestion)}`;
  return {
    json: `{"products":[${products}],"page":${list.page},"pages":${list.pages},"count":${list.count}${capped}${suggested}}`,
    shown: list.rows.map(shownOfRow),
  };
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
      : await pageBeyondOneRead(db, where, query, await words.get());
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
 * One product with its reviews, newest first, in one statement, read as text; prepared once per
 * connection. The reviews are the answer's JSON text itself, kept by the database when they
 * change (product_review_texts, migration 0024), so the API puts the text in as it is; a product
 * without reviews has no row there.
 */
function productDetailsStatement(db: Db) {
  return textStatement(
    db
      .select({
        ...productTextColumns,
        reviews: sql<string>`coalesce(${productReviewTexts.reviews}, '[]')`,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(sellers, eq(sellers.userId, products.sellerId))
      .leftJoin(productReviewTexts, eq(productReviewTexts.productId, products.id))
      .where(eq(products.id, sql.placeholder('id'))),
    'product_details',
  );
}

const detailsStatement = oncePerDatabase(productDetailsStatement);

/** One product's answer (ProductDetails as JSON), with what says who may see it. */
export interface ProductDetailsAnswer {
  json: string;
  sellerId: string;
  isDraft: boolean;
}

/**
 * One product with its reviews, newest first, as the API answers it; null when there is none
 * with that id. Written from the row read as text, as the lists are (product-json.ts).
 */
export async function productDetailsAnswer(db: Db, id: string): Promise<ProductDetailsAnswer | null> {
  if (!isUuid(id)) return null;
  const [row] = await textRows(db, detailsStatement(db), { id });
  if (!row) return null;
  return { json: productJsonOfRow(row, `"reviews":${row[AFTER_PRODUCT_COLUMNS] ?? '[]'}`), ...productFactsOfRow(row) };
}

/** One product with its reviews, newest first; null when there is none with that id. */
export async function getProduct(db: Db, id: string): Promise<ProductDetails | null> {
  const answer = await productDetailsAnswer(db, id);
  return answer && (JSON.parse(answer.json) as ProductDetails);
}

/** The categories of listed products, alphabetically: the database's counts, not a scan of products. */
export async function listCategories(db: Db): Promise<string[]> {
  return (await categoryCounts(db)).map((c) => c.name);
}
