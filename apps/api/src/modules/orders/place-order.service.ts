/**
 * Placing an order (POST /api/orders). The payload gives only product ids and quantities;
 * names, images and prices come from the database. Stock is checked and taken in the same
 * transaction that writes the order, under row locks, so two buyers never get the last item.
 * Any refusal throws inside the transaction, so nothing is written.
 */
import { randomUUID } from 'node:crypto';
import type { Order } from '@torget/shared/api-types';
import { type CartTotals, cartTotals, type PaymentMethod, paymentMethodsFor } from '@torget/shared/rules/orders';
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderItems, orders, products, sellers, users } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict } from '#api/lib/http-errors.ts';
import { type OrderItemRow, type OrderRow, toOrderJson } from './order-json';

/** The largest amount an integer öre column holds. */
const MAX_ORE = 2_147_483_647;

interface Line {
  product: string;
  qty: number;
}

/** A product as stored, with its seller, as an order reads it. */
interface StoredProduct {
  id: string;
  sellerId: string;
  name: string;
  image: string;
  priceOre: number;
  shippingPriceOre: number;
  countInStock: number;
  isDraft: boolean;
  /** The seller as the order needs them; the shop fields are null when there is no shop row. */
  seller: {
    email: string;
    name: string;
    isSeller: boolean;
    deletedAt: Date | null;
    shopName: string | null;
    hasPaypal: boolean | null;
    hasSwish: boolean | null;
    swishNumber: string | null;
  };
}

interface Shop {
  id: string;
  email: string;
  name: string;
  swishNumber: string;
  methods: PaymentMethod[];
}

export interface PlacedOrder {
  order: Order;
  buyer: { name: string; email: string };
  seller: { email: string };
}

/**
 * Lines of the same product are merged (quantities added): the cart never holds two, and a
 * merged line is what such a payload can only mean. Kept in first-seen order.
 */
export function mergeLines(lines: readonly Line[]): Line[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.product, (merged.get(line.product) ?? 0) + line.qty);
  return [...merged].map(([product, qty]) => ({ product, qty }));
}

/** The products of `ids` in id order, each with its seller's account and shop, in one statement. */
function productsWithSellers(db: Db, ids: string[]) {
  return db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      image: products.image,
      priceOre: products.priceOre,
      shippingPriceOre: products.shippingPriceOre,
      countInStock: products.countInStock,
      isDraft: products.isDraft,
      seller: {
        email: users.email,
        name: users.name,
        isSeller: users.isSeller,
        deletedAt: users.deletedAt,
        shopName: sellers.name,
        hasPaypal: sellers.hasPaypal,
        hasSwish: sellers.hasSwish,
        swishNumber: sellers.swishNumber,
      },
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
}

const byId = (rows: StoredProduct[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * Locks the products in id order (every writer of stock takes them in this order), reading with
 * each its seller's account and shop in the same statement; only the products are locked.
 */
async function lockProducts(tx: Db, ids: string[]): Promise<Map<string, StoredProduct>> {
  return byId(await productsWithSellers(tx, ids).for('update', { of: products }));
}

interface PricedLine {
  qty: number;
  product: StoredProduct;
}

/**
 * Each line with its product as stored; an unknown (or deleted) product is refused by id, and so
 * is a draft (issue 16): nobody but its seller sees it, so nobody buys it.
 */
function pricedLines(lines: readonly Line[], found: Map<string, StoredProduct>): PricedLine[] {
  return lines.map((line) => {
    const product = found.get(line.product);
    if (!product || product.isDraft)
      throw badRequest(`Product not found: ${line.product}. Please remove it from your cart.`);
    return { qty: line.qty, product };
  });
}

/** The one seller of all lines; an order is between one buyer and one seller. */
function singleSeller(priced: readonly PricedLine[]): string {
  const [sellerId, ...others] = new Set(priced.map((p) => p.product.sellerId));
  if (!sellerId || others.length > 0) throw badRequest('All items in an order must come from one seller.');
  return sellerId;
}

/** The seller's shop as the order needs it; refused when the seller no longer sells. */
function activeShop(priced: readonly PricedLine[], sellerId: string): Shop {
  const seller = priced.find((p) => p.product.sellerId === sellerId)?.product.seller;
  if (!seller || seller.shopName === null || !seller.isSeller || seller.deletedAt) {
    throw badRequest('This seller is not selling at the moment. Please remove their items from your cart.');
  }
  const methods = paymentMethodsFor({
    has_paypal: seller.hasPaypal ?? false,
    has_swish: seller.hasSwish ?? false,
    swish_number: seller.swishNumber ?? '',
  });
  return {
    id: sellerId,
    email: seller.email,
    // A seller without a shop name yet is shown by their own name, as in the catalogue.
    name: seller.shopName || seller.name,
    swishNumber: methods.includes('Swish') ? (seller.swishNumber ?? '') : '',
    methods,
  };
}

/** Refuses the first line (in product id order) that asks for more than is left. */
function checkStock(priced: readonly PricedLine[]): void {
  for (const { qty, product } of [...priced].sort((a, b) => (a.product.id < b.product.id ? -1 : 1))) {
    if (product.countInStock >= qty) continue;
    throw conflict(
      product.countInStock === 0
        ? `${product.name} is sold out (0 left).`
        : `Only ${product.countInStock} left of ${product.name}.`,
    );
  }
}

/** An order that passed every check: its lines with their products as read, the shop, the totals. */
interface CheckedOrder {
  priced: PricedLine[];
  shop: Shop;
  totals: CartTotals;
}

/**
 * Every check of an order on its products as read, in the order the refusals are given: unknown
 * or draft product, one seller, the seller still selling, not one's own product, the payment
 * method, the stock, the total's size.
 */
function checkOrder(
  buyer: AuthUser,
  input: CreateOrderInput,
  lines: readonly Line[],
  found: Map<string, StoredProduct>,
): CheckedOrder {
  const priced = pricedLines(lines, found);
  const shop = activeShop(priced, singleSeller(priced));
  if (shop.id === buyer.id) throw badRequest('You cannot buy your own products.');
  if (!shop.methods.includes(input.paymentMethod)) {
    throw badRequest(`${shop.name} does not accept ${input.paymentMethod}. Please choose another payment method.`);
  }
  checkStock(priced);
  const totals = cartTotals(priced.map(({ qty, product }) => ({ qty, ...product })));
  if (totals.totalOre > MAX_ORE) throw badRequest('The order total is too large. Please split the order.');
  return { priced, shop, totals };
}

/**
 * The rows an order writes, with ids made here (so the lines need not wait for the order's).
 * Each line keeps its product as read: name, image, prices and seller are the snapshot the order
 * shows.
 */
interface OrderRecord {
  order: typeof orders.$inferInsert & { id: string };
  items: OrderItemRow[];
}

function orderRecord(buyer: AuthUser, input: CreateOrderInput, { priced, shop, totals }: CheckedOrder): OrderRecord {
  const orderId = randomUUID();
  const items: OrderItemRow[] = priced.map(({ qty, product }) => ({
    id: randomUUID(),
    orderId,
    sellerId: shop.id,
    productId: product.id,
    name: product.name,
    image: product.image,
    qty,
    priceOre: product.priceOre,
    shippingPriceOre: product.shippingPriceOre,
  }));
  const order = {
    id: orderId,
    userId: buyer.id,
    sellerId: shop.id,
    buyerName: buyer.name,
    sellerName: shop.name,
    sellerSwishNumber: shop.swishNumber,
    shippingFullName: input.shippingAddress.fullName,
    shippingAddress: input.shippingAddress.address,
    shippingCity: input.shippingAddress.city,
    shippingPostalCode: input.shippingAddress.postalCode,
    shippingCountry: input.shippingAddress.country,
    paymentMethod: input.paymentMethod,
    itemsPriceOre: totals.itemsOre,
    shippingPriceOre: totals.shippingOre,
    taxPriceOre: totals.taxOre,
    totalPriceOre: totals.totalOre,
  };
  return { order, items };
}

function placedOrder(row: OrderRow | undefined, record: OrderRecord, buyer: AuthUser, shop: Shop): PlacedOrder {
  if (!row) throw new Error('insert returned nothing');
  return {
    order: toOrderJson(row, record.items),
    buyer: { name: buyer.name, email: buyer.email },
    seller: { email: shop.email },
  };
}

/**
 * Inside the locked transaction: one statement takes the stock and writes the order with its
 * lines: fewer round trips while the product rows are locked.
 */
async function takeStockAndWrite(tx: Db, { order, items }: OrderRecord): Promise<OrderRow | undefined> {
  const stockTaken = tx.$with('stock_taken', {}).as(
    sql`update ${products} set ${sql.identifier(products.countInStock.name)} = ${products.countInStock} - lines.qty
        from (values ${sql.join(
          items.map((item) => sql`(${item.productId}::uuid, ${item.qty}::integer)`),
          sql`, `,
        )}) as lines (id, qty)
        where ${products.id} = lines.id`,
  );
  const linesWritten = tx.$with('lines_written', {}).as(tx.insert(orderItems).values(items).getSQL());
  const [row] = await tx.with(stockTaken, linesWritten).insert(orders).values(order).returning();
  return row;
}

export async function placeOrder(db: Db, buyer: AuthUser, input: CreateOrderInput): Promise<PlacedOrder> {
  const lines = mergeLines(input.orderItems);
  return db.transaction(async (tx) => {
    const found = await lockProducts(
      tx,
      lines.map((l) => l.product),
    );
    const checked = checkOrder(buyer, input, lines, found);
    const record = orderRecord(buyer, input, checked);
    return placedOrder(await takeStockAndWrite(tx, record), record, buyer, checked.shop);
  });
}
