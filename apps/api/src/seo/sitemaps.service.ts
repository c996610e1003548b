/**
 * The URLs the sitemaps list, read in keyset pages (sitemaps protocol: at most 50 000 URLs per
 * sitemap). No page is found with OFFSET: one pass over an index finds the first key of every
 * page (`pageStarts`), and a page is then the keys from its start down to the next page's start.
 * Products on sale are read from products_on_sale_created_idx alone (created_at, id; a partial
 * index over seller_active), so closed shops and revoked or deleted sellers' products are left
 * out by the index itself. The ORDER BY names its columns by table: the output's text `id`
 * would otherwise be what is sorted, and the index order lost. Measured on PostgreSQL with
 * 1 000 000 products (docs/decisions/017-pages-for-crawlers-and-sitemaps.md): the page starts in ~0.7 s, a page of 50 000 in ~25 ms.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';

/** The protocol's limit of URLs in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000;

/** A position in a list: products by (created_at, id) newest first; shops by id (createdAt ''). */
export interface PageStart {
  /** created_at as PostgreSQL's text (microseconds kept; a JS Date would lose them). */
  createdAt: string;
  id: string;
}

export type SitemapKind = 'products' | 'shops';

/** Products on sale. The draft filter goes here once products can be drafts. */
const PRODUCTS_ON_SALE = sql`seller_active and not is_draft`;

/** The first key of each page of `pageSize`: one index-only pass, not one OFFSET scan per page. */
export function pageStarts(db: Db, kind: SitemapKind, pageSize: number): Promise<PageStart[]> {
  const size = Math.max(1, Math.floor(pageSize));
  const query =
    kind === 'products'
      ? // Cast outside the window: only the page starts are turned into text, not every key.
        sql`select created_at::text as "createdAt", id::text as id from (
          select created_at, id, row_number() over (order by created_at desc, id desc) as n
          from products where ${PRODUCTS_ON_SALE}) keys
        where (n - 1) % ${size} = 0 order by n`
      : sql`select '' as "createdAt", id::text as id from (
          select u.id, row_number() over (order by u.id) as n
          from users u join sellers s on s.user_id = u.id
          where u.is_seller and u.deleted_at is null) keys
        where (n - 1) % ${size} = 0 order by n`;
  return queryRows<PageStart>(db, query);
}

/** The ids of one page: from `start` up to (not including) `next`, at most `pageSize`. */
export async function pageIds(
  db: Db,
  kind: SitemapKind,
  start: PageStart,
  next: PageStart | undefined,
  pageSize: number,
): Promise<string[]> {
  let query: SQL;
  if (kind === 'products') {
    const from = sql`(${start.createdAt}::timestamptz, ${start.id}::uuid)`;
    const until = next ? sql`and (created_at, id) > (${next.createdAt}::timestamptz, ${next.id}::uuid)` : sql``;
    query = sql`select id::text as id from products
      where ${PRODUCTS_ON_SALE} and (created_at, id) <= ${from} ${until}
      order by products.created_at desc, products.id desc limit ${pageSize}`;
  } else {
    const until = next ? sql`and u.id < ${next.id}::uuid` : sql``;
    query = sql`select u.id::text as id from users u join sellers s on s.user_id = u.id
      where u.is_seller and u.deleted_at is null and u.id >= ${start.id}::uuid ${until}
      order by u.id limit ${pageSize}`;
  }
  return (await queryRows<{ id: string }>(db, query)).map((row) => row.id);
}

/**
 * A shop's own products on sale, newest first, for its domain's sitemap (from
 * products_on_sale_seller_created_idx alone). One sitemap: the storefront takes one URL.
 */
export async function shopProductIds(db: Db, sellerId: string, limit = SITEMAP_MAX_URLS - 1): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from products where ${PRODUCTS_ON_SALE} and seller_id = ${sellerId}::uuid
      order by products.created_at desc, products.id desc limit ${limit}`,
  );
  return rows.map((row) => row.id);
}
