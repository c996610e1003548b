/**
 * The admin's text search over accounts and orders (decision 270). Each word of the search must
 * be part of the row's stored search text (users.search_text, orders.search_text: folded by
 * torget_search_text, lower case without accents), which the trigram indexes of migration 0039
 * cover. One word with an '@' after its start is an e-mail typed from its beginning: a prefix of
 * users.email (stored lower-case), a range of users_email_prefix_idx, since the trigrams of a
 * domain every account shares would each list every account.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '#api/modules/catalog/name-search.ts';

/** At most this many words count; more only add conditions the first ones already narrow. */
const MAX_WORDS = 5;

/** The search's words: split at white space, empty ones dropped. */
export function searchWordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, MAX_WORDS);
}

/** Every word of `text` is in `searchText` (a stored search-text column a trigram index covers). */
export function textMatches(searchText: SQL, text: string): SQL | undefined {
  return and(
    ...searchWordsOf(text).map(
      (word) => sql`${searchText} like ${'%'} || torget_search_text(${escapeLike(word)}) || ${'%'} escape '\\'`,
    ),
  );
}

/** The e-mail a search types from its start, lower-case, or null when it is no such search. */
export function typedEmail(text: string): string | null {
  const words = searchWordsOf(text);
  const [word] = words;
  return words.length === 1 && word !== undefined && word.indexOf('@') > 0 ? word.toLowerCase() : null;
}

/** An account matches the search: the e-mail typed from its start, else every word in its search text. */
export function accountMatches(columns: { email: SQL; searchText: SQL }, text: string): SQL | undefined {
  const email = typedEmail(text);
  if (email !== null) return sql`${columns.email} like ${escapeLike(email)} || ${'%'} escape '\\'`;
  return textMatches(columns.searchText, text);
}
