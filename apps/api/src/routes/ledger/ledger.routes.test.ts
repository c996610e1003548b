/**
 * The marketplace's ledger over HTTP, on PGlite and PostgreSQL: what each event books (a PayPal
 * order paid, a Swish order ticked and unticked paid, a seller approved on a paid plan and each
 * year after), exactly once under retries and races, the database refusing to change an entry,
 * the fees an admin sets, corrections, statements and who sees what.
 */
import type { LedgerEntry, LedgerSellerBalance, LedgerStatement, Order } from '@torget/shared/api-types.generated';
import { LEDGER_KINDS, shareOre } from '@torget/shared/rules/ledger';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { LEDGER_ENTRY_KINDS, ledgerEntries, orders, sellers } from '#api/db/schema.ts';
import { CORRECTION_KEY_REUSED, currentMonth } from '#api/modules/ledger/ledger.service.ts';
import { bookDuePlanFees, bookOrderPaid } from '#api/modules/ledger/ledger-bookings.ts';
import { customer, placeOrder, product, type Session, sessionOf } from '#api/modules/orders/order-test-kit.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let paypal: PaypalStandin;
let admin: Session;
let kim: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  admin = await customer(t, 'Ada Admin', true);
  kim = await customer(t, 'Kim Köpare');
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

/** A signed-in seller on `plan`, with PayPal and Swish. */
async function seller(plan: '1' | '2' | '3', name = 'Annas Ateljé'): Promise<Session> {
  const { user } = await createSeller(t.database.db, {
    user: { name },
    seller: { name, plan, hasPaypal: true, hasSwish: true, swishNumber: '1231234567' },
  });
  return sessionOf(t, user.email);
}

/** An order of SEK 298.00 (2 × 100.00 + 2 × 49.00 shipping) from `shop`. */
async function order(shop: Session, method: 'PayPal' | 'Swish'): Promise<Order> {
  const p = await product(t, shop.id, { priceOre: 10_000, shippingPriceOre: 4_900, countInStock: 100 });
  return placeOrder(t, kim, [{ product: p.id, qty: 2 }], method);
}

/** The buyer pays a PayPal order: our server creates the PayPal order, PayPal captures it. */
async function capturedPaypalOrder(orderId: string): Promise<string> {
  const start = await call('POST', `/api/orders/${orderId}/paypal`, kim);
  expect(start.statusCode, start.body).toBe(200);
  const paypalId = (start.json() as { id: string }).id;
  paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
  return paypalId;
}

const pay = (orderId: string, paypalId: string) => call('PUT', `/api/orders/${orderId}/pay`, kim, { id: paypalId });

const markSwish = (shop: Session, orderId: string, isPaid: boolean, isDelivered = false) =>
  call('PUT', `/api/orders/${orderId}/update`, shop, {
    is_paid: isPaid,
    paid_date: isPaid ? '2026-03-02' : '',
    is_delivered: isDelivered,
    delivered_date: isDelivered ? '2026-03-03' : '',
  });

/** The entries of an order, oldest first: [kind, öre, rate bp]. */
async function entriesOf(orderId: string): Promise<[string, number, number | null][]> {
  const rows = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);
  return rows.map((row) => [row.kind, row.amountOre, row.rateBp]);
}

async function statement(shop: Session, month?: string): Promise<LedgerStatement> {
  const res = await call('GET', `/api/ledger/mine${month ? `?month=${month}` : ''}`, shop);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LedgerStatement;
}

describe('a PayPal order marked paid', () => {
  it('credits the total and debits commission and moms at the plan’s rate, in the same transaction', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'PayPal');
    const res = await pay(o._id, await capturedPaypalOrder(o._id));
    expect(res.statusCode, res.body).toBe(200);
    // 298.00 in; 10 % commission 29.80; 25 % moms on it 7.45.
    expect(await entriesOf(o._id)).toEqual([
      ['sale_collected', 29_800, null],
      ['commission', -2_980, 1_000],
      ['commission_vat', -745, 2_500],
    ]);
    const mine = await statement(anna);
    expect(mine.balance).toBe(260.75);
    expect(mine.held).toBe(260.75); // not delivered yet
    expect(mine.entries.map((e) => [e.kind, e.amount, e.rate, e.orderNumber])).toEqual([
      ['sale_collected', 298, null, o.orderNumber],
      ['commission', -29.8, 10, o.orderNumber],
      ['commission_vat', -7.45, 25, o.orderNumber],
    ]);
  });

  it('books once when the capture is told again, and when two calls race', async () => {
    const anna = await seller('2');
    const o = await order(anna, 'PayPal');
    const paypalId = await capturedPaypalOrder(o._id);
    const [a, b] = await Promise.all([pay(o._id, paypalId), pay(o._id, paypalId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await pay(o._id, paypalId)).statusCode).toBe(200);
    // Plan 2: 5 % of 298.00 is 14.90, moms 3.725 → 3.73.
    expect(await entriesOf(o._id)).toEqual([
      ['sale_collected', 29_800, null],
      ['commission', -1_490, 500],
      ['commission_vat', -373, 2_500],
    ]);
  });

  it('books nothing when the marking rolls back: the booking is in its transaction', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'PayPal');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o._id));
    if (!row) throw new Error('no order');
    await expect(
      t.database.db.transaction(async (tx) => {
        await bookOrderPaid(tx, row);
        throw new Error('the marking failed');
      }),
    ).rejects.toThrow('the marking failed');
    expect(await entriesOf(o._id)).toEqual([]);
  });

  it('books once when two bookings of the order run at once', async () => {
    const anna = await seller('3');
    const o = await order(anna, 'PayPal');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o._id));
    if (!row) throw new Error('no order');
    const booked = await Promise.all([bookOrderPaid(t.database.db, row), bookOrderPaid(t.database.db, row)]);
    expect(booked.sort()).toEqual([0, 3]);
    expect(await entriesOf(o._id)).toEqual([
      ['sale_collected', 29_800, null],
      ['commission', -894, 300],
      ['commission_vat', -224, 2_500], // 223.5 → 224
    ]);
  });
});

describe('a Swish order marked paid by its seller', () => {
  it('debits commission and moms only; unticking books the reversal, ticking again books again', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'Swish');
    expect((await markSwish(anna, o._id, true)).statusCode).toBe(200);
    expect(await entriesOf(o._id)).toEqual([
      ['commission', -2_980, 1_000],
      ['commission_vat', -745, 2_500],
    ]);
    // Saving again while paid (delivered now) books nothing more.
    expect((await markSwish(anna, o._id, true, true)).statusCode).toBe(200);
    expect(await entriesOf(o._id)).toHaveLength(2);

    expect((await markSwish(anna, o._id, false)).statusCode).toBe(200);
    expect(await entriesOf(o._id)).toEqual([
      ['commission', -2_980, 1_000],
      ['commission_vat', -745, 2_500],
      ['commission', 2_980, 1_000],
      ['commission_vat', 745, 2_500],
    ]);
    expect((await statement(anna)).balance).toBe(0);
    expect((await statement(anna)).entries.map((e) => e.reversal)).toEqual([false, false, true, true]);

    expect((await markSwish(anna, o._id, true)).statusCode).toBe(200);
    expect(await entriesOf(o._id)).toHaveLength(6);
    expect((await statement(anna)).balance).toBe(-37.25);
    // A Swish order's debit holds nothing back.
    expect((await statement(anna)).held).toBe(0);
  });

  it('books once when the seller ticks paid twice at once', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'Swish');
    const both = await Promise.all([markSwish(anna, o._id, true), markSwish(anna, o._id, true)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await entriesOf(o._id)).toHaveLength(2);
  });
});

describe('the database', () => {
  it('refuses to change, delete or truncate an entry', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'Swish');
    await markSwish(anna, o._id, true);
    const attempts = [
      sql`update ledger_entries set amount_ore = 0 where order_id = ${o._id}`,
      sql`delete from ledger_entries where order_id = ${o._id}`,
      sql`truncate ledger_entries`,
    ];
    for (const attempt of attempts) {
      const error = await t.database.db.execute(attempt).then(
        () => null,
        (e: Error) => e,
      );
      expect(error, String(attempt.queryChunks[0])).not.toBeNull();
      const cause = (error?.cause ?? error) as { code?: string; message: string };
      expect(cause.code).toBe('TL001');
      expect(cause.message).toContain('never changed or deleted');
    }
    expect(await entriesOf(o._id)).toHaveLength(2);
  });

  it('knows the kinds the shared rules know', () => {
    expect([...LEDGER_ENTRY_KINDS]).toEqual([...LEDGER_KINDS]);
  });

  it('rounds a share as the shared rule does (torget_share_ore = shareOre)', async () => {
    const pairs = fc.sample(
      fc.tuple(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 })),
      { numRuns: 500, seed: 210 },
    );
    const edges: [number, number][] = [
      [5, 1_000],
      [-5, 1_000],
      [2_990, 2_500],
      [0, 300],
      [1, 5_000],
      [-1, 5_000],
    ];
    const all = [...edges, ...pairs];
    const rows = await queryRows<{ share: string | number }>(
      t.database.db,
      sql`select torget_share_ore(b, r) as share
          from unnest(${`{${all.map((p) => p[0]).join(',')}}`}::bigint[], ${`{${all.map((p) => p[1]).join(',')}}`}::int[])
            with ordinality as x(b, r, i)
          order by i`,
    );
    expect(rows.map((row) => Number(row.share))).toEqual(all.map(([base, rate]) => shareOre(base, rate)));
  });
});

describe('plan fees', () => {
  /** An applicant on `plan` whom the admin approves. */
  async function approvedApplicant(plan: '1' | '2' | '3'): Promise<string> {
    const user = await createUser(t.database.db, { name: `Sökande ${plan}`, wantsToBeSeller: true });
    await t.database.db.insert(sellers).values({ userId: user.id, name: 'Ny butik', plan, email: user.email });
    const res = await call('PUT', `/api/users/${user.id}`, admin, { is_seller: true });
    expect(res.statusCode, res.body).toBe(200);
    return user.id;
  }
  const feesOf = (sellerId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, sellerId))
      .orderBy(ledgerEntries.id)
      .then((rows) => rows.filter((row) => row.kind === 'plan_fee'));

  it('debits the yearly fee of plan 2 and 3 at approval, nothing on plan 1, and once a year', async () => {
    const two = await approvedApplicant('2');
    const three = await approvedApplicant('3');
    const one = await approvedApplicant('1');
    expect((await feesOf(two)).map((f) => f.amountOre)).toEqual([-29_900]);
    expect((await feesOf(three)).map((f) => f.amountOre)).toEqual([-49_900]);
    expect(await feesOf(one)).toEqual([]);

    // Revoked and approved again within the year: the year already paid for is not paid again.
    expect((await call('PUT', `/api/users/${two}`, admin, { is_seller: false })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${two}`, admin, { is_seller: true })).statusCode).toBe(200);
    expect(await feesOf(two)).toHaveLength(1);
  });

  it('books each following year once, whoever sweeps and however often', async () => {
    const two = await approvedApplicant('2');
    const [first] = await feesOf(two);
    if (!first?.periodStart) throw new Error('no fee');
    // Nothing is due within the year.
    await bookDuePlanFees(t.database.db, new Date(first.periodStart.getTime() + 364 * 86_400_000));
    expect(await feesOf(two)).toHaveLength(1);

    // A year and a day on: two instances sweep at once, then one again.
    const later = new Date(first.periodStart.getTime() + 366 * 86_400_000);
    await Promise.all([bookDuePlanFees(t.database.db, later), bookDuePlanFees(t.database.db, later)]);
    await bookDuePlanFees(t.database.db, later);
    const fees = await feesOf(two);
    expect(fees.map((f) => f.amountOre)).toEqual([-29_900, -29_900]);
    // The second year starts where the first ended, whenever the sweep ran.
    expect(fees[1]?.periodStart?.getTime()).toBe(
      new Date(first.periodStart).setUTCFullYear(first.periodStart.getUTCFullYear() + 1),
    );
    expect(fees[1]?.bookingKey).toBe(`plan_fee:${two}:${first.periodStart.getUTCFullYear() + 1}`);
  });
});

describe('GET and PUT /api/fees', () => {
  it('answers the defaults, changes a plan, and new bookings use the new rate while old ones keep theirs', async () => {
    const get = await call('GET', '/api/fees', admin);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({
      plans: {
        '1': { commission_percent: 10, yearly_fee: 0 },
        '2': { commission_percent: 5, yearly_fee: 299 },
        '3': { commission_percent: 3, yearly_fee: 499 },
      },
      commission_vat_percent: 25,
      // No marketplace Swish number until an admin sets one.
      swish_number: '',
    });

    const anna = await seller('3');
    const before = await order(anna, 'Swish');
    await markSwish(anna, before._id, true);

    const put = await call('PUT', '/api/fees', admin, { plans: { '3': { commission_percent: 2.5, yearly_fee: 599 } } });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as { plans: Record<string, unknown> }).plans['3']).toEqual({
      commission_percent: 2.5,
      yearly_fee: 599,
    });
    expect((put.json() as { plans: Record<string, unknown> }).plans['2']).toEqual({
      commission_percent: 5,
      yearly_fee: 299,
    });

    const after = await order(anna, 'Swish');
    await markSwish(anna, after._id, true);
    expect(await entriesOf(before._id)).toEqual([
      ['commission', -894, 300],
      ['commission_vat', -224, 2_500],
    ]);
    expect(await entriesOf(after._id)).toEqual([
      ['commission', -745, 250],
      ['commission_vat', -186, 2_500], // 186.25 → 186
    ]);
    // Back to the default for the other tests.
    await call('PUT', '/api/fees', admin, { plans: { '3': { commission_percent: 3, yearly_fee: 499 } } });
  });

  it('answers 400 naming the field for wrong types and values', async () => {
    const cases: [object, string][] = [
      [{ plans: { '1': { commission_percent: 'ten' } } }, 'plans.1.commission_percent'],
      [{ plans: { '2': { yearly_fee: -1 } } }, 'plans.2.yearly_fee'],
      [{ plans: { '2': { yearly_fee: 1.005 } } }, 'plans.2.yearly_fee'],
      [{ plans: { '1': { commission_percent: 101 } } }, 'plans.1.commission_percent'],
      [{ plans: { '4': { commission_percent: 1 } } }, 'plans'],
      [{}, 'plans'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', '/api/fees', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toContain(`Invalid ${field}`);
    }
  });
});

describe('corrections', () => {
  it('books an admin’s correction with its note and author', async () => {
    const anna = await seller('1');
    const res = await call('POST', '/api/ledger/corrections', admin, {
      seller: anna.id,
      amount: -12.5,
      note: 'Frakt som debiterades två gånger.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      seller: anna.id,
      kind: 'correction',
      amount: -12.5,
      note: 'Frakt som debiterades två gånger.',
      order: null,
    });
    expect((await statement(anna)).balance).toBe(-12.5);
  });

  it('books a correction sent with an Idempotency-Key once, however often and however concurrently it is retried', async () => {
    const anna = await seller('1');
    const payload = { seller: anna.id, amount: 40, note: 'Ersättning för skadad vara.' };
    const send = (key: string, body: object = payload) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ledger/corrections',
        headers: { ...bearer(admin.token), 'idempotency-key': key },
        payload: body,
      });
    const answers = await Promise.all([send('k-1'), send('k-1'), send('k-1')]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const ids = new Set(answers.map((res) => (res.json() as { _id: string })._id));
    expect(ids.size).toBe(1);
    expect((await send('k-1')).json()).toEqual(answers[0]?.json());
    expect((await statement(anna)).balance).toBe(40);
    // The same key with another correction is refused and books nothing; another key books.
    const reused = await send('k-1', { ...payload, amount: 41 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: CORRECTION_KEY_REUSED });
    expect((await send('k-2')).statusCode).toBe(201);
    expect((await statement(anna)).balance).toBe(80);
    const bad = await send('two words');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('Invalid Idempotency-Key');
  });

  it('refuses wrong types (400 naming the field), no note, and an unknown seller (404)', async () => {
    const anna = await seller('1');
    const bad: [object, string][] = [
      [{ seller: anna.id, amount: '12', note: 'x' }, 'amount'],
      [{ seller: anna.id, amount: 0, note: 'x' }, 'amount'],
      [{ seller: anna.id, amount: 1.234, note: 'x' }, 'amount'],
      [{ seller: anna.id, amount: 5, note: '   ' }, 'note'],
      [{ seller: anna.id, amount: 5 }, 'note'],
      [{ seller: 'nobody', amount: 5, note: 'x' }, 'seller'],
    ];
    for (const [payload, field] of bad) {
      const res = await call('POST', '/api/ledger/corrections', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toContain(`Invalid ${field}`);
    }
    const unknown = await call('POST', '/api/ledger/corrections', admin, {
      seller: '00000000-0000-4000-8000-000000000000',
      amount: 5,
      note: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Seller not found.' });
    // A customer is not a seller.
    expect(
      (await call('POST', '/api/ledger/corrections', admin, { seller: kim.id, amount: 5, note: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('statements and balances', () => {
  it('a month’s statement runs from the balance before it to the balance after, which is the balance', async () => {
    const anna = await seller('1');
    // Last year's sale and correction (written with their times, as a migration of history would).
    await t.database.db.insert(ledgerEntries).values([
      {
        sellerId: anna.id,
        amountOre: 50_000,
        kind: 'correction',
        note: 'Ingående saldo',
        bookingKey: `test:${anna.id}:1`,
        createdAt: new Date('2025-05-10T10:00:00Z'),
      },
      {
        sellerId: anna.id,
        amountOre: -1_000,
        kind: 'correction',
        note: 'Avgift',
        bookingKey: `test:${anna.id}:2`,
        createdAt: new Date('2025-05-31T22:30:00Z'),
      }, // 1 June in Sweden
    ]);
    const o = await order(anna, 'PayPal');
    await pay(o._id, await capturedPaypalOrder(o._id));

    const may = await statement(anna, '2025-05');
    expect(may.entries.map((e) => e.amount)).toEqual([500]);
    expect([may.opening, may.closing]).toEqual([0, 500]);
    const june = await statement(anna, '2025-06');
    expect(june.entries.map((e) => e.amount)).toEqual([-10]);
    expect([june.opening, june.closing]).toEqual([500, 490]);

    const now = await statement(anna);
    expect(now.month).toBe(currentMonth());
    expect(now.opening).toBe(490);
    const sum = now.entries.reduce((total, e) => total + Math.round(e.amount * 100), Math.round(now.opening * 100));
    expect(sum / 100).toBe(now.closing);
    expect(now.closing).toBe(now.balance);
    expect(now.balance).toBe(750.75); // 490 + 298 − 29.80 − 7.45
  });

  it('holds an order’s money until 14 days after delivery', async () => {
    const anna = await seller('1');
    const o = await order(anna, 'PayPal');
    await pay(o._id, await capturedPaypalOrder(o._id));
    expect((await statement(anna)).held).toBe(260.75);
    await t.database.db
      .update(orders)
      .set({ isDelivered: true, deliveredAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(orders.id, o._id));
    expect((await statement(anna)).held).toBe(260.75);
    await t.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(orders.id, o._id));
    const after = await statement(anna);
    expect(after.held).toBe(0);
    expect(after.balance).toBe(260.75);
  });

  it('lists every seller’s balance for the admin, and entries by seller, order and month', async () => {
    const anna = await seller('1', 'Annas Balans');
    const o = await order(anna, 'PayPal');
    await pay(o._id, await capturedPaypalOrder(o._id));
    const res = await call('GET', '/api/ledger/sellers', admin);
    expect(res.statusCode).toBe(200);
    expect((res.json() as LedgerSellerBalance[]).find((b) => b.seller === anna.id)).toEqual({
      seller: anna.id,
      name: 'Annas Balans',
      balance: 260.75,
      held: 260.75,
    });

    const bySeller = await call('GET', `/api/ledger?seller=${anna.id}`, admin);
    expect(bySeller.statusCode).toBe(200);
    expect(bySeller.headers['x-total-count']).toBe('3');
    const byOrder = await call('GET', `/api/ledger?order=${o._id}&month=${currentMonth()}`, admin);
    expect((byOrder.json() as LedgerEntry[]).map((e) => e.kind)).toEqual([
      'commission_vat',
      'commission',
      'sale_collected',
    ]);
    expect(((await call('GET', `/api/ledger?order=${o._id}&month=2020-01`, admin)).json() as unknown[]).length).toBe(0);

    expect((await call('GET', '/api/ledger?seller=00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    for (const query of ['seller=x', 'order=12', 'month=2026-13', 'month=november']) {
      const bad = await call('GET', `/api/ledger?${query}`, admin);
      expect(bad.statusCode, query).toBe(400);
      expect((bad.json() as { message: string }).message).toContain(`Invalid ${query.split('=')[0]}`);
    }
    expect((await call('GET', '/api/ledger/mine?month=2026-1', anna)).statusCode).toBe(400);
  });

  it('shows a seller only their own entries, and the admin lists to admins only', async () => {
    const anna = await seller('1', 'Anna');
    const bo = await seller('1', 'Bo');
    const o = await order(anna, 'Swish');
    await markSwish(anna, o._id, true);
    expect((await statement(anna)).entries.every((e) => e.seller === anna.id)).toBe(true);
    expect((await statement(anna)).entries).toHaveLength(2);
    expect((await statement(bo)).entries).toEqual([]);
    expect((await statement(bo)).balance).toBe(0);
    for (const url of ['/api/ledger', `/api/ledger?seller=${bo.id}`, '/api/ledger/sellers', '/api/fees']) {
      expect((await call('GET', url, anna)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/api/ledger/mine', kim)).statusCode).toBe(403);
    expect((await call('GET', '/api/ledger/mine', null)).statusCode).toBe(401);
  });
});

describe('an account with ledger history', () => {
  it('is anonymised rather than deleted, so its entries keep their seller', async () => {
    const anna = await seller('1', 'Anna Utan Ordrar');
    await call('POST', '/api/ledger/corrections', admin, { seller: anna.id, amount: 10, note: 'Startbidrag' });
    const res = await call('DELETE', `/api/users/${anna.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, anna.id));
    expect(row?.amountOre).toBe(1_000);
  });
});
