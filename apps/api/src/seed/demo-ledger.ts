/**
 * A year of the marketplace's money for the demo, so the sellers' Finances screen is worth a look
 * on first start: two shops on plan 2 (one paid through PayPal, one by Swish) with paid and
 * delivered orders every month, booked as the ledger books them (rules/ledger.ts), and the yearly
 * fee of every shop on plan 2 or 3. Only shops no browser test reads from have order history.
 */
import { DEFAULT_PLAN_FEES, type LedgerKind, orderPaidBookings } from '@torget/shared/rules/ledger';
import { cartTotals, TAX_ORE } from '@torget/shared/rules/orders';
import { PLANS, type PlanCode } from '@torget/shared/rules/plans';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { ledgerEntries, orderItems, orders, products, users } from '#api/db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shops with a year of orders, and how their buyers paid. */
export const LEDGER_DEMO_SHOPS: { email: string; method: 'PayPal' | 'Swish' }[] = [
  { email: 'johan@torget.se', method: 'PayPal' },
  { email: 'lars@torget.se', method: 'Swish' },
];
/** Who bought from them (never the demo customer the browser tests sign in as). */
const BUYERS = ['maja@torget.se', 'oskar@torget.se', 'elin@torget.se'];
/** Months of history, and orders each month. */
const MONTHS = 12;
const ORDERS_A_MONTH = 2;

interface DemoSeller {
  email: string;
  plan: PlanCode;
  name: string;
  swishNumber: string;
}

/** Writes the demo's ledger history; `sellersByEmail` are the seeded shops that sell. */
export async function insertDemoLedger(
  tx: Tx,
  userIds: Map<string, string>,
  sellersByEmail: DemoSeller[],
  now: Date,
): Promise<void> {
  const idOf = (email: string) => {
    const id = userIds.get(email);
    if (!id) throw new Error(`Demo ledger refers to an unknown user ${email}`);
    return id;
  };
  const yearAgo = new Date(now.getTime() - (MONTHS * 30 + 5) * DAY_MS);

  // The shops with history have been on the marketplace for the year they show.
  const historic = LEDGER_DEMO_SHOPS.map((shop) => idOf(shop.email));
  await tx
    .update(users)
    .set({ createdAt: new Date(yearAgo.getTime() - DAY_MS) })
    .where(inArray(users.id, historic));

  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const book = (
    sellerId: string,
    kind: LedgerKind,
    amountOre: number,
    at: Date,
    key: string,
    extra: Partial<typeof ledgerEntries.$inferInsert> = {},
  ) => entries.push({ sellerId, kind, amountOre, bookingKey: key, createdAt: at, ...extra });

  // Each shop on a paid plan paid its yearly fee when it was approved (a year ago for the shops
  // with history, when the shop was made for the others).
  for (const seller of sellersByEmail) {
    const fee = DEFAULT_PLAN_FEES[seller.plan].yearlyFeeOre;
    if (PLANS[seller.plan].yearlyPriceSek === 0) continue;
    const sellerId = idOf(seller.email);
    const [user] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, sellerId));
    const start = user?.createdAt ?? now;
    book(sellerId, 'plan_fee', -fee, start, `plan_fee:${sellerId}:${start.getUTCFullYear()}`, {
      baseOre: fee,
      periodStart: start,
      note: `Plan ${seller.plan}, yearly fee.`,
    });
  }

  let serial = 0;
  for (const shop of LEDGER_DEMO_SHOPS) {
    const sellerId = idOf(shop.email);
    const seller = sellersByEmail.find((s) => s.email === shop.email);
    if (!seller) throw new Error(`Demo ledger shop ${shop.email} is not a seeded seller`);
    const stock = await tx.select().from(products).where(eq(products.sellerId, sellerId)).orderBy(products.priceOre);
    if (stock.length === 0) throw new Error(`Demo ledger shop ${shop.email} has no products`);
    const commissionBp = DEFAULT_PLAN_FEES[seller.plan].commissionBp;

    for (let month = MONTHS - 1; month >= 0; month--) {
      for (let k = 0; k < ORDERS_A_MONTH; k++) {
        serial++;
        const placedAt = new Date(
          now.getTime() - (month * 30 + 4 + (ORDERS_A_MONTH - 1 - k) * 13) * DAY_MS - serial * 3_600_000,
        );
        if (placedAt.getTime() < yearAgo.getTime()) continue;
        const product = stock[serial % stock.length];
        if (!product) continue;
        const qty = 1 + (serial % 2);
        const buyerEmail = BUYERS[serial % BUYERS.length] ?? BUYERS[0] ?? '';
        const buyerId = idOf(buyerEmail);
        const [buyer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, buyerId));
        const totals = cartTotals([{ qty, priceOre: product.priceOre, shippingPriceOre: product.shippingPriceOre }]);
        const paidAt = new Date(placedAt.getTime() + (shop.method === 'PayPal' ? 60_000 : DAY_MS));
        // Orders of the last days are not delivered yet: their money is held back.
        const deliveredAt = month === 0 && k === ORDERS_A_MONTH - 1 ? null : new Date(paidAt.getTime() + 3 * DAY_MS);
        const delivered = deliveredAt !== null && deliveredAt.getTime() < now.getTime();
        const [order] = await tx
          .insert(orders)
          .values({
            userId: buyerId,
            sellerId,
            buyerName: buyer?.name ?? buyerEmail,
            sellerName: seller.name,
            sellerSwishNumber: shop.method === 'Swish' ? seller.swishNumber : '',
            shippingFullName: buyer?.name ?? buyerEmail,
            shippingAddress: 'Storgatan 1',
            shippingCity: 'Uppsala',
            shippingPostalCode: '753 20',
            shippingCountry: 'Sverige',
            paymentMethod: shop.method,
            itemsPriceOre: totals.itemsOre,
            shippingPriceOre: totals.shippingOre,
            taxPriceOre: TAX_ORE,
            totalPriceOre: totals.totalOre,
            isPaid: true,
            paidAt,
            isDelivered: delivered,
            deliveredAt: delivered ? deliveredAt : null,
            createdAt: placedAt,
            updatedAt: delivered && deliveredAt ? deliveredAt : paidAt,
          })
          .returning({ id: orders.id, number: orders.number });
        if (!order) throw new Error('demo order not written');
        await tx.insert(orderItems).values({
          orderId: order.id,
          sellerId,
          productId: product.id,
          name: product.name,
          image: product.image,
          qty,
          priceOre: product.priceOre,
          shippingPriceOre: product.shippingPriceOre,
          vatRate: product.vatRate,
        });
        for (const booking of orderPaidBookings(shop.method, totals.totalOre, commissionBp)) {
          book(sellerId, booking.kind, booking.amountOre, paidAt, `order:${order.id}:1:${booking.kind}`, {
            orderId: order.id,
            orderNumber: order.number,
            rateBp: booking.rateBp,
            baseOre: booking.baseOre,
          });
        }
      }
    }
  }
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
}
