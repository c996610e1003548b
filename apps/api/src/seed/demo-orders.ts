/**
 * The demo's orders, so the order screens show something on first start: one in each state
 * (awaiting a Swish payment, paid and waiting to be sent, shipped with a tracking number, delivered),
 * some with a conversation on the order, one with a withdrawal waiting for the seller. They stand
 * for sales made before the demo starts: the products' stock is as the demo data says, and nobody
 * is mailed. Each paid one is booked in the ledger as paying it books (rules/ledger.ts, at the
 * shop's plan's default commission, dated when it was paid), so the sellers' balances agree with
 * their orders on first start.
 */
import { DEFAULT_PLAN_FEES, orderPaidBookings } from '@torget/shared/rules/ledger';
import { refundBookings } from '@torget/shared/rules/refunds';
import type { Carrier } from '@torget/shared/rules/shipping';
import type { Db } from '#api/db/client.ts';
import {
  ledgerEntries,
  orderItems,
  orderMessageReads,
  orderMessages,
  orderRefunds,
  orders,
  orderWithdrawalLines,
  orderWithdrawals,
} from '#api/db/schema.ts';
import { CUSTOMERS, demoVatRate, SELLERS, type SellerSeed } from './seed-data';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface DemoMessage {
  from: 'buyer' | 'seller';
  text: string;
  hoursAgo: number;
}

interface DemoOrder {
  buyer: string;
  seller: string;
  /** Which of the seller's products (by position) and how many of each. */
  lines: { product: number; qty: number }[];
  placedDaysAgo: number;
  paidDaysAgo?: number;
  shipped?: { carrier: Carrier; trackingNumber: string | null; daysAgo: number };
  deliveredDaysAgo?: number;
  messages?: DemoMessage[];
  /** The buyer's language for the order's mails. */
  language?: 'sv' | 'en';
  /** A withdrawal the buyer asked for and the seller has not decided yet. */
  withdrawal?: { lines: { product: number; qty: number }[]; reason?: string; daysAgo: number };
  /** A refund the seller made of some lines (goods and their shipping), booked as refunding books. */
  refund?: { lines: { product: number; qty: number }[]; note: string; daysAgo: number };
}

export const DEMO_ORDERS: DemoOrder[] = [
  {
    buyer: 'kund@torget.se',
    seller: 'anna@torget.se',
    lines: [{ product: 0, qty: 1 }],
    placedDaysAgo: 3,
    paidDaysAgo: 3,
    shipped: { carrier: 'PostNord', trackingNumber: 'UA123456785SE', daysAgo: 2 },
    language: 'sv',
    messages: [
      { from: 'buyer', text: 'Hej! Kan ni skicka den till mitt närmaste PostNord-ombud?', hoursAgo: 70 },
      {
        from: 'seller',
        text: 'Hej Emma! Ja, den är skickad till ditt ombud. Du kan följa den här: https://tracking.postnord.com/se/?id=UA123456785SE',
        hoursAgo: 46,
      },
    ],
  },
  {
    buyer: 'kund@torget.se',
    seller: 'anna@torget.se',
    lines: [
      { product: 1, qty: 1 },
      { product: 2, qty: 2 },
    ],
    placedDaysAgo: 12,
    paidDaysAgo: 11,
    shipped: { carrier: 'DHL', trackingNumber: '1234567890', daysAgo: 10 },
    deliveredDaysAgo: 8,
    withdrawal: { lines: [{ product: 2, qty: 1 }], reason: 'Färgen var inte som på bilden.', daysAgo: 2 },
  },
  {
    buyer: 'maja@torget.se',
    seller: 'anna@torget.se',
    lines: [{ product: 3, qty: 1 }],
    placedDaysAgo: 1,
    messages: [{ from: 'buyer', text: 'Hej! Jag har swishat nu, hoppas allt kom fram.', hoursAgo: 20 }],
  },
  {
    buyer: 'oskar@torget.se',
    seller: 'sara@torget.se',
    lines: [{ product: 0, qty: 2 }],
    placedDaysAgo: 2,
    paidDaysAgo: 1,
  },
  {
    buyer: 'elin@torget.se',
    seller: 'karin@torget.se',
    lines: [{ product: 0, qty: 1 }],
    placedDaysAgo: 4,
    paidDaysAgo: 4,
    shipped: { carrier: 'Budbee', trackingNumber: 'BB4711SE', daysAgo: 3 },
    messages: [
      { from: 'buyer', text: 'Går det att få boken signerad?', hoursAgo: 90 },
      { from: 'seller', text: 'Absolut, jag skriver en hälsning på försättsbladet.', hoursAgo: 80 },
    ],
  },
  {
    buyer: 'kund@torget.se',
    seller: 'anna@torget.se',
    lines: [
      { product: 0, qty: 1 },
      { product: 3, qty: 1 },
    ],
    placedDaysAgo: 20,
    paidDaysAgo: 20,
    shipped: { carrier: 'PostNord', trackingNumber: 'UA987654321SE', daysAgo: 19 },
    deliveredDaysAgo: 17,
    refund: { lines: [{ product: 3, qty: 1 }], note: 'Skadad vid leverans: pengarna tillbaka.', daysAgo: 15 },
  },
];

function sellerSeed(email: string): SellerSeed {
  const seed = SELLERS.find((seller) => seller.email === email);
  if (!seed) throw new Error(`Demo order of an unknown seller ${email}`);
  return seed;
}

export async function insertDemoOrders(
  tx: Tx,
  idOf: (email: string) => string,
  productOf: (name: string) => { id: string; image: string },
  now: Date,
): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const names = new Map([...CUSTOMERS, ...SELLERS].map((person) => [person.email, person.name]));
  for (const demo of DEMO_ORDERS) {
    const seller = sellerSeed(demo.seller);
    const buyer = CUSTOMERS.find((person) => person.email === demo.buyer);
    const address = buyer?.shipping ?? {
      fullName: names.get(demo.buyer) ?? demo.buyer,
      address: 'Storgatan 1',
      postalCode: '903 25',
      city: 'Umeå',
      country: 'Sverige',
    };
    const lines = demo.lines.map(({ product, qty }) => {
      const seed = seller.products[product];
      if (!seed) throw new Error(`${seller.email} has no product ${product}`);
      return { seed, qty };
    });
    const itemsOre = lines.reduce((sum, { seed, qty }) => sum + qty * seed.priceOre, 0);
    const shippingOre = lines.reduce((sum, { seed, qty }) => sum + qty * seed.shippingPriceOre, 0);
    const sellerId = idOf(seller.email);
    const buyerId = idOf(demo.buyer);
    const swish = seller.shop.swishNumber !== undefined;
    const createdAt = ago(demo.placedDaysAgo * DAY_MS);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyerId,
        sellerId,
        buyerName: names.get(demo.buyer) ?? demo.buyer,
        sellerName: seller.shop.name,
        sellerSwishNumber: seller.shop.swishNumber ?? '',
        shippingFullName: address.fullName,
        shippingAddress: address.address,
        shippingCity: address.city,
        shippingPostalCode: address.postalCode,
        shippingCountry: address.country,
        paymentMethod: swish ? 'Swish' : 'PayPal',
        itemsPriceOre: itemsOre,
        shippingPriceOre: shippingOre,
        taxPriceOre: 0,
        totalPriceOre: itemsOre + shippingOre,
        isPaid: demo.paidDaysAgo !== undefined,
        paidAt: demo.paidDaysAgo !== undefined ? ago(demo.paidDaysAgo * DAY_MS) : null,
        isDelivered: demo.deliveredDaysAgo !== undefined,
        deliveredAt: demo.deliveredDaysAgo !== undefined ? ago(demo.deliveredDaysAgo * DAY_MS) : null,
        shippingCarrier: demo.shipped?.carrier ?? null,
        trackingNumber: demo.shipped?.trackingNumber ?? null,
        shippedAt: demo.shipped ? ago(demo.shipped.daysAgo * DAY_MS) : null,
        buyerLanguage: demo.language ?? 'en',
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id, number: orders.number });
    if (!order) throw new Error('insert returned nothing');
    if (demo.paidDaysAgo !== undefined) {
      const bookings = orderPaidBookings(
        swish ? 'Swish' : 'PayPal',
        itemsOre + shippingOre,
        DEFAULT_PLAN_FEES[seller.shop.plan].commissionBp,
      );
      const paidAt = ago(demo.paidDaysAgo * DAY_MS);
      await tx.insert(ledgerEntries).values(
        bookings.map((booking) => ({
          sellerId,
          kind: booking.kind,
          amountOre: booking.amountOre,
          orderId: order.id,
          orderNumber: order.number,
          rateBp: booking.rateBp,
          baseOre: booking.baseOre,
          bookingKey: `order:${order.id}:1:${booking.kind}`,
          createdAt: paidAt,
        })),
      );
    }
    await tx.insert(orderItems).values(
      lines.map(({ seed, qty }) => ({
        orderId: order.id,
        sellerId,
        productId: productOf(seed.name).id,
        name: seed.name,
        image: productOf(seed.name).image,
        qty,
        priceOre: seed.priceOre,
        shippingPriceOre: seed.shippingPriceOre,
        vatRate: demoVatRate(seed.category),
      })),
    );
    if (demo.refund && demo.paidDaysAgo !== undefined) {
      const refunded = demo.refund.lines.map(({ product, qty }) => {
        const seed = seller.products[product];
        if (!seed) throw new Error(`${seller.email} has no product ${product}`);
        return { seed, qty };
      });
      const refundedAt = ago(demo.refund.daysAgo * DAY_MS);
      const amountOre = refunded.reduce((sum, { seed, qty }) => sum + qty * (seed.priceOre + seed.shippingPriceOre), 0);
      const [refund] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          seq: 1,
          amountOre,
          lines: refunded.map(({ seed, qty }) => ({ product: productOf(seed.name).id, name: seed.name, qty })),
          note: demo.refund.note,
          method: swish ? 'Swish' : 'PayPal',
          status: 'completed',
          refundedAt,
          actorId: sellerId,
        })
        .returning({ id: orderRefunds.id });
      if (!refund) throw new Error('insert returned nothing');
      const paid = orderPaidBookings(
        swish ? 'Swish' : 'PayPal',
        itemsOre + shippingOre,
        DEFAULT_PLAN_FEES[seller.shop.plan].commissionBp,
      );
      const booked = (kind: string) => paid.find((b) => b.kind === kind);
      const reversal = refundBookings(
        {
          saleCollectedOre: booked('sale_collected')?.amountOre ?? 0,
          commissionOre: booked('commission')?.amountOre ?? 0,
          commissionVatOre: booked('commission_vat')?.amountOre ?? 0,
          commissionBp: booked('commission')?.rateBp ?? null,
          commissionVatBp: booked('commission_vat')?.rateBp ?? null,
        },
        itemsOre + shippingOre,
        0,
        amountOre,
      );
      await tx.insert(ledgerEntries).values(
        reversal.map((entry) => ({
          sellerId,
          kind: entry.kind,
          amountOre: entry.amountOre,
          orderId: order.id,
          orderNumber: order.number,
          rateBp: entry.rateBp,
          baseOre: entry.baseOre,
          note: `Refund 1 of order T-${order.number}.`,
          bookingKey: `refund:${refund.id}:${entry.kind}`,
          createdAt: refundedAt,
        })),
      );
    }
    if (demo.withdrawal) {
      const [withdrawal] = await tx
        .insert(orderWithdrawals)
        .values({
          orderId: order.id,
          reason: demo.withdrawal.reason ?? null,
          requestedAt: ago(demo.withdrawal.daysAgo * DAY_MS),
        })
        .returning({ id: orderWithdrawals.id });
      if (!withdrawal) throw new Error('insert returned nothing');
      await tx.insert(orderWithdrawalLines).values(
        demo.withdrawal.lines.map(({ product, qty }) => {
          const seed = seller.products[product];
          if (!seed) throw new Error(`${seller.email} has no product ${product}`);
          return {
            withdrawalId: withdrawal.id,
            productId: productOf(seed.name).id,
            name: seed.name,
            qty,
            priceOre: seed.priceOre,
          };
        }),
      );
    }
    const sellerName = names.get(seller.email) ?? seller.email;
    await insertThread(tx, order.id, demo, { buyerId, sellerId, sellerName, names, ago });
  }
}

/** The conversation, read by each side up to their own last message (the rest shows as unread). */
async function insertThread(
  tx: Tx,
  orderId: string,
  demo: DemoOrder,
  who: {
    buyerId: string;
    sellerId: string;
    sellerName: string;
    names: Map<string, string>;
    ago: (ms: number) => Date;
  },
): Promise<void> {
  const messages = demo.messages ?? [];
  if (messages.length === 0) return;
  const rows = messages.map((message) => ({
    orderId,
    authorId: message.from === 'buyer' ? who.buyerId : who.sellerId,
    authorName: message.from === 'buyer' ? (who.names.get(demo.buyer) ?? demo.buyer) : who.sellerName,
    authorRole: message.from,
    text: message.text,
    createdAt: who.ago(message.hoursAgo * HOUR_MS),
  }));
  await tx.insert(orderMessages).values(rows);
  const reads = rows.flatMap((row) => [{ orderId, userId: row.authorId, readAt: row.createdAt }]);
  const lastOf = new Map(reads.map((read) => [read.userId, read]));
  await tx.insert(orderMessageReads).values([...lastOf.values()]);
}
