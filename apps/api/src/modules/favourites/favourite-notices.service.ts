/**
 * The favourites mail: what happened to a user's saved products (back in stock, on sale) waits as
 * notices, and a sweep sends each user at most one mail a day summarising what waits.
 *
 * Back in stock is noticed by the database whatever wrote the stock (db/sql/85-favourites.sql);
 * a sale is noticed by the sweep's `noticeSalesStarted` (a sale starts by time, with no write), and
 * `notifyFavouritesBackInStock` serves a writer the trigger cannot see (a variant's own stock).
 */
import { FAVOURITE_MAIL_INTERVAL_MS } from '@torget/shared/rules/favourites';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import { type FavouriteNoticeKind, favouriteNotices, favourites, products, users } from '#api/db/schema.ts';
import { listed } from '#api/modules/catalog/listed.ts';
import { salesStartedBetween } from '#api/modules/catalog/sale-starts.service.ts';

async function notify(db: Db, productId: string, kind: FavouriteNoticeKind): Promise<number> {
  const written = await queryRows<{ id: string }>(
    db,
    sql`
    insert into ${favouriteNotices} (user_id, product_id, kind)
    select ${favourites.userId}, ${favourites.productId}, ${kind} from ${favourites}
    where ${favourites.productId} = ${productId}
    on conflict (user_id, product_id, kind) where sent_at is null do nothing
    returning id`,
  );
  return written.length;
}

/** A sale started on the product: each user who saved it gets it in their next favourites mail. */
export function notifyFavouritesOfSale(db: Db, productId: string): Promise<number> {
  return notify(db, productId, 'on_sale');
}

/**
 * How far back each sweep looks for sales that started. A sale starts by time, with no write at
 * that moment, so the sweep asks which started lately (modules/catalog/sale-starts.service.ts);
 * overlapping spans are harmless, as a sale already noticed is not noticed again.
 */
export const SALE_START_LOOKBACK_MS = 15 * 60 * 1000;

/**
 * Every sale that came into force in the span before `now` is noticed once to each user who saved
 * its product: no notice of that product's sale made since the sale started, sent or pending.
 * Answers how many notices were written.
 */
export async function noticeSalesStarted(db: Db, now: Date = new Date()): Promise<number> {
  const since = new Date(now.getTime() - SALE_START_LOOKBACK_MS);
  let written = 0;
  for (const sale of await salesStartedBetween(db, since, now)) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
      insert into ${favouriteNotices} (user_id, product_id, kind)
      select f.user_id, f.product_id, 'on_sale' from ${favourites} f
      where f.product_id = ${sale.productId}
        and not exists (
          select 1 from ${favouriteNotices} n
          where n.user_id = f.user_id and n.product_id = f.product_id and n.kind = 'on_sale'
            and n.created_at >= ${sale.startedAt.toISOString()}::timestamptz
        )
      on conflict (user_id, product_id, kind) where sent_at is null do nothing
      returning id`,
    );
    written += rows.length;
  }
  return written;
}

/** The product came back in stock (as the trigger notices for products' own stock). */
export function notifyFavouritesBackInStock(db: Db, productId: string): Promise<number> {
  return notify(db, productId, 'back_in_stock');
}

export interface FavouriteMailLine {
  productId: string;
  name: string;
  priceOre: number;
  kind: FavouriteNoticeKind;
}

export interface FavouriteDigest {
  user: { id: string; name: string; email: string };
  lines: FavouriteMailLine[];
}

/**
 * The users whose notices may go now: pending ones and no favourites mail in the last day.
 * A notice whose product the public no longer sees, or that is out of stock again, is dropped
 * first: it would tell of nothing the user can buy.
 */
async function usersDue(db: Db, now: Date): Promise<string[]> {
  await db.execute(sql`
    delete from ${favouriteNotices} n using ${products}
    where n.sent_at is null and ${products.id} = n.product_id
      and (not ${listed} or (n.kind = 'back_in_stock' and ${products.countInStock} = 0))`);
  const since = new Date(now.getTime() - FAVOURITE_MAIL_INTERVAL_MS);
  const rows = await db
    .selectDistinct({ userId: favouriteNotices.userId })
    .from(favouriteNotices)
    .where(
      and(
        isNull(favouriteNotices.sentAt),
        sql`not exists (select 1 from ${favouriteNotices} sent where sent.user_id = ${favouriteNotices.userId} and sent.sent_at > ${since})`,
      ),
    );
  return rows.map((row) => row.userId);
}

/**
 * Takes one user's pending notices as sent, if no mail went to them in the last day (the check
 * and the marking in one transaction under the user's row lock, so two instances sweeping at
 * once send one mail). Answers what the mail says, or null when nothing is due.
 */
async function claimDigest(db: Db, userId: string, now: Date): Promise<FavouriteDigest | null> {
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) return null;
    const since = new Date(now.getTime() - FAVOURITE_MAIL_INTERVAL_MS);
    const [recent] = await tx
      .select({ id: favouriteNotices.id })
      .from(favouriteNotices)
      .where(and(eq(favouriteNotices.userId, userId), gt(favouriteNotices.sentAt, since)))
      .limit(1);
    if (recent) return null;
    const claimed = await tx
      .update(favouriteNotices)
      .set({ sentAt: now })
      .where(and(eq(favouriteNotices.userId, userId), isNull(favouriteNotices.sentAt)))
      .returning({ productId: favouriteNotices.productId, kind: favouriteNotices.kind });
    if (claimed.length === 0) return null;
    const shown = await tx
      .select({ id: products.id, name: products.name, priceOre: products.priceOre })
      .from(products)
      .where(
        and(
          inArray(
            products.id,
            claimed.map((c) => c.productId),
          ),
          listed,
        ),
      );
    const byId = new Map(shown.map((p) => [p.id, p]));
    const lines = claimed.flatMap((c) => {
      const product = byId.get(c.productId);
      return product ? [{ productId: product.id, name: product.name, priceOre: product.priceOre, kind: c.kind }] : [];
    });
    return { user, lines: lines.sort((a, b) => a.name.localeCompare(b.name, 'sv') || a.kind.localeCompare(b.kind)) };
  });
}

/**
 * Sends every favourites mail due at `now` through `send` (which builds and sends the mail). A
 * mail that fails puts its notices back, to go with the next sweep. Answers how many went.
 */
export async function sendFavouriteDigests(
  db: Db,
  send: (digest: FavouriteDigest) => Promise<void>,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  for (const userId of await usersDue(db, now)) {
    const digest = await claimDigest(db, userId, now);
    if (!digest || digest.lines.length === 0) continue;
    try {
      await send(digest);
      sent += 1;
    } catch (error) {
      await db
        .update(favouriteNotices)
        .set({ sentAt: null })
        .where(and(eq(favouriteNotices.userId, userId), eq(favouriteNotices.sentAt, now)));
      throw error;
    }
  }
  return sent;
}
