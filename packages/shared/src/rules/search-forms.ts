/**
 * The forms of a search word a product's text may hold and still match it (decision 298). A
 * search word matches a text that contains ANY of its forms (apps/api name-search.ts):
 *
 * - its stem, as before (searchStem: "leksaker" → "leksak", "mössor" → "möss");
 * - for Swedish words whose stem loses an e before a vowel ending (en nyckel – nycklar, en cykel –
 *   cyklar, en fågel – fåglar, en vinter – vintrar), the other form of the stem: "nycklar" leaves
 *   "nyckl", which "nyckel" does not contain, so "nyckel" is searched too, and the other way round;
 * - without hyphens ("e-bok" → "ebok", "wi-fi" → "wifi"). The database's text of a product holds
 *   its hyphenated words without the hyphen, and a letter or two written apart joined to the next
 *   word ("e bok" → "ebok"), so either spelling of the query finds either spelling of the text
 *   (torget_find_text, db/sql/10-search-text.sql). "e bok" as a query is two words, both inside
 *   "ebok" and "e-bok" already.
 *
 * The forms are lower case with diacritics kept; the database folds both sides the same way.
 */
import { searchStem } from './catalog-query';

/** Letters that are not vowels end the part of the stem before the e that comes and goes. */
const VOWEL = 'aeiouyåäöéèêëáàâíìîóòôúùûüæø';

function isConsonant(letter: string | undefined): boolean {
  return letter !== undefined && /\p{L}/u.test(letter) && !VOWEL.includes(letter);
}

/** Plural endings beginning with a vowel: the e of -el, -er, -en falls before them (nycklar). */
const VOWEL_ENDINGS = ['ornas', 'arnas', 'ernas', 'orna', 'arna', 'erna', 'or', 'ar', 'er'];

/** A stem keeps at least this many letters before its e comes and goes ("cykl" of "cykel"). */
const MIN_SHORT_STEM = 4;

/** Most forms a word is searched by: the stem and its other form. */
export const MAX_SEARCH_FORMS = 2;

/**
 * "nyckl" of "nycklar": the stem ends in consonant + l, n or r after a vowel ending was taken off;
 * the singular has an e between them ("nyckel").
 */
function withE(word: string, stem: string): string | undefined {
  const tookVowelEnding = stem !== word && VOWEL_ENDINGS.some((e) => word === stem + e);
  if (!tookVowelEnding || [...stem].length < MIN_SHORT_STEM) return undefined;
  const letters = [...stem];
  const last = letters.at(-1);
  if (last === undefined || !'lnr'.includes(last) || !isConsonant(letters.at(-2))) return undefined;
  return `${letters.slice(0, -1).join('')}e${last}`;
}

/**
 * "nyckel" (also "nyckeln", "nyckelns", "nyckelt"): consonant + e + l, n or r at the end, perhaps
 * with a definite ending; the plural's stem has no e ("nyckl"), the base form is "nyckel".
 */
const E_BEFORE_END = /^(.*\p{L})e([lnr])(n|ns|s|t)?$/u;

function withoutE(stem: string): { short: string; base: string } | undefined {
  const match = E_BEFORE_END.exec(stem);
  if (!match) return undefined;
  const [, head = '', last = ''] = match;
  if (!isConsonant([...head].at(-1)) || [...head].length + 1 < MIN_SHORT_STEM) return undefined;
  return { short: `${head}${last}`, base: `${head}e${last}` };
}

/** The word without hyphens inside it ("e-bok" → "ebok"); as it is when that leaves nothing. */
export function withoutHyphens(word: string): string {
  const joined = word.replace(/-/g, '');
  return joined === '' ? word : joined;
}

/**
 * The forms of one search word (lower case, as searchWords gives it), at most MAX_SEARCH_FORMS,
 * none containing another (a text containing the shorter contains the longer's match anyway).
 */
export function searchForms(word: string): string[] {
  const joined = withoutHyphens(word);
  const stem = searchStem(joined);
  const forms = [stem];
  const plural = withE(joined, stem);
  if (plural) forms.push(plural);
  const singular = withoutE(stem);
  if (singular) forms.splice(0, 1, singular.base, singular.short);
  const distinct = [...new Set(forms)];
  const kept = distinct.filter((form) => !distinct.some((other) => other !== form && form.includes(other)));
  return kept.slice(0, MAX_SEARCH_FORMS);
}
