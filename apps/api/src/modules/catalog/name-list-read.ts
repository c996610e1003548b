/**
 * Reading a name search's page and count: its one read (name-page-statements.ts), the one-word
 * name's words looked up in the same statement where it can be, and the page the one read does
 * not hold.
 */
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import type { ProductListQuery } from '@torget/shared/schemas/product-query';
import { type Db, oncePerDatabase } from '#api/db/client.ts';
import { type TextRow, textRows, textStatement } from '#api/db/text-rows.ts';
import type { Where } from './list-counting';
import {
  type FoldedBranches,
  matchesPageStatement,
  namePageStatement,
  preparedFoldedStatement,
  preparedWordStatement,
  readsPageBeyond,
  wordPageStatement,
  wordPageWithinBudget,
} from './name-page-statements';
import type { NameMatching } from './name-search';
import { filterValues } from './product-filters';
import { AFTER_PRODUCT_COLUMNS } from './product-json';
import {
  dictionaryFormsOf,
  dictionaryWordsOf,
  type FormValues,
  MAX_DICTIONARY_WORDS,
  searchFormsOf,
  wordSearchValues,
} from './word-search';

/**
 * The dictionary words of a one-word name (word-search.ts), looked up once per reading of a
 * list, and only when a statement needs them: a folded read looks them up itself.
 */
export interface WordsOfName {
  matching: NameMatching;
  get(): Promise<string[] | null>;
  /** What a folded read found: the word index does not answer (null). */
  found(words: null): void;
}

export function wordsOfNameOf(db: Db, query: ProductListQuery, matching: NameMatching): WordsOfName {
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

/**
 * The name search's one read, its words looked up in the same statement where it can be
 * (readFolded), else looked up first (`words`). The folded statement is the one-word one unless
 * the stem was last found in several words (stemsInSeveralWordsOf); when the one-word statement
 * finds several, the statement of both reads follows. Told to `words` when a folded statement
 * found that the word index does not answer, so that nothing looks them up again.
 */
export async function readMatchesOfName(db: Db, where: Where, query: ProductListQuery, words: WordsOfName) {
  const forms = dictionaryFormsOf(query, words.matching);
  if (forms === undefined) return readNameMatches(db, where, query, await words.get(), words.matching);
  const stem = forms.forms;
  const expected: FoldedBranches = stemsInSeveralWordsOf(db).has(stem) ? 'all' : 'one';
  let read = await readFolded(db, query, forms, expected);
  if (typeof read?.wordCount === 'number') {
    noteStemShape(db, stem, read.wordCount);
    // The one-word statement's row with no product: the stem is in several words.
    if (read.wordCount > 1 && expected === 'one') read = await readFolded(db, query, forms, 'all');
  }
  if (!read) return readNameMatches(db, where, query, await words.get(), words.matching);
  if (read.wordCount === undefined) return { rows: read.rows, complete: true };
  if (read.wordCount === null) {
    words.found(null);
    return readNameMatches(db, where, query, null, words.matching);
  }
  return { rows: read.rows, complete: wordPageWithinBudget(read.wordCount, query) };
}

/**
 * Whether the name search's one read (namePageStatement) gives this page: when it holds every
 * match (the count is under the cap), and for "Best match" also above the cap, which then ranks
 * the COUNT_CAP + 1 matches read, as long as the page lies within them (docs/decisions/041-catalogue-counters-and-capped-counts.md).
 */
export function pageFromOneRead(query: ProductListQuery, count: number): boolean {
  if (!query.name) return false;
  if (count <= COUNT_CAP) return true;
  return query.order === 'relevance' && query.pageNumber * query.pageSize <= COUNT_CAP + 1;
}

/**
 * A page the name search's one read does not hold (more matches than it reads), the name matches
 * first: from the names' words in the sort's order when the name is one word (word-search.ts),
 * else from the sort's index of products, the name and filters checked on each row
 * (matchesPageStatement).
 */
export async function pageBeyondOneRead(
  db: Db,
  query: ProductListQuery,
  words: readonly string[] | null,
  matching: NameMatching,
): Promise<TextRow[]> {
  if (!words || !readsPageBeyond(query, words)) {
    return textRows(db, textStatement(matchesPageStatement(db, query, matching)));
  }
  const forms = searchFormsOf(query, matching) ?? [];
  const prepared = preparedWordStatement(db, 'page', query, words, forms);
  return textRows(
    db,
    prepared ?? textStatement(wordPageStatement(db, query, { words, forms, placeholders: false })),
    prepared ? wordSearchValues(words, forms, query) : {},
  );
}

/**
 * The name search's one read (namePageStatement): prepared for a one-word search where it can be.
 * `complete` when its rows are the page whatever the count (a word search's read also holds the
 * page past the cap).
 */
async function readNameMatches(
  db: Db,
  where: Where,
  query: ProductListQuery,
  words: readonly string[] | null,
  matching: NameMatching,
) {
  const forms = searchFormsOf(query, matching) ?? [];
  const prepared = words && preparedWordStatement(db, 'read', query, words, forms);
  const rows = await textRows(
    db,
    prepared ??
      textStatement(namePageStatement(db, where(), query, words && { words, forms, placeholders: false }, matching)),
    prepared && words ? wordSearchValues(words, forms, query) : {},
  );
  return { rows, complete: words !== null && readsPageBeyond(query, words) };
}

/**
 * A folded statement's read (foldedSearchStatement, prepared per shape and built on first use),
 * executed with the word's forms: its rows, and the number of words it looked up, read off its first row
 * (null: the word index cannot answer; undefined: no row, the words were read and nothing
 * matched). Null when the search is best match or past the first pages, or the shapes' limit is
 * reached (preparedPerShape).
 */
async function readFolded(db: Db, query: ProductListQuery, forms: FormValues, branches: FoldedBranches) {
  const statement = preparedFoldedStatement(db, query, branches);
  if (!statement) return null;
  const rows = await textRows(db, statement, { ...forms, ...filterValues(query) });
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
