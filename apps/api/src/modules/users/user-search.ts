/**
 * The admin's text search over accounts and orders (decision 270): each word of the search must
 * be part of the row's search text, folded by torget_search_text as the trigram indexes of
 * migration 0039 fold it (lower case, no accents), so the index finds the rows.
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

/** Every word of `text` is in `target` (a torget_search_text(…) expression an index covers). */
export function textMatches(target: SQL, text: string): SQL | undefined {
  return and(
    ...searchWordsOf(text).map(
      (word) => sql`${target} like ${'%'} || torget_search_text(${escapeLike(word)}) || ${'%'} escape '\\'`,
    ),
  );
}

/** An account's search text: its name and e-mail (users_search_trgm_idx). */
export const userSearchText = (name: SQL, email: SQL): SQL => sql`torget_search_text(${name} || ' ' || ${email})`;
