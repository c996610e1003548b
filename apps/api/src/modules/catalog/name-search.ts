/**
 * Name search: which products a name query finds, how well each matches ("Best
 * match"), and the query to suggest when nothing is found. Everything runs over a name's search
 * text, `torget_search_text(name)` (lower case, no diacritics; migration 0005), stored in
 * products.search_text (migration 0007) and covered by a trigram index; the query's words go through the same function, so both sides always agree.
 * The catalogue's search also reads products.find_text (migration 0049: the name's other
 * spellings, the category's, brand's and description's words) and each word's forms
 * (rules/search-forms.ts): findMatches; the seller's and admin's lists keep to the name.
 */
import { mayHaveTypo, searchStem, searchWords } from '@torget/shared/rules/catalog-query';
import { searchForms } from '@torget/shared/rules/search-forms';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { listed } from './listed';

/** Escapes LIKE's wildcards so a search term matches only itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const searchText = sql`${products.searchText}`;

/**
 * What a catalogue search finds besides the name (migration 0049, torget_find_text): the name's
 * other spellings, then after chr(31) the category's, brand's and description's words.
 */
const findText = sql`${products.findText}`;
const nameSpellings = sql`split_part(${findText}, chr(31), 1)`;
const fieldWords = sql`split_part(${findText}, chr(31), 2)`;

/** The search text cut into words, with a space before and after each: '% word %' finds a whole word. */
const searchTokens = sql`(' ' || regexp_replace(${searchText}, '[^[:alnum:]]+', ' ', 'g') || ' ')`;

/** `text` as search text, for a LIKE pattern (the wildcards escaped first, unaccent leaves them be). */
function likePattern(before: string, text: string, after: string): SQL {
  return sql`${before} || torget_search_text(${escapeLike(text)}) || ${after}`;
}

/**
 * A product's name matches one query word when its search text contains the word's stem
 * (inflections, and compounds such as "lampa" in "Bordslampa"), or, for longer words of letters
 * and when `typos` is on, when a word of it is close in trigrams (pg_trgm's `<%`, word similarity
 * of at least pg_trgm.word_similarity_threshold, 0.6 by default: a typo or two). Both are served
 * by the trigram index on the search text.
 */
function wordMatches(word: string, typos: boolean): SQL {
  const contains = sql`${searchText} like ${likePattern('%', searchStem(word), '%')} escape '\\'`;
  if (!typos || !mayHaveTypo(word)) return contains;
  return sql`(${contains} or torget_search_text(${word}) <% ${searchText})`;
}

/**
 * A catalogue search's word matches a product when its name's search text or its find text (the
 * name's other spellings, its category, brand and description words: migration 0049) contains
 * one of the word's forms (rules/search-forms.ts: its stem, the other stem of a Swedish word whose
 * e falls away, the word without hyphens), or, with `typos`, as wordMatches. Both columns have a
 * trigram index over listed products, so the search reads them in the same bitmap scans.
 */
function wordFinds(word: string, typos: boolean): SQL {
  const forms = searchForms(word).map((form) => {
    const pattern = likePattern('%', form, '%');
    return sql`${searchText} like ${pattern} escape '\\' or ${findText} like ${pattern} escape '\\'`;
  });
  const contains = sql`(${or(...forms)})`;
  if (!typos || !mayHaveTypo(word)) return contains;
  return sql`(${contains} or torget_search_text(${word}) <% ${searchText})`;
}

/**
 * When typos are looked for. The typo branch costs more than the rest of a search (a common
 * word's trigram bitmap: 15 of 30 ms at a million products), and its matches rank last anyway.
 * So, as search engines do (Typesense's `typo_tokens_threshold`), the catalogue's search looks
 * for typos only when the name finds nothing as typed, inflected or compounded
 * (product-list.service.ts, facets.service.ts), and so does the admin's list of every product
 * (managed-products.service.ts); a seller's own product search and the suggestions always do.
 */
export interface NameMatching {
  typos: boolean;
}

/** The name contains every word of the query, in any order; undefined for a query of no words. */
export function nameMatches(name: string, matching: NameMatching = { typos: true }): SQL | undefined {
  const words = searchWords(name);
  return words.length === 0 ? undefined : and(...words.map((word) => wordMatches(word, matching.typos)));
}

/**
 * The catalogue's search: every word of the query is found in the product's name, its other
 * spellings, category, brand or description (wordFinds); undefined for a query of no words. The
 * seller's and admin's lists and the suggestions as you type keep to the name (nameMatches).
 */
export function findMatches(name: string, matching: NameMatching = { typos: true }): SQL | undefined {
  const words = searchWords(name);
  return words.length === 0 ? undefined : and(...words.map((word) => wordFinds(word, matching.typos)));
}

/**
 * Whether a product's name has one search word: its search text, without hyphens, holds one of
 * the word's forms (the forms hold none: rules/search-forms.ts), or with `typos`, as wordMatches,
 * a word of it is close. The same rule as a one-word search's two parts (word-search.ts): the
 * names' words without hyphens, and the find text's products whose name holds no form.
 */
function nameHasWord(word: string, typos: boolean, text: SQL = sql`replace(${searchText}, '-', '')`): SQL {
  const forms = searchForms(word).map((form) => sql`${text} like ${likePattern('%', form, '%')} escape '\\'`);
  const contains = sql`(${or(...forms)})`;
  if (!typos || !mayHaveTypo(word)) return contains;
  return sql`(${contains} or torget_search_text(${word}) <% ${searchText})`;
}

/**
 * A catalogue search's rank of a found product before its sort: 0 when its name has every word
 * (nameHasWord), 1 when a word is only in its name's other spellings, category, brand or
 * description. Every sort of a search shows the name matches first (list-order.ts, matchOrderOf).
 */
export function fieldOnlyOf(name: string, matching: NameMatching): SQL {
  const nameHasEveryWord = and(...searchWords(name).map((word) => nameHasWord(word, matching.typos))) ?? sql`true`;
  return sql`(case when ${nameHasEveryWord} then 0 else 1 end)`;
}

/**
 * Whether a product's name has every word of a catalogue search as it is written, hyphens and all
 * (nameHasWord of the search text itself): the name matches but those that hold a word only in a
 * hyphenated word of the name ("ebok" in "e-bok"). Served by the search text's trigram index in
 * one scan, and rated by PostgreSQL from its statistics.
 */
export function namePlainlyHasEveryWord(name: string, matching: NameMatching): SQL {
  return and(...searchWords(name).map((word) => nameHasWord(word, matching.typos, searchText))) ?? sql`true`;
}

/** Whether looking for typos could find more for this name (one of its words is long enough). */
export function typosCouldMatch(name: string): boolean {
  return searchWords(name).some(mayHaveTypo);
}

/**
 * Whether the catalogue's search should look for typos of `name`: it could find more that way,
 * and the name as typed finds nothing listed (of `seller`, when the search is a storefront's).
 */
export async function searchTyposOf(db: Db, name: string, seller: SQL | undefined): Promise<boolean> {
  if (!typosCouldMatch(name)) return false;
  return !(await anyMatch(db, and(listed, seller, findMatches(name, { typos: false }))));
}

/**
 * How well a product matches one word, lower is better: 0 the whole word in the name, 1 a word
 * of the name that begins with one of its forms (an inflection), 2 a form inside a word of the
 * name or of its other spellings (a compound part, "ebok" of "e-bok"), 3 a typo of the name, 4
 * only in the category, brand or description words: those rank after every name match.
 */
function wordTier(word: string): SQL {
  const forms = searchForms(word);
  const any = (text: SQL, before: string, after: string) =>
    or(...forms.map((form) => sql`${text} like ${likePattern(before, form, after)} escape '\\'`));
  return sql`case
    when ${searchTokens} like ${likePattern('% ', word, ' %')} escape '\\' then 0
    when ${any(searchTokens, '% ', '%')} then 1
    when ${any(searchText, '%', '%')} then 2
    when ${any(nameSpellings, '%', '%')} then 2
    when ${any(fieldWords, '%', '%')} then 4
    else 3 end`;
}

/**
 * "Best match" order for a name query: the sum of the words' tiers (exact and whole words
 * first, then stems, compounds, typos), then the closer name in trigrams (a name that is little
 * more than the query before a long one), then the newest, then the id for a stable order.
 */
export function relevanceOrder(name: string): SQL[] {
  const words = searchWords(name);
  const tiers = words.length === 0 ? sql`0` : sql.join(words.map(wordTier), sql` + `);
  return [
    sql`(${tiers}) asc`,
    sql`similarity(${searchText}, torget_search_text(${name})) desc`,
    sql`${products.createdAt} desc`,
    sql`${products.id} desc`,
  ];
}

/** Least trigram similarity of a suggested word to the word typed. */
const SUGGESTION_SIMILARITY = 0.3;

/**
 * The statement of closestWord: the word of a listed name most similar to `word` in trigrams,
 * found among the names' distinct words (the dictionary of migration 0011, with its own trigram
 * index), not among the names: at a million products the names within a word similarity of 0.3
 * of a short word were hundreds of thousands (a 500 ms read for "rug"); the distinct words holding
 * its trigrams are few. A dictionary word is split at what is not a letter or digit ("(3-pack)"),
 * as the names' words are for a suggestion; it is suggested as a listed name writes it (lower
 * case, diacritics kept: "hörlurar", whose search text is "horlurar"). Exported for EXPLAIN in
 * tests.
 */
export function closestWordStatement(word: string): SQL {
  return sql`
    with typed as (select torget_search_text(${word}) as text),
    best as (
      select d.word as dictionary_word, t.token
      from typed, search_words as d
      cross join lateral regexp_split_to_table(d.word, '[^[:alnum:]]+') as t(token)
      where typed.text <% d.word
        and length(t.token) >= 3
        and similarity(t.token, typed.text) >= ${SUGGESTION_SIMILARITY}
        and exists (select 1 from product_words as listed_word where listed_word.word = d.word)
      order by similarity(t.token, typed.text) desc, t.token
      limit 1
    )
    select coalesce((
      select w.word from product_words as pw
      join ${products} on ${products.id} = pw.id
      cross join lateral regexp_split_to_table(lower(${products.name}), '[^[:alnum:]]+') as w(word)
      where pw.word = best.dictionary_word and torget_search_text(w.word) = best.token
      limit 1
    ), best.token) as word
    from best`;
}

/**
 * The word of a product name on sale closest to `word` (as typed, diacritics kept: "hörlurar"),
 * or undefined when none is similar enough. Candidate words come from the dictionary's trigram
 * index with a lower word-similarity threshold, set for this read-only transaction only (a
 * SELECT of set_config, so neither the setting nor a cache-dropping write outlives it:
 * db/client.ts).
 */
async function closestWord(db: Db, word: string): Promise<string | undefined> {
  return transaction(
    db,
    async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SUGGESTION_SIMILARITY)}, true)`,
      );
      const rows = await queryRows<{ word: string }>(tx, closestWordStatement(word));
      return rows[0]?.word;
    },
    { accessMode: 'read only' },
  );
}

/**
 * Whether any product on sale matches `where` (and the name filter it includes). With LIMIT 1 the
 * planner stops at the first match of a common word and reads the trigram indexes for a rare one,
 * as long as the columns have statistics: migration 0049 analyses the table after adding the find
 * text (without them it took a find text's pattern for thousands of rows and read the whole table
 * for a word that finds nothing, 0.6 s at a million products).
 */
async function anyMatch(db: Db, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(where).limit(1);
  return rows.length > 0;
}

/**
 * "Did you mean …?" for a name query with no results: each word that finds nothing alone is
 * replaced by the closest word of a product name; the suggestion is given only when it differs
 * from the query and finds something under the same other filters (`whereFor`).
 */
export async function suggestName(
  db: Db,
  name: string,
  whereFor: (name: string) => SQL | undefined,
): Promise<string | undefined> {
  const words = searchWords(name);
  const suggested: string[] = [];
  for (const word of words) {
    if (await anyMatch(db, and(listed, wordFinds(word, true)))) {
      suggested.push(word);
      continue;
    }
    const closest = await closestWord(db, word);
    if (!closest) return undefined;
    suggested.push(closest);
  }
  const suggestion = suggested.join(' ');
  if (suggestion === words.join(' ')) return undefined;
  return (await anyMatch(db, whereFor(suggestion))) ? suggestion : undefined;
}

/** Least trigram similarity of a suggested category's name to the query. */
const CATEGORY_SIMILARITY = 0.3;
/** Most categories suggested for a query that finds nothing. */
export const SUGGESTED_CATEGORIES = 3;

/**
 * "Did you mean …?" categories for a name query with no results: the categories with listed
 * products (the kept counts: a handful of rows, no product read) whose name is closest to the
 * query in trigrams, as a whole or as one of its words ("leksakk" → "Leksaker"), closest first.
 */
export async function closestCategories(db: Db, name: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`with typed as (select torget_search_text(${name}) as text),
    categories as (
      select c.key as name, torget_search_text(c.key) as text from catalogue_counts as c
      where c.scope = 'category' and c.key <> '' group by c.key having sum(c.n) > 0
    ),
    scored as (
      select categories.name, greatest(similarity(categories.text, typed.text), word_similarity(categories.text, typed.text)) as score
      from categories, typed
    )
    select name from scored where score >= ${CATEGORY_SIMILARITY}
    order by score desc, name limit ${SUGGESTED_CATEGORIES}`,
  );
  return rows.map((row) => row.name);
}
