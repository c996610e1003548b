/**
 * Suggestions as you type: a few listed products and open shops whose names match
 * the text typed so far. Each part reads a bounded number of index entries, whatever the
 * catalogue's size: names beginning with the text (a btree of the search text, in name order),
 * then names with a word beginning with it, then the name search's own rules (stems, compound
 * parts, typos); the candidates are ranked in that order, then by trigram closeness.
 */
import type { SuggestResponse } from '@torget/shared/api-types.generated';
import {
  isLetterWord,
  SUGGEST_MIN_LENGTH,
  SUGGESTED_PRODUCTS,
  SUGGESTED_SHOPS,
  searchWords,
} from '@torget/shared/rules/catalog-query';
import { oreToSek } from '@torget/shared/rules/money';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, oncePerDatabase, queryRows } from '#api/db/client.ts';
import { products, sellers, users } from '#api/db/schema.ts';
import { textRows, textStatement } from '#api/db/text-rows.ts';
import { listed } from './listed';
import { escapeLike, nameMatches } from './name-search';

/** Candidates read per kind of match before ranking: enough to rank, bounded at any size. */
const CANDIDATES = 24;

/** A word this short cannot be looked up by trigrams: the name search's rules need three letters. */
const MIN_RULE_WORD_LENGTH = 3;

const searchText = sql`${products.searchText}`;

/** The name search's rules apply when every word can use the trigram index. */
function rulesApply(words: string[]): boolean {
  return words.length > 0 && words.every((word) => [...word].length >= MIN_RULE_WORD_LENGTH || !isLetterWord(word));
}

interface SuggestedProductRow {
  id: string;
  name: string;
  image: string;
  price_ore: number;
}

/** Products whose name begins with, has a word beginning with, or matches the text; best first. */
function productStatement(text: string): SQL {
  const typed = sql`torget_search_text(${escapeLike(text)})`;
  const plain = sql`torget_search_text(${text})`;
  const words = searchWords(text);
  const byRules = rulesApply(words) ? nameMatches(text) : undefined;
  const ruleCandidates = byRules
    ? sql`union all
      (select ${products.id} as id, 2 as tier from ${products} where ${listed} and ${byRules} limit ${CANDIDATES})`
    : sql``;
  return sql`
    select p.id, p.name, p.image, p.price_ore
    from (
      select id, min(tier) as tier from (
        -- The btree's own order (text_pattern_ops: byte order, ~<~), so it is read in order and
        -- stops after CANDIDATES entries; the range bounds let it be used for a value known only
        -- at run time (the typed text's search text). In byte order the range holds exactly the
        -- texts that begin with the typed text (chr(1114111) is the last character), so no LIKE
        -- is added: with one, the planner could pick the trigram index instead and read every
        -- name that has the text anywhere (40 000 for "tab" at a million products, 120 ms).
        (select ${products.id} as id, 0 as tier from ${products}
         where ${listed} and ${searchText} ~>=~ ${plain} and ${searchText} ~<~ (${plain} || chr(1114111))
         order by ${searchText} using ~<~ limit ${CANDIDATES})
        union all
        (select ${products.id} as id, 1 as tier from ${products}
         where ${listed} and ${searchText} like '% ' || ${typed} || '%' escape '\\'
         limit ${CANDIDATES})
        ${ruleCandidates}
      ) as found group by id
    ) as c
    join ${products} p on p.id = c.id
    order by c.tier, similarity(p.search_text, torget_search_text(${text})) desc, p.name, p.id
    limit ${SUGGESTED_PRODUCTS}`;
}

/**
 * Open shops (active sellers) whose shop name (or, before they named it, the seller's own name,
 * as the product answers show it) contains the text; names beginning with it first. Its plan is
 * the same for any text (every open shop's name is looked at), so it is prepared once per
 * connection: planning it was most of its time (2.2 of 4.8 ms at 1 000 shops).
 */
function shopStatement(db: Db) {
  const shopName = sql`coalesce(nullif(${sellers.name}, ''), ${users.name})`;
  const typed = sql`torget_search_text(${sql.placeholder('typed')})`;
  return textStatement(
    db
      .select({ id: users.id, name: shopName, logo: sellers.logo })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(
        sql`${users.isSeller} and ${users.deletedAt} is null
          and torget_search_text(${shopName}) like '%' || ${typed} || '%' escape '\\'`,
      )
      .orderBy(
        sql`torget_search_text(${shopName}) like ${typed} || '%' escape '\\' desc`,
        sql`torget_search_text(${shopName}) like '% ' || ${typed} || '%' escape '\\' desc`,
        shopName,
        users.id,
      )
      .limit(sql.raw(String(SUGGESTED_SHOPS)) as unknown as number),
    'suggest_shops',
  );
}

const shopStatementOf = oncePerDatabase(shopStatement);

/** The suggestions for `text` (trimmed); none below SUGGEST_MIN_LENGTH characters. */
export async function suggest(db: Db, text: string): Promise<SuggestResponse> {
  if ([...text].length < SUGGEST_MIN_LENGTH) return { products: [], shops: [] };
  const [productRows, shopRows] = await Promise.all([
    queryRows<SuggestedProductRow>(db, productStatement(text)),
    textRows(db, shopStatementOf(db), { typed: escapeLike(text) }),
  ]);
  return {
    products: productRows.map((row) => ({
      _id: row.id,
      name: row.name,
      image: row.image,
      price: oreToSek(Number(row.price_ore)),
    })),
    shops: shopRows.map(([id, name, logo]) => ({ _id: id ?? '', name: name ?? '', logo: logo ?? '' })),
  };
}
