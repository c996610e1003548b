/**
 * A one-word name search read from the names' words (migration 0011) instead of the
 * trigram index of the names.
 *
 * A search word matches a name whose search text contains the word's stem (name-search.ts). The
 * trigram index answers that with a bitmap of EVERY matching name, built before the first row is
 * read: a common word in 40 000 names cost 10 ms of bitmap before the 1 001 rows a capped count
 * needs. The stem holds no white space, so it lies inside one word of the name: a name matches
 * exactly when one of its words contains the stem. So the search first finds the distinct words
 * of listed names that contain the stem (`search_words`, a small dictionary with its own trigram
 * index), then reads the products having one of them from `product_words`, a btree in (word,
 * category, price) order holding the rating and date, which stops at the capped count's 1 001.
 *
 * Used when the name is one word of letters and digits (no LIKE wildcard, no punctuation that
 * unaccent might turn into a space), its stem has three characters or more (trigrams), it
 * expands to at most MAX_DICTIONARY_WORDS words, no seller is asked for (a storefront's search
 * reads its seller's few products through their own index) and typos are not looked for. Any
 * other search keeps the trigram index; both give the same matches (word-search.test.ts).
 */
import { searchWords } from '@torget/shared/rules/catalog-query';
import { searchForms } from '@torget/shared/rules/search-forms';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOnce } from '#api/db/client.ts';
import type { NameMatching } from './name-search';
import { escapeLike } from './name-search';
import { boundFilterConditions, filterValues } from './product-filters';

/** Letters and digits only: LIKE reads it literally and unaccent keeps it one word. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Most dictionary words one search word may stand for (a stem of three digits is in thousands of
 * numbers): beyond it the trigram index of the names answers, as for every other search.
 */
export const MAX_DICTIONARY_WORDS = 1000;

/**
 * The forms of the search's one word (rules/search-forms.ts: its stem, the other stem of a Swedish
 * word whose e falls away, the word without hyphens), when the word index can answer the search:
 * one word whose forms are all plain (see above).
 */
function plainFormsOf(query: Pick<ProductListQuery, 'name' | 'seller'>, matching: NameMatching): string[] | undefined {
  if (!query.name || query.seller || matching.typos) return undefined;
  const words = searchWords(query.name);
  const [word] = words;
  if (words.length !== 1 || word === undefined) return undefined;
  const forms = searchForms(word);
  return forms.every((form) => PLAIN_WORD.test(form)) ? forms : undefined;
}

/**
 * The values a statement reading a word's forms is executed with: `forms`, the forms escaped for
 * LIKE and apart at spaces (the dictionary's lookup, search_dictionary_forms), and `form1` and
 * `form2` (the second form, or the first again) for the find text's patterns (productsWithWords).
 */
export interface FormValues {
  forms: string;
  form1: string;
  form2: string;
}

export function formValuesOf(forms: readonly string[]): FormValues {
  const escaped = forms.map(escapeLike);
  const form1 = escaped[0] ?? '';
  return { forms: escaped.join(' '), form1, form2: escaped[1] ?? form1 };
}

/**
 * The statement of dictionaryWordsOf, prepared once per database (its one parameter is the forms,
 * escaped, apart at spaces): the dictionary's words that without their hyphens contain one of
 * the forms' search text, up to one more than MAX_DICTIONARY_WORDS; null when a form is under
 * three characters (no trigram to look up) or its search text holds white space (unaccent wrote a
 * space: the names' words cannot hold it). The lookup is a function of the database (db/sql/
 * 60-search-words.sql) so that it is planned once per connection, not on every run.
 */
function dictionaryStatement(db: Db) {
  return db
    .select({
      words: sql<
        string[] | null
      >`search_dictionary_forms(${sql.placeholder('forms')}, ${sql.raw(String(MAX_DICTIONARY_WORDS))})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('dictionary_forms');
}

const dictionaryStatementOf = preparedOnce(dictionaryStatement);

/**
 * The words of listed names (ever seen) that contain a form of the search's one word, or null
 * when the word index does not answer this search. One statement: the dictionary's trigram index.
 */
export async function dictionaryWordsOf(
  db: Db,
  query: Pick<ProductListQuery, 'name' | 'seller'>,
  matching: NameMatching,
): Promise<string[] | null> {
  const forms = plainFormsOf(query, matching);
  if (forms === undefined) return null;
  const [row] = await dictionaryStatementOf(db).execute({ forms: formValuesOf(forms).forms });
  const words = row?.words ?? null;
  return words === null || words.length > MAX_DICTIONARY_WORDS ? null : words;
}

/** The forms of the search's one word when the word index may answer it (plainFormsOf). */
export function searchFormsOf(query: Pick<ProductListQuery, 'name' | 'seller'>, matching: NameMatching) {
  return plainFormsOf(query, matching);
}

/** The name of the folded statement's CTE that holds the looked-up words (DictionaryWords). */
export const DICTIONARY_CTE = 'dictionary';

/**
 * The values a statement that looks its words up itself is executed with (its `forms`, `form1`
 * and `form2` placeholders: dictionaryCte, productsWithWords), or undefined when the word index
 * does not answer this search at all.
 */
export function dictionaryFormsOf(
  query: Pick<ProductListQuery, 'name' | 'seller'>,
  matching: NameMatching,
): FormValues | undefined {
  const forms = plainFormsOf(query, matching);
  return forms === undefined ? undefined : formValuesOf(forms);
}

/**
 * The CTE of a statement that looks its words up itself (DictionaryWords): the lookup of
 * dictionaryWordsOf, its one row's `words` the dictionary's words containing a form of the
 * `forms` placeholder (up to MAX_DICTIONARY_WORDS + 1), or null (see there).
 */
export function dictionaryCte(): SQL {
  return sql`${sql.identifier(DICTIONARY_CTE)} as materialized (
    select search_dictionary_forms(${sql.placeholder('forms')}, ${sql.raw(String(MAX_DICTIONARY_WORDS))}) as words
  )`;
}

/**
 * How a word search's statement holds its words: as values (planned for them, each time), as
 * placeholders of a statement prepared once per shape (name-page-statements.ts), executed with
 * wordSearchValues, or from the statement's own `dictionary` CTE (DictionaryWords).
 */
export type WordBinding = BoundWords | DictionaryWords;

/**
 * The words, known before the statement: as values or as placeholders; with the forms they were
 * looked up by (the find text is read for those: productsWithWords).
 */
export interface BoundWords {
  words: readonly string[];
  forms: readonly string[];
  placeholders: boolean;
}

/**
 * The words as the statement looks them up itself (one statement for the lookup and the read:
 * name-page-statements.ts, foldedSearchStatement), from a CTE named `dictionary` whose one row holds
 * them in `words`. Only their number's shape is known when the statement is built: one word (or
 * none), or several; the statement runs the branch of the shape its lookup found.
 */
export interface DictionaryWords {
  fromDictionary: 'one' | 'several';
}

/** Whether the statement is for several words (else one: its shape). */
function isSeveral(binding: WordBinding): boolean {
  return 'fromDictionary' in binding ? binding.fromDictionary === 'several' : binding.words.length > 1;
}

/** A statement's integer written into its text (validated numbers: page sizes, offsets, caps). */
const writtenIn = (n: number) => sql.raw(String(Math.trunc(n)));

/** The values a prepared word search's statements are executed with. */
export function wordSearchValues(words: readonly string[], forms: readonly string[], query: ProductListQuery) {
  const { form1, form2 } = formValuesOf(forms);
  return { words: words.join(' '), word: words[0], form1, form2, ...filterValues(query) };
}

/** The word's first or second form (escaped for LIKE, as typed), as a placeholder or a value. */
function formOf(binding: WordBinding, which: 'form1' | 'form2'): SQL {
  if (filtersAsPlaceholders(binding)) return sql`${sql.placeholder(which)}`;
  const values = formValuesOf('forms' in binding ? binding.forms : []);
  return sql`${values[which]}`;
}

/**
 * The words as one text[]. Bound ones come as one parameter: they have no white space (the
 * dictionary's words are split at it). Looked-up ones are the CTE's array, an InitPlan that an
 * index scan's `= any(...)` reads as it reads a parameter.
 */
export function wordList(binding: WordBinding): SQL {
  // The cast makes `= any(...)` read the array (without it PostgreSQL takes the subquery's rows).
  if ('fromDictionary' in binding) return sql`(select words from ${sql.identifier(DICTIONARY_CTE)})::text[]`;
  const { words, placeholders } = binding;
  return sql`string_to_array(${placeholders ? sql.placeholder('words') : words.join(' ')}, ' ')`;
}

/** The one word of a one-word statement. */
function onlyWord(binding: WordBinding): SQL {
  if ('fromDictionary' in binding) return sql`(select words[1] from ${sql.identifier(DICTIONARY_CTE)})`;
  return sql`${binding.placeholders ? sql.placeholder('word') : (binding.words[0] ?? '')}`;
}

/**
 * Whether the search's filters are placeholders: in a prepared statement (bound words as
 * placeholders, or looked up by the statement itself, which is always prepared).
 */
function filtersAsPlaceholders(binding: WordBinding): boolean {
  return 'fromDictionary' in binding ? true : binding.placeholders;
}

/**
 * A rating bound is above 0 (filterValues), so a rated search also says "rating > 0": a prepared
 * statement's generic plan, whose bound is a parameter, can then read the rated products' words
 * alone (migration 0018), a third of the entries at a million products.
 */
function ratedOnly(query: ProductListQuery): SQL | undefined {
  return filterValues(query).rating === undefined ? undefined : sql`"products"."rating" > 0`;
}

/** The search's category, price and rating filters (product_words holds listed products only). */
function wordFilters(query: ProductListQuery, binding: WordBinding): SQL {
  const placeholders = filtersAsPlaceholders(binding);
  return and(boundFilterConditions(query, placeholders), ratedOnly(query)) ?? sql`true`;
}

/**
 * The filters of a walk down the sort's index (wordRowsInOrder), in two parts: the bounds on the
 * sort's own column (price for the price sorts, rating for top rated), which the index reads
 * within, and the others, checked on each entry it gives.
 */
function walkFilters(query: ProductListQuery, binding: WordBinding): { inIndex?: SQL; onEntries: SQL } {
  const placeholders = filtersAsPlaceholders(binding);
  const bound = (filters: Partial<Pick<ProductListQuery, 'category' | 'min' | 'max' | 'rating'>>) =>
    boundFilterConditions({ ...query, category: undefined, min: 0, max: 0, rating: 0, ...filters }, placeholders);
  const { category, min, max, rating } = query;
  if (query.order === 'lowest' || query.order === 'highest') {
    return {
      inIndex: bound({ min, max }),
      onEntries: and(bound({ category, rating }), ratedOnly(query)) ?? sql`true`,
    };
  }
  if (query.order === 'toprated') {
    return { inIndex: and(bound({ rating }), ratedOnly(query)), onEntries: bound({ category, min, max }) ?? sql`true` };
  }
  return { onEntries: wordFilters(query, binding) };
}

/**
 * The first `limit` listed products whose name has one of the words, with the search's other
 * filters (category, price, rating) read from the same index entries: their id and the columns
 * of the catalogue's sorts. product_words is read under the products' name, so the filters'
 * and sorts' conditions, written for products, read it as they are (its columns are named as the
 * products' are). The LIMIT is in the statement's text so that it is planned to stop early, also
 * in a prepared statement's generic plan: the index in word order, not a bitmap of every match.
 */
export function productsWithWords(binding: WordBinding, query: ProductListQuery, limit: number): SQL {
  // A product with two of the words (a name with "lampa" and "bordslampa") is taken once, from
  // its first in word order; with one word there is nothing to skip (one row per product and word).
  const firstOfItsWords = isSeveral(binding)
    ? sql`and not exists (
          select 1 from product_words as earlier
          where earlier.id = "products"."id" and earlier.word < "products"."word" and earlier.word = any(${wordList(binding)})
        )`
    : sql``;
  // Then the products found by their name's other spellings or their category, brand and
  // description words (products.find_text, migration 0049; `field_only` 1, ranked after the
  // names' in every sort: list-order.ts, matchOrderOf) whose name has none of the words (a
  // name has one of them exactly when, without hyphens, it contains a form: the forms hold no
  // white space, so they lie inside one word): read only when the names' rows are fewer than
  // `limit` (an Append stops at the LIMIT), so a common word costs nothing more. Read by a
  // function of the database with the filters and the LIMIT as its arguments (foundProducts):
  // the LIMIT inside stops it early, and this statement's plan does not hang on the patterns,
  // so PostgreSQL keeps its generic plan.
  return sql`with found as materialized (${foundProducts(binding, query, limit, null)})
    select m.id, m.created_at, m.price_ore, m.rating, m.field_only from (
      (select "products"."id", "products"."created_at", "products"."price_ore", "products"."rating", 0 as field_only
      from product_words as "products"
      where "products"."word" = any(${wordList(binding)}) and ${wordFilters(query, binding)}
        ${firstOfItsWords}
      limit ${writtenIn(limit)})
      union all
      (select "products"."id", "products"."created_at", "products"."price_ore", "products"."rating", 1 as field_only
      from found as "products")
    ) as m
    limit ${writtenIn(limit)}`;
}

/** The sorts search_found_products knows, as SQL literals (the catalogue's sorts but best match). */
const FOUND_SORTS: Record<Exclude<ProductListQuery['order'], 'relevance'>, string> = {
  newest: "'newest'",
  lowest: "'lowest'",
  highest: "'highest'",
  toprated: "'toprated'",
};

/**
 * The products a one-word search finds by their other fields alone (search_found_products,
 * db/sql/60-search-words.sql), with the query's filters: at most `limit`, in the catalogue's sort
 * `order` (null: in no order, for a read that takes them all or sorts them itself; in a sort the
 * function plans its statement for the word's patterns, see there). The filters' values are its
 * arguments, as placeholders in a prepared statement, and a filter not given is null.
 */
function foundProducts(
  binding: WordBinding,
  query: ProductListQuery,
  limit: number,
  order: ProductListQuery['order'] | null,
): SQL {
  const values = filterValues(query);
  const placeholders = filtersAsPlaceholders(binding);
  const given = (name: keyof typeof values, type: 'text' | 'integer' | 'real') =>
    values[name] === undefined
      ? sql`null::${sql.raw(type)}`
      : sql`${placeholders ? sql.placeholder(name) : values[name]}::${sql.raw(type)}`;
  const sort = order === null || order === 'relevance' ? sql`null::text` : sql`${sql.raw(FOUND_SORTS[order])}::text`;
  return sql`select * from search_found_products(${formOf(binding, 'form1')}, ${formOf(binding, 'form2')},
    ${writtenIn(limit)}, ${sort}, ${given('category', 'text')}, ${given('minOre', 'integer')},
    ${given('maxOre', 'integer')}, ${given('rating', 'real')})`;
}

/**
 * One word's rows in the sort's order, from the sort's own index, with the search's other filters
 * checked on them as they come. Those are applied outside an OFFSET 0 fence, which PostgreSQL does
 * not push conditions through: otherwise a prepared statement's generic plan, which rates any word
 * as rare (the names hold a million distinct numbers), reads a common word's matches from the
 * category and price index and sorts all of them (3 620 rows for "chair" in Art from 100 kr,
 * 0.7 ms) instead of walking the sort's index until the page is full (162 rows, 0.04 ms). Bounds
 * on the sort's own column stay inside: the walk starts and ends at them. The walk is short
 * because it runs only past the cap: more than COUNT_CAP of the word's rows pass the filters, so
 * it reads about (offset + page size) × the word's rows / COUNT_CAP of them, unless the filters'
 * matches all lie at the far end of the sort: then, at worst, every row of the word, where the
 * category's index read (and sorted) only the matches.
 */
function wordRowsInOrder(word: SQL, query: ProductListQuery, binding: WordBinding, orderBy: SQL): SQL {
  const { inIndex, onEntries } = walkFilters(query, binding);
  return sql`select "products"."id", "products"."created_at", "products"."price_ore", "products"."rating" from (
      select "products"."id", "products"."category", "products"."price_ore", "products"."rating", "products"."created_at"
      from product_words as "products" where "products"."word" = ${word} ${inIndex ? sql`and ${inIndex}` : sql``}
      order by ${orderBy} offset 0
    ) as "products"
    where ${onEntries}
    order by ${orderBy}`;
}

/**
 * The ids of one page of a one-word search's matches, in the query's sort (not best match) after
 * the name matches (matchOrderOf), with `field_only`, for a search with more matches than the
 * capped read holds. The names' rows come first: each word's rows are read in the sort's order
 * from its own index (migration 0011: date, price both ways, rating), the first `offset +
 * pageSize` of each; a page of all of them lies within those (a product ahead of another in the
 * sort is ahead of it in every word's list it is in), so they are merged, each product once.
 * Only when they are fewer than `offset + pageSize` (a page at or past the names' end) are the
 * products found by their other fields read (search_found_products, sorted), to fill the page
 * after them; a one-time filter, so a page within the names never reads them.
 */
export function pageOfProductsWithWords(binding: WordBinding, query: ProductListQuery, order: SQL[]): SQL {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const upTo = writtenIn(offset + query.pageSize);
  const orderBy = sql.join(order, sql`, `);
  const columns = sql`"products"."id", "products"."created_at", "products"."price_ore", "products"."rating"`;
  // One word, alone: its rows straight from the sort's index. Not for several words: the count
  // over the cap is of all of them, so one common word with no match under the filters would
  // be walked to its end; each is read through its filters' index, as before.
  const names = isSeveral(binding)
    ? sql`select m.id, m.created_at, m.price_ore, m.rating
      from unnest(${wordList(binding)}) as w(word)
      cross join lateral (
        select ${columns}
        from product_words as "products"
        where "products"."word" = w.word and ${wordFilters(query, binding)}
        order by ${orderBy}
        limit ${upTo}
      ) as m
      group by m.id, m.created_at, m.price_ore, m.rating`
    : wordRowsInOrder(onlyWord(binding), query, binding, orderBy);
  return sql`with names as materialized (
      select ${columns} from (${names}) as "products" order by ${orderBy} limit ${upTo}
    )
    select "products"."id", "products"."field_only" from (
      select ${columns}, 0 as field_only from names as "products"
      union all
      select ${columns}, 1 as field_only from (${foundProducts(binding, query, offset + query.pageSize, query.order)}) as "products"
      where (select count(*) from names) < ${upTo}
    ) as "products"
    order by "products"."field_only", ${orderBy}
    limit ${writtenIn(query.pageSize)} offset ${writtenIn(offset)}`;
}
