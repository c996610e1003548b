/**
 * The statements of a name search's page: its one read of up to COUNT_CAP + 1 matches, counted
 * and sorted for the page (the trigram index, or for a one-word name the names' words:
 * word-search.ts); the statement that also looks a one-word name's words up (folded); and the
 * page past the cap from the words. A one-word search's statements are prepared once per shape.
 */
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { type TextStatement, textStatement } from '#api/db/text-rows.ts';
import { matchOrderOf, orderOf } from './list-order';
import { listed } from './listed';
import { fieldOnlyOf, type NameMatching, namePlainlyHasEveryWord } from './name-search';
import { PREPARED_PAGES, preparedPerShape } from './prepared-shapes';
import { filterValues, listConditions, plainNameMatchConditions } from './product-filters';
import { productTextColumns } from './product-json';
import {
  DICTIONARY_CTE,
  dictionaryCte,
  MAX_DICTIONARY_WORDS,
  pageOfProductsWithWords,
  productsWithWords,
  type WordBinding,
  wordList,
} from './word-search';

/**
 * A name search's page and count from ONE read of its matches: up to COUNT_CAP + 1
 * matches are read once into a CTE (the trigram index, or the name with the other filters; for
 * a one-word name, the names' words: word-search.ts), counted, and sorted for the page there.
 * Only the few columns the sorts need are kept; the page's rows are then read by id. When the
 * count is under the cap (most searches), that is every match, so count and page are both exact.
 * Above it, a word search's statement also holds the page from the words in the sort's order
 * (readsPageBeyond), run only when the count is over the cap: one statement either way. Any other
 * search's caller reads the page past the cap with matchesPageStatement (pageFromOneRead).
 */
export function namePageStatement(
  db: Db,
  where: SQL,
  query: ProductListQuery,
  words: WordBinding | null,
  matching: NameMatching,
) {
  return productsOfPage(db, sql`${namePageIds(where, query, words, matching)} as page`, query, { total: true });
}

/**
 * The name search's page ids and count (see namePageStatement), as a subquery: its rows are
 * (page_id, field_only, total), the count on each. Every match carries `field_only` (0: its name
 * has every word; 1: found through its other fields), which the page's order reads first
 * (matchOrderOf): the word rows know it by the part they come from, the trigram index's matches
 * by their name's search text (fieldOnlyOf, computed for the COUNT_CAP + 1 rows read only).
 */
function namePageIds(where: SQL, query: ProductListQuery, words: WordBinding | null, matching: NameMatching): SQL {
  const everyMatch = words
    ? productsWithWords(words, query, COUNT_CAP + 1)
    : sql`select ${products.id}, ${products.searchText}, ${products.findText}, ${products.createdAt}, ${products.priceOre}, ${products.rating},
        ${query.name ? fieldOnlyOf(query.name, matching) : sql`0`} as field_only
      from ${products} where ${where}`;
  // The word rows come at most COUNT_CAP + 1 already: they are the matches, kept once (a copy
  // of them in a second CTE cost a tenth of the statement), but for best match, which ranks by
  // the name's search text and find text the word rows do not hold (read for those rows only). The trigram
  // index's matches are cut at COUNT_CAP + 1 by the second CTE (see below).
  const matchesCte =
    words && query.order !== 'relevance'
      ? sql`matches as materialized (${everyMatch})`
      : sql`every_match as materialized (${everyMatch}),
    matches as materialized (${
      words
        ? sql`select m.*, p.search_text, p.find_text
          from every_match as m cross join lateral (
            select p.search_text, p.find_text from ${products} as p where p.id = m.id
          ) as p`
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
  const pageOfMatches = sql`select "products"."id" as page_id, "products"."field_only"
    from matches as "products"
    ${beyond ? sql`where ((select total from counted) <= ${cap}${unlessBeyond})` : sql``}
    order by ${sql.join(matchOrderOf(query), sql`, `)}
    limit ${sql.raw(String(query.pageSize))} offset ${sql.raw(String((query.pageNumber - 1) * query.pageSize))}`;
  const pageIds = beyond
    ? sql`(${pageOfMatches})
        union all
        (select beyond.id, beyond.field_only from (${pageOfProductsWithWords(beyond, query, orderOf(query))}) as beyond
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
    select ids.page_id, ids.field_only, (select total from counted) as total from (${pageIds}) as ids
  )`;
}

/** How a word search matches names: the word index is read without typos (word-search.ts). */
const WORD_MATCHING: NameMatching = { typos: false };

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

/** Whether the page past the cap comes from the names' words (not best match, within the budget). */
export function readsPageBeyond(query: ProductListQuery, words: readonly string[]): boolean {
  return query.order !== 'relevance' && wordPageWithinBudget(words.length, query);
}

/**
 * Most word rows a page past the cap may read when the name stands for several dictionary words
 * (each word's first `offset + pageSize`, word-search.ts): a deep page of a stem in hundreds of
 * words reads the sort's index of products instead.
 */
export const WORD_PAGE_ROWS = 20_000;

export function wordPageWithinBudget(wordCount: number, query: ProductListQuery): boolean {
  return wordCount === 1 || wordCount * query.pageNumber * query.pageSize <= WORD_PAGE_ROWS;
}

/**
 * The products of a page subquery (`page`, its ids in `page_id`, each with its `field_only`) with
 * their sellers, in the search's order (matchOrderOf), and the page's count (`page.total`) when it has one. `lookedUp`: the folded
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
  return joined.leftJoin(sellers, eq(sellers.userId, products.sellerId)).orderBy(...matchOrderOf(query));
}

/**
 * Which reads a folded statement holds: 'all' (one word and several), or 'one' (one word only:
 * a stem in several words gets the row with no product, and its count). The one-word statement
 * is the smaller plan, and PostgreSQL starts every node of a plan on every run, run or not: with
 * it a one-word search costs PostgreSQL 0.85× what the statement of both reads did (paired,
 * bench/pair.mjs).
 */
export type FoldedBranches = 'one' | 'all';

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
    sql`select b.page_id, b.field_only, b.total from ${namePageIds(listed, query, { fromDictionary: shape }, WORD_MATCHING)} as b where ${when}`;
  // The words' number above which no branch of this statement reads: the row with no product.
  const answeredUpTo = branches === 'one' ? 1 : MAX_DICTIONARY_WORDS;
  const page = sql`(
    with ${dictionaryCte()}
    select b.page_id, b.field_only, b.total, ${wordCount} as word_count from (
      ${branch('one', sql`${wordCount} <= 1`)}
      ${
        branches === 'one'
          ? sql``
          : sql`union all
      ${branch('several', sql`${wordCount} between 2 and ${sql.raw(String(MAX_DICTIONARY_WORDS))}`)}`
      }
      union all
      select null::uuid, null::int, null::int
      where coalesce(${wordCount}, ${sql.raw(String(MAX_DICTIONARY_WORDS + 1))}) > ${sql.raw(String(answeredUpTo))}
    ) as b
  ) as page`;
  return productsOfPage(db, page, query, { total: true, lookedUp: true });
}

/**
 * A page of a search past its capped read that the names' words do not give (several words, a
 * storefront's search, typos, best match, a stem in too many words), in the search's order
 * (matchOrderOf). Its name matches are read first, the first `offset + pageSize` in the sort's
 * order, by conditions on the name alone (plainNameMatchConditions), which the search text's
 * trigram index serves in one scan and PostgreSQL rates from its statistics: it walks the sort's
 * index for a common name and reads the index for a rare one. Only when they are fewer (a
 * one-time filter) are the other matches read after them, the same way, each with its rank
 * (fieldOnlyOf). A name matched only through a hyphenated word ("e-bok" for "ebok") is among those
 * others: on these pages it comes after the rest of the names (decision 298).
 */
export function matchesPageStatement(db: Db, query: ProductListQuery, matching: NameMatching) {
  const upTo = sql.raw(String(query.pageNumber * query.pageSize));
  const offset = sql.raw(String((query.pageNumber - 1) * query.pageSize));
  const order = sql.join(orderOf(query), sql`, `);
  const columns = sql`${products.id}, ${products.searchText}, ${products.findText}, ${products.createdAt}, ${products.priceOre}, ${products.rating}`;
  const page = sql`(
    with names as materialized (
      select ${columns}, 0 as field_only from ${products} where ${plainNameMatchConditions(query, matching)}
      order by ${order} limit ${upTo}
    ),
    others as materialized (
      select ${columns}, ${fieldOnlyOf(query.name ?? '', matching)} as field_only from ${products}
      where ${listConditions(query, matching)} and not ${namePlainlyHasEveryWord(query.name ?? '', matching)}
        and (select count(*) from names) < ${upTo}
      order by ${order} limit ${upTo}
    )
    select "products"."id" as page_id, "products"."field_only" from (
      select * from names union all select * from others
    ) as "products"
    order by ${sql.join(matchOrderOf(query), sql`, `)}
    limit ${sql.raw(String(query.pageSize))} offset ${offset}
  ) as page`;
  return productsOfPage(db, page, query, {});
}

/** A page of a one-word search past its capped read, from the words in the sort's order. */
export function wordPageStatement(db: Db, query: ProductListQuery, words: WordBinding) {
  const page = sql`(select w.id as page_id, w.field_only from (${pageOfProductsWithWords(words, query, orderOf(query))}) as w) as page`;
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

export function preparedWordStatement(
  db: Db,
  kind: 'read' | 'page',
  query: ProductListQuery,
  words: readonly string[],
  forms: readonly string[],
): TextStatement | null {
  const shapeOfQuery = wordStatementShape(kind, query);
  if (!shapeOfQuery) return null;
  // A read holds the page past the cap or not (readsPageBeyond): for several words, by their number.
  const beyond = kind === 'read' && readsPageBeyond(query, words) ? 'beyond' : '';
  const shape = [...shapeOfQuery, words.length > 1 ? 'words' : 'word', beyond];
  return wordStatements(db, shape.join('_'), (root, shapesBefore) => {
    const binding = { words, forms, placeholders: true };
    // Numbered: the shape's own key could pass PostgreSQL's 63 characters for a name.
    const name = `words_${shapesBefore}`;
    return textStatement(
      kind === 'read'
        ? namePageStatement(root, listed, query, binding, WORD_MATCHING)
        : wordPageStatement(root, query, binding),
      name,
    );
  });
}

/**
 * A folded statement (foldedSearchStatement), prepared per shape and built on first use, on the
 * word statements' shapes; null when the search is best match or past the first pages, or the
 * shapes' limit is reached (preparedPerShape).
 */
export function preparedFoldedStatement(
  db: Db,
  query: ProductListQuery,
  branches: FoldedBranches,
): TextStatement | null {
  const shape = wordStatementShape(branches === 'one' ? 'fold-one' : 'fold', query);
  if (!shape) return null;
  return wordStatements(db, shape.join('_'), (root, shapesBefore) =>
    textStatement(foldedSearchStatement(root, query, branches), `words_${shapesBefore}`),
  );
}

/** The statement that looks a one-word search's words up and reads its page (foldedSearchStatement), for EXPLAIN in tests. */
export function foldedListStatement(db: Db, query: ProductListQuery, branches: FoldedBranches = 'all'): SQL {
  return foldedSearchStatement(db, query, branches).getSQL();
}
