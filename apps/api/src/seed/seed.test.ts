import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_WIDTHS, imageVariant } from '@torget/shared/rules/images';
import { checkPayoutAccount, payoutUsableAt } from '@torget/shared/rules/payout-account';
import { isPlanCode, PLANS } from '@torget/shared/rules/plans';
import { checkOrganisationNumber, checkPersonalNumber } from '@torget/shared/rules/seller-identity';
import { isValidOrganisationNumber } from '@torget/shared/rules/sweden';
import { withdrawalPeriodOpen } from '@torget/shared/rules/withdrawals';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#api/db/client.ts';
import {
  ledgerEntries,
  orderItems,
  orderMessages,
  orders,
  orderWithdrawalLines,
  orderWithdrawals,
  products,
  reviews,
  sellerPayoutAccounts,
  sellerPersonalNumbers,
  sellers,
  siteSettings,
  users,
} from '#api/db/schema.ts';
import { localImageStorage } from '#api/lib/image-storage.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { LEDGER_DEMO_SHOPS } from './demo-ledger';
import { type DemoSignIn, seedDemoIfEmpty } from './seed';
import { SELLERS } from './seed-data';

/** Luhn validation written independently of the seed's helper: doubling from the right, check digit included. */
async function firstBytes(path: string, count: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    await file.read(buffer, 0, count, 0);
    return buffer;
  } finally {
    await file.close();
  }
}

const count = sql<number>`count(*)::int`;

async function counts(database: Database): Promise<Record<string, number>> {
  const { db } = database;
  const [u] = await db.select({ n: count }).from(users);
  const [s] = await db.select({ n: count }).from(sellers);
  const [p] = await db.select({ n: count }).from(products);
  const [r] = await db.select({ n: count }).from(reviews);
  return { users: u?.n ?? 0, sellers: s?.n ?? 0, products: p?.n ?? 0, reviews: r?.n ?? 0 };
}

describe('demo seed', () => {
  let database: TestDatabase;
  let uploadsDir: string;
  let signIns: DemoSignIn[] | null;
  let seedMs: number;

  beforeAll(async () => {
    // In-memory PGlite, or a fresh database on a real PostgreSQL server in the api-postgres project.
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(join(tmpdir(), 'torget-seed-'));
    const started = performance.now();
    signIns = await seedDemoIfEmpty(database, { storage: localImageStorage(uploadsDir) });
    seedMs = performance.now() - started;
  }, 60_000);

  afterAll(async () => {
    await database?.destroy();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  it('returns the demo sign-ins, including an admin who is one', async () => {
    expect(signIns).not.toBeNull();
    const admin = signIns?.find((signIn) => signIn.role === 'admin');
    expect(admin?.email).toBe('admin@torget.se');
    const [row] = await database.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, admin?.email ?? ''));
    expect(row?.isAdmin).toBe(true);
    for (const signIn of signIns ?? []) {
      expect(signIn.email).toBe(signIn.email.toLowerCase());
      expect(signIn.password.length).toBeGreaterThanOrEqual(8);
    }
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
  });

  it('creates sellers, products and categories within the plan limits', async () => {
    const { db } = database;
    const c = await counts(database);
    expect(c.products).toBeGreaterThanOrEqual(40);
    expect(c.reviews).toBeGreaterThanOrEqual(30);

    const [open] = await db
      .select({ n: count })
      .from(users)
      .innerJoin(sellers, eq(sellers.userId, users.id))
      .where(eq(users.isSeller, true));
    expect(open?.n).toBeGreaterThanOrEqual(5);

    const [categories] = await db.select({ n: sql<number>`count(distinct ${products.category})::int` }).from(products);
    expect(categories?.n).toBeGreaterThanOrEqual(6);

    const perSeller = await db
      .select({ plan: sellers.plan, n: sql<number>`count(${products.id})::int` })
      .from(sellers)
      .leftJoin(products, eq(products.sellerId, sellers.userId))
      .groupBy(sellers.userId, sellers.plan);
    for (const { plan, n } of perSeller) {
      if (!isPlanCode(plan)) throw new Error(`unknown plan ${plan}`);
      expect(n).toBeLessThanOrEqual(PLANS[plan].maxProducts ?? Number.POSITIVE_INFINITY);
    }
  });

  it('gives every business seller a well-formed organisation number with a valid check digit', async () => {
    const rows = await database.db
      .select({
        type: sellers.sellerType,
        organisationNumber: sellers.organisationNumber,
        postNumber: sellers.postNumber,
        legalName: sellers.legalName,
        certified: sellers.selfCertifiedAt,
      })
      .from(sellers);
    expect(rows.filter((row) => row.type === 'business').length).toBeGreaterThan(0);
    for (const { type, organisationNumber, postNumber, legalName, certified } of rows) {
      if (type === 'business') {
        expect(organisationNumber).toMatch(/^\d{6}-\d{4}$/);
        expect(isValidOrganisationNumber(organisationNumber)).toBe(true);
        expect(checkOrganisationNumber(organisationNumber).ok).toBe(true);
      } else {
        expect(type).toBe('private');
        expect(organisationNumber).toBe('');
      }
      expect(legalName).not.toBe('');
      expect(certified).not.toBeNull();
      expect(postNumber).toMatch(/^\d{3} \d{2}$/);
    }
  });

  it('keeps a valid personal identity number for each private seller, and none for a business', async () => {
    const rows = await database.db
      .select({ type: sellers.sellerType, personalNumber: sellerPersonalNumbers.personalNumber })
      .from(sellers)
      .leftJoin(sellerPersonalNumbers, eq(sellerPersonalNumbers.sellerId, sellers.userId));
    expect(rows.some((row) => row.type === 'private')).toBe(true);
    for (const { type, personalNumber } of rows) {
      if (type === 'private') expect(checkPersonalNumber(personalNumber ?? '').ok).toBe(true);
      else expect(personalNumber).toBeNull();
    }
  });

  it('gives every approved seller a valid payout account of each type, none of them held', async () => {
    const approved = await database.db.select({ id: users.id }).from(users).where(eq(users.isSeller, true));
    const accounts = await database.db.select().from(sellerPayoutAccounts);
    expect(accounts.map((a) => a.sellerId).sort()).toEqual(approved.map((u) => u.id).sort());
    expect(new Set(accounts.map((a) => a.kind))).toEqual(new Set(['bank_account', 'bankgiro', 'iban']));
    for (const account of accounts) {
      const input =
        account.kind === 'bank_account'
          ? { type: account.kind, clearingNumber: account.clearingNumber ?? '', accountNumber: account.accountNumber }
          : account.kind === 'bankgiro'
            ? { type: account.kind, bankgiro: account.accountNumber }
            : { type: account.kind, iban: account.accountNumber, bic: account.bic ?? '' };
      expect(checkPayoutAccount(input).ok, account.accountNumber).toBe(true);
      expect(payoutUsableAt(account.changedAt).getTime()).toBeLessThan(Date.now());
    }
  });

  it('writes a WebP picture for every product', async () => {
    const rows = await database.db.select({ image: products.image }).from(products);
    for (const { image } of rows) {
      expect(image).toMatch(/^\/uploads\/demo-[a-z0-9-]+\.webp$/);
      const bytes = await firstBytes(join(uploadsDir, image.replace('/uploads/', '')), 12);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('stores the narrower copies of every demo picture with it', async () => {
    const rows = await database.db.select({ image: products.image }).from(products);
    for (const { image } of rows) {
      for (const width of IMAGE_WIDTHS) {
        const copy = imageVariant(image, width);
        expect(copy).not.toBe(image);
        const bytes = await firstBytes(join(uploadsDir, copy.replace('/uploads/', '')), 12);
        expect(bytes.subarray(8, 12).toString('latin1'), copy).toBe('WEBP');
      }
    }
  });

  it('stores product and seller ratings equal to the averages of their reviews', async () => {
    const { db } = database;
    const productsOff = await db
      .select({ id: products.id })
      .from(products)
      .leftJoin(reviews, eq(reviews.productId, products.id))
      .groupBy(products.id)
      .having(
        sql`${products.numReviews} <> count(${reviews.id}) or abs(${products.rating} - coalesce(avg(${reviews.rating}), 0)) > 0.0001`,
      );
    expect(productsOff).toEqual([]);
    const sellersOff = await db
      .select({ id: sellers.userId })
      .from(sellers)
      .leftJoin(reviews, eq(reviews.sellerId, sellers.userId))
      .groupBy(sellers.userId)
      .having(
        sql`${sellers.numReviews} <> count(${reviews.id}) or abs(${sellers.rating} - coalesce(avg(${reviews.rating}), 0)) > 0.0001`,
      );
    expect(sellersOff).toEqual([]);
    const [selfReviews] = await db.select({ n: count }).from(reviews).where(eq(reviews.userId, reviews.sellerId));
    expect(selfReviews?.n).toBe(0);
  });

  it('gives two shops a year of orders booked in the ledger, and every paid plan its yearly fee', async () => {
    const { db } = database;
    const rows = await db
      .select({
        email: users.email,
        kind: ledgerEntries.kind,
        amountOre: ledgerEntries.amountOre,
        orderId: ledgerEntries.orderId,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(users, eq(users.id, ledgerEntries.sellerId));
    for (const shop of LEDGER_DEMO_SHOPS) {
      const mine = rows.filter((row) => row.email === shop.email);
      const months = new Set(mine.filter((row) => row.orderId).map((row) => row.createdAt.toISOString().slice(0, 7)));
      expect(months.size, shop.email).toBeGreaterThanOrEqual(11);
      expect(mine.some((row) => row.kind === 'sale_collected')).toBe(shop.method === 'PayPal');
      // Each order's commission is booked, and each entry's order exists and is paid.
      const orderIds = [...new Set(mine.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
      const paid = await db
        .select({ id: orders.id, isPaid: orders.isPaid })
        .from(orders)
        .where(inArray(orders.id, orderIds));
      expect(paid.length).toBe(orderIds.length);
      expect(paid.every((order) => order.isPaid)).toBe(true);
    }
    const fees = rows
      .filter((row) => row.kind === 'plan_fee')
      .map((row) => row.email)
      .sort();
    const paidPlans = SELLERS.filter((seller) => !seller.applicant && PLANS[seller.shop.plan].yearlyPriceSek > 0)
      .map((seller) => seller.email)
      .sort();
    expect(fees).toEqual(paidPlans);
  });

  it('books every paid order in the ledger and no unpaid one, so balances agree with the orders', async () => {
    const { db } = database;
    const all = await db
      .select({
        id: orders.id,
        isPaid: orders.isPaid,
        method: orders.paymentMethod,
        totalOre: orders.totalPriceOre,
      })
      .from(orders);
    const entries = await db
      .select({
        orderId: ledgerEntries.orderId,
        kind: ledgerEntries.kind,
        amountOre: ledgerEntries.amountOre,
        key: ledgerEntries.bookingKey,
      })
      .from(ledgerEntries);
    expect(all.some((order) => !order.isPaid)).toBe(true);
    // The demo's refund reverses part of its sale's commission, booked as refunding books.
    const refunds = entries.filter((entry) => entry.key.startsWith('refund:'));
    expect(refunds.some((entry) => entry.kind === 'commission' && entry.amountOre > 0)).toBe(true);
    for (const order of all) {
      const mine = entries.filter((entry) => entry.orderId === order.id && entry.key.startsWith('order:'));
      if (!order.isPaid) {
        expect(mine, `unpaid order ${order.id}`).toEqual([]);
        continue;
      }
      // One commission each; a PayPal order's total credited, a Swish order's not.
      expect(mine.filter((entry) => entry.kind === 'commission').length, order.id).toBe(1);
      const collected = mine.filter((entry) => entry.kind === 'sale_collected');
      expect(collected.map((entry) => entry.amountOre)).toEqual(order.method === 'PayPal' ? [order.totalOre] : []);
      const fees = mine.filter((entry) => entry.kind !== 'sale_collected').reduce((sum, e) => sum + e.amountOre, 0);
      expect(fees).toBeLessThan(0);
    }
  });

  it('fills in the site texts', async () => {
    const [settings] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(settings?.aboutText).toContain('Torget');
    expect(settings?.becomeSellerText2).toContain('299 kr/år');
    expect(settings?.privacyPolicyText).toContain('GDPR');
    // The marketplace's Swish number, ten digits, for sellers' payment requests.
    expect(settings?.swishNumber).toMatch(/^123\d{7}$/);
  });

  it('has orders in every state, some shipped with tracking and some with a conversation', async () => {
    const { db } = database;
    const rows = await db.select().from(orders);
    expect(rows.some((o) => !o.isPaid && o.paymentMethod === 'Swish')).toBe(true);
    expect(rows.some((o) => o.isPaid && !o.shippedAt && !o.isDelivered)).toBe(true);
    expect(rows.some((o) => o.shippingCarrier === 'PostNord' && o.trackingNumber && !o.isDelivered)).toBe(true);
    expect(rows.some((o) => o.isDelivered && o.shippedAt)).toBe(true);
    for (const order of rows) {
      const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const items = lines.reduce((sum, line) => sum + line.qty * line.priceOre, 0);
      expect(order.itemsPriceOre).toBe(items);
      expect(lines.every((line) => line.sellerId === order.sellerId && line.productId !== null)).toBe(true);
      expect(order.userId).not.toBe(order.sellerId);
    }
    const [messages] = await db.select({ n: count }).from(orderMessages);
    expect(messages?.n).toBeGreaterThanOrEqual(3);
  });

  it('has a delivered order with a withdrawal waiting for the seller, inside its period', async () => {
    const { db } = database;
    const open = await db
      .select({ orderId: orderWithdrawals.orderId, id: orderWithdrawals.id })
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.state, 'requested'));
    expect(open.length).toBeGreaterThanOrEqual(1);
    const [withdrawal] = open;
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, withdrawal?.orderId ?? ''));
    expect(order?.isDelivered).toBe(true);
    expect(withdrawalPeriodOpen(order?.deliveredAt ?? null, new Date())).toBe(true);
    const lines = await db
      .select()
      .from(orderWithdrawalLines)
      .where(eq(orderWithdrawalLines.withdrawalId, withdrawal?.id ?? ''));
    const bought = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id ?? ''));
    for (const line of lines) {
      const item = bought.find((one) => one.productId === line.productId);
      expect(item && line.qty <= item.qty && line.priceOre === item.priceOre).toBe(true);
    }
  });

  it('does nothing the second time', async () => {
    const before = await counts(database);
    expect(await seedDemoIfEmpty(database, { storage: localImageStorage(uploadsDir) })).toBeNull();
    expect(await counts(database)).toEqual(before);
  });
});
