/**
 * Placing an order (POST /api/orders). The payload gives only product ids and quantities;
 * names, images and prices come from the database. Two buyers never get the last item: the stock
 * is checked and taken in the statement that writes the order, under row locks.
 *
 * The fast path: the products are read without a lock, with the buyer's account in the
 * same statement (the auth guard leaves that read to this one: `readsSessionUser`), every check
 * runs on what was read, and ONE autocommit statement takes the stock and writes the order, its
 * stock UPDATE guarded by the rows as read. A product's row is then locked only while PostgreSQL
 * runs that statement, not across three round trips through Node, so buyers of one popular
 * product queue for far less time. When the guard finds a line changed (a concurrent order took
 * the stock, the product changed since it was read), the statement fails as a whole and the
 * locked transaction places the order as before: it gives the exact refusal, or the order with
 * the new data. Any refusal throws before anything is written.
 */

import type { Order } from '@torget/shared/api-types.generated';
import type { Language } from '@torget/shared/rules/languages';
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { type Db, transaction } from '#api/db/client.ts';
import type { AuthUser, TokenClaims } from '#api/lib/auth.ts';
import { countOrderPlaced } from '#api/lib/business-counts.ts';
import { variantsById } from '#api/modules/catalog/variants.service.ts';
import { type OrderRow, toOrderJson } from './order-json';
import { lockProducts, readBuyerAndProducts } from './order-products-read';
import { type CheckedOrder, checkOrder, type Line, type OrderRecord, orderRecord } from './order-record';
import { isStockGuardFailure, takeStockAndWrite, takeStockIfUnchangedAndWrite } from './order-stock-writes';

export interface PlacedOrder {
  order: Order;
  buyer: { name: string; email: string };
  seller: { email: string };
}

/** Where the order is placed: the buyer's UI language, and the shop whose own domain it is on. */
export interface OrderPlacement {
  language: Language;
  /** The seller whose own domain the request came to; null on the marketplace. */
  shopOnHost: string | null;
}

const ON_THE_MARKETPLACE: OrderPlacement = { language: 'en', shopOnHost: null };

export interface PlaceOrderHooks {
  /**
   * For tests: runs between the unlocked read and the statement, where a concurrent order or
   * edit would land, so the guard's failure and the fallback can be provoked deterministically.
   */
  afterRead?: () => Promise<void>;
}

/**
 * Places the order of the session `claims` names (its token checked, its account not yet read:
 * the first statement reads it, and refuses an ended session with the auth guard's 401).
 */
export async function placeOrder(
  db: Db,
  claims: TokenClaims,
  input: CreateOrderInput,
  hooks: PlaceOrderHooks = {},
  placement: OrderPlacement = ON_THE_MARKETPLACE,
): Promise<PlacedOrder> {
  const lines = mergeLines(input.orderItems);
  const { buyer, found } = await readBuyerAndProducts(db, claims, productIdsOf(lines));
  // A product with variants takes its stock from the variant: the locked transaction, which
  // locks the product's row (as every writer of a variant's stock does) before reading them.
  if (lines.some((line) => line.variant) || [...found.values()].some((product) => product.hasVariants)) {
    return placeOrderLocked(db, buyer, input, lines, placement);
  }
  // A refusal here stands: the same checks give the same answer on the rows as committed when
  // read as the locked transaction gives on the rows it locks.
  const checked = checkOrder(buyer, input, lines, found);
  await hooks.afterRead?.();
  const record = orderRecord(buyer, input, checked, placement);
  try {
    return countOrderPlaced(placedOrder(await takeStockIfUnchangedAndWrite(db, record), record, buyer, checked));
  } catch (error) {
    if (!isStockGuardFailure(error)) throw error;
    return countOrderPlaced(await placeOrderLocked(db, buyer, input, lines, placement));
  }
}

/** The locked transaction: lock the products, check, take the stock and write. */
function placeOrderLocked(
  db: Db,
  buyer: AuthUser,
  input: CreateOrderInput,
  lines: readonly Line[],
  placement: OrderPlacement,
): Promise<PlacedOrder> {
  return transaction(db, async (tx) => {
    const found = await lockProducts(tx, productIdsOf(lines));
    const variantIds = lines.flatMap((line) => (line.variant ? [line.variant] : []));
    const checked = checkOrder(buyer, input, lines, found, await variantsById(tx, variantIds, true));
    const record = orderRecord(buyer, input, checked, placement);
    return placedOrder(await takeStockAndWrite(tx, record), record, buyer, checked);
  });
}

function placedOrder(
  row: OrderRow | undefined,
  record: OrderRecord,
  buyer: AuthUser,
  { shop, priced }: CheckedOrder,
): PlacedOrder {
  if (!row) throw new Error('insert returned nothing');
  // The lines' product numbers as read with the products (the lines as written keep none).
  const numbers = new Map(priced.map(({ product }) => [product.id, product.number]));
  const lines = record.items.map((item) => ({
    ...item,
    productNumber: item.productId ? (numbers.get(item.productId) ?? null) : null,
  }));
  return {
    order: { ...toOrderJson(row, lines), sellerIsPrivate: shop.isPrivate },
    buyer: { name: buyer.name, email: buyer.email },
    seller: { email: shop.email },
  };
}

/**
 * Lines of the same product (the same variant of a product with variants) are merged (quantities
 * added): the cart never holds two, and a merged line is what such a payload can only mean. Kept
 * in first-seen order.
 */
export function mergeLines(lines: readonly Line[]): Line[] {
  const merged = new Map<string, Line>();
  for (const line of lines) {
    const key = line.variant ? `${line.product}:${line.variant}` : line.product;
    const seen = merged.get(key);
    merged.set(key, { ...line, qty: (seen?.qty ?? 0) + line.qty });
  }
  return [...merged.values()].map(({ product, qty, variant }) =>
    variant ? { product, qty, variant } : { product, qty },
  );
}

/** The lines' products, each once (two variants of one product are two lines). */
const productIdsOf = (lines: readonly Line[]) => [...new Set(lines.map((line) => line.product))];
