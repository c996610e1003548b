/**
 * The marketplace's money seen from the admin's Finances screen and the seller's statement, over
 * HTTP on PGlite and PostgreSQL: the earnings by month, the monthly statement as CSV (summing to
 * the balance, safe to open in a spreadsheet), payment requests to sellers who owe (booked once
 * when received), and the yearly fee when an approved seller moves from plan 1 to a paid plan.
 */
import type {
  FeeSettings,
  LedgerEarningsMonth,
  LedgerStatement,
  Order,
  SellerPaymentRequest,
} from '@torget/shared/api-types.generated';
import { shareOre } from '@torget/shared/rules/ledger';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, sellers } from '#api/db/schema.ts';
import { currentMonth } from '#api/modules/ledger/ledger.service.ts';
import {
  NO_SWISH_NUMBER,
  OWES_NOTHING,
  REQUEST_NOT_FOUND,
  REQUEST_OPEN,
} from '#api/modules/ledger/payment-requests.service.ts';
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

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, who: Session | null, payload?: object, headers?: Record<string, string>) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(who.token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

let shops = 0;
/** A signed-in seller on `plan`, with PayPal and Swish. */
async function seller(plan: '1' | '2' | '3'): Promise<Session> {
  shops++;
  const name = `Ekonomibutik ${shops}`;
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

async function paidPaypalOrder(shop: Session): Promise<Order> {
  const o = await order(shop, 'PayPal');
  const start = await call('POST', `/api/orders/${o._id}/paypal`, kim);
  expect(start.statusCode, start.body).toBe(200);
  const paypalId = (start.json() as { id: string }).id;
  paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
  const res = await call('PUT', `/api/orders/${o._id}/pay`, kim, { id: paypalId });
  expect(res.statusCode, res.body).toBe(200);
  return o;
}

async function paidSwishOrder(shop: Session): Promise<Order> {
  const o = await order(shop, 'Swish');
  const res = await call('PUT', `/api/orders/${o._id}/update`, shop, {
    is_paid: true,
    paid_date: '2026-03-02',
    is_delivered: false,
    delivered_date: '',
  });
  expect(res.statusCode, res.body).toBe(200);
  return o;
}

async function statement(shop: Session): Promise<LedgerStatement> {
  const res = await call('GET', '/api/ledger/mine', shop);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LedgerStatement;
}

/** Parses the statement CSV written by rules/ledger-statement.ts (no cell of these tests is quoted but the note). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe('the marketplace’s earnings by month', () => {
  it('sums commission, its moms and plan fees of the month, and only admins read them', async () => {
    const before = (await call('GET', '/api/ledger/earnings', admin)).json() as LedgerEarningsMonth[];
    const was = before.find((m) => m.month === currentMonth()) ?? {
      commission: 0,
      commission_vat: 0,
      plan_fees: 0,
      earnings: 0,
    };
    const anna = await seller('1');
    await paidPaypalOrder(anna);
    await paidSwishOrder(anna);
    // An applicant approved on plan 2 pays 299 kr.
    const applicant = await createUser(t.database.db, { name: 'Sökande', wantsToBeSeller: true });
    await t.database.db
      .insert(sellers)
      .values({ userId: applicant.id, name: 'Ny butik', plan: '2', email: applicant.email });
    expect((await call('PUT', `/api/users/${applicant.id}`, admin, { is_seller: true })).statusCode).toBe(200);

    const res = await call('GET', `/api/ledger/earnings?year=${currentMonth().slice(0, 4)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const month = (res.json() as LedgerEarningsMonth[]).find((m) => m.month === currentMonth());
    // Two orders of 298.00 at 10 %: 2 × 29.80 commission, 2 × 7.45 moms.
    const commission = (2 * shareOre(29_800, 1_000)) / 100;
    const vat = (2 * shareOre(shareOre(29_800, 1_000), 2_500)) / 100;
    expect(month?.commission).toBeCloseTo(was.commission + commission, 2);
    expect(month?.commission_vat).toBeCloseTo(was.commission_vat + vat, 2);
    expect(month?.plan_fees).toBeCloseTo(was.plan_fees + 299, 2);
    expect(month?.earnings).toBeCloseTo((month?.commission ?? 0) + (month?.plan_fees ?? 0), 2);

    // Another year has none of it; a wrong year is a 400; sellers and customers may not read.
    const other = (await call('GET', '/api/ledger/earnings?year=2001', admin)).json() as LedgerEarningsMonth[];
    expect(other).toEqual([]);
    expect((await call('GET', '/api/ledger/earnings?year=abc', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/ledger/earnings?year=1999', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/ledger/earnings', anna)).statusCode).toBe(403);
    expect((await call('GET', '/api/ledger/earnings', null)).statusCode).toBe(401);
  });
});

describe('the admin’s entries of one order', () => {
  it('finds them by the order’s number as by its id, and refuses anything else', async () => {
    const anna = await seller('1');
    const o = await paidPaypalOrder(anna);
    const byId = await call('GET', `/api/ledger?order=${o._id}`, admin);
    const byNumber = await call('GET', `/api/ledger?order=${o.orderNumber.toLowerCase()}`, admin);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const kinds = (res: typeof byId) =>
      (res.json() as { kind: string; orderNumber: string }[]).map((e) => e.kind).sort();
    expect(kinds(byId)).toEqual(['commission', 'commission_vat', 'sale_collected']);
    expect(kinds(byNumber)).toEqual(kinds(byId));
    expect((await call('GET', '/api/ledger?order=T-12x', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/ledger?order=100001', admin)).statusCode).toBe(400);
  });
});

describe('the seller’s monthly statement as CSV', () => {
  it('runs from the opening balance through the entries to the closing balance, which is the balance', async () => {
    const anna = await seller('1');
    await paidPaypalOrder(anna);
    await paidSwishOrder(anna);
    // A correction whose note a spreadsheet would run as a formula.
    const note = '=HYPERLINK("http://evil.example","klicka")';
    const fix = await call('POST', '/api/ledger/corrections', admin, { seller: anna.id, amount: -12.5, note });
    expect(fix.statusCode, fix.body).toBe(201);

    const res = await call('GET', `/api/ledger/mine/statement.csv?month=${currentMonth()}`, anna);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="torget-statement-${currentMonth()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual(['date', 'entry', 'order', 'rate_percent', 'amount', 'note']);
    const body = rows.slice(1);
    expect(body[0]?.[1]).toBe('opening_balance');
    expect(body.at(-1)?.[1]).toBe('closing_balance');
    const toOre = (cell: string | undefined) => Math.round(Number(cell) * 100);
    const opening = toOre(body[0]?.[4]);
    const closing = toOre(body.at(-1)?.[4]);
    const entries = body.slice(1, -1);
    // PayPal: +298.00 −29.80 −7.45; Swish: −29.80 −7.45; the correction −12.50.
    expect(entries.map((row) => row[1])).toEqual([
      'sale_collected',
      'commission',
      'commission_vat',
      'commission',
      'commission_vat',
      'correction',
    ]);
    expect(opening + entries.reduce((sum, row) => sum + toOre(row[4]), 0)).toBe(closing);
    const mine = await statement(anna);
    expect(closing).toBe(Math.round(mine.balance * 100));
    expect(closing).toBe(29_800 - 2 * 2_980 - 2 * 745 - 1_250);
    // The note is text to a spreadsheet; amounts stay numbers, negative ones too.
    const correction = entries.at(-1);
    expect(correction?.[5]).toBe(`'${note}`);
    expect(correction?.[4]).toBe('-12.50');
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it('is the seller’s own: another seller’s entries never show, and a wrong month is a 400', async () => {
    const anna = await seller('1');
    const bo = await seller('1');
    await paidSwishOrder(bo);
    const res = await call('GET', `/api/ledger/mine/statement.csv?month=${currentMonth()}`, anna);
    expect(res.statusCode).toBe(200);
    expect(csvRows(res.body)).toHaveLength(3); // header, opening, closing
    expect((await call('GET', '/api/ledger/mine/statement.csv?month=2026-13', anna)).statusCode).toBe(400);
    expect((await call('GET', '/api/ledger/mine/statement.csv', kim)).statusCode).toBe(403);
    expect((await call('GET', '/api/ledger/mine/statement.csv', null)).statusCode).toBe(401);
    // An earlier month without entries: opening and closing equal.
    const empty = csvRows((await call('GET', '/api/ledger/mine/statement.csv?month=2020-02', bo)).body);
    expect(empty.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual([
      ['2020-02-01', 'opening_balance', '0.00'],
      ['2020-02-29', 'closing_balance', '0.00'],
    ]);
  });
});

describe('payment requests to sellers who owe the marketplace', () => {
  const setSwish = (swishNumber: string) => call('PUT', '/api/fees', admin, { plans: {}, swish_number: swishNumber });

  it('needs the marketplace’s Swish number, checked like any Swish number', async () => {
    const lars = await seller('1');
    await paidSwishOrder(lars);
    expect((await setSwish('')).statusCode).toBe(200);
    const refused = await call('POST', '/api/ledger/payment-requests', admin, { seller: lars.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NO_SWISH_NUMBER);
    const wrong = await setSwish('12345');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('ten digits');
    const set = await setSwish('123 456 78 90');
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as FeeSettings).swish_number).toBe('1234567890');
    expect(((await call('GET', '/api/fees', admin)).json() as FeeSettings).swish_number).toBe('1234567890');
  });

  it('asks for what the seller owes, shows it to them, and books the payment once when received', async () => {
    expect((await setSwish('1234567890')).statusCode).toBe(200);
    const lars = await seller('1');
    await paidSwishOrder(lars);
    const owed = 2_980 + 745;
    expect((await statement(lars)).paymentRequest).toBeNull();

    const made = await call('POST', '/api/ledger/payment-requests', admin, { seller: lars.id });
    expect(made.statusCode, made.body).toBe(201);
    const request = made.json() as SellerPaymentRequest;
    expect(request).toMatchObject({ seller: lars.id, amount: owed / 100, swishNumber: '1234567890', receivedAt: null });
    expect(request.reference).toBe(`Torget B-${request.number}`);
    // One open request a seller: a second (a double click) is refused.
    const again = await call('POST', '/api/ledger/payment-requests', admin, { seller: lars.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REQUEST_OPEN);

    // The seller sees it on their Finances; nobody else's.
    expect((await statement(lars)).paymentRequest).toMatchObject({ _id: request._id, amount: owed / 100 });
    const other = await seller('1');
    expect((await statement(other)).paymentRequest).toBeNull();
    const listed = (await call('GET', '/api/ledger/payment-requests', admin)).json() as SellerPaymentRequest[];
    expect(listed.find((r) => r._id === request._id)?.receivedAt).toBeNull();

    // Two admins mark it received at once, then one again: one entry, the balance back to 0.
    const url = `/api/ledger/payment-requests/${request._id}/received`;
    const results = await Promise.all([call('PUT', url, admin), call('PUT', url, admin)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await call('PUT', url, admin)).statusCode).toBe(200);
    const received = (await call('PUT', url, admin)).json() as SellerPaymentRequest;
    expect(received.receivedAt).not.toBeNull();
    const payments = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, lars.id))
      .then((rows) => rows.filter((row) => row.kind === 'seller_payment'));
    expect(payments.map((p) => [p.amountOre, p.bookingKey])).toEqual([[owed, `seller_payment:${request._id}`]]);
    const after = await statement(lars);
    expect(after.balance).toBe(0);
    expect(after.paymentRequest).toBeNull();
    expect(after.entries.at(-1)).toMatchObject({ kind: 'seller_payment', amount: owed / 100 });

    // Nothing owed now: no new request.
    const none = await call('POST', '/api/ledger/payment-requests', admin, { seller: lars.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(OWES_NOTHING);
  });

  it('answers 400 and 404 for wrong input, and only admins may act', async () => {
    expect((await call('POST', '/api/ledger/payment-requests', admin, { seller: 'nej' })).statusCode).toBe(400);
    expect((await call('POST', '/api/ledger/payment-requests', admin, {})).statusCode).toBe(400);
    const unknown = await call('POST', '/api/ledger/payment-requests', admin, {
      seller: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await call(
      'PUT',
      '/api/ledger/payment-requests/00000000-0000-4000-8000-000000000000/received',
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REQUEST_NOT_FOUND);
    expect((await call('PUT', '/api/ledger/payment-requests/nej/received', admin)).statusCode).toBe(404);
    const lars = await seller('1');
    expect((await call('GET', '/api/ledger/payment-requests', lars)).statusCode).toBe(403);
    expect((await call('POST', '/api/ledger/payment-requests', lars, { seller: lars.id })).statusCode).toBe(403);
  });
});

describe('a plan changed by an admin after approval', () => {
  const feesOf = (sellerId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, sellerId))
      .orderBy(ledgerEntries.id)
      .then((rows) => rows.filter((row) => row.kind === 'plan_fee').map((row) => row.amountOre));
  const setPlan = (id: string, plan: string) => call('PUT', `/api/users/${id}`, admin, { seller_plan: plan });
  const planOf = async (id: string) =>
    (await t.database.db.select({ plan: sellers.plan }).from(sellers).where(eq(sellers.userId, id)))[0]?.plan;

  it('books the paid plan’s yearly fee once when a seller moves up from plan 1', async () => {
    const anna = await seller('1');
    expect(await feesOf(anna.id)).toEqual([]);
    // Two admins (or a retry) at once: one fee.
    const results = await Promise.all([setPlan(anna.id, '2'), setPlan(anna.id, '2')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await planOf(anna.id)).toBe('2');
    expect(await feesOf(anna.id)).toEqual([-29_900]);
    // Down and up again within the year, or on to plan 3: the year is paid for.
    expect((await setPlan(anna.id, '1')).statusCode).toBe(200);
    expect((await setPlan(anna.id, '2')).statusCode).toBe(200);
    expect((await setPlan(anna.id, '3')).statusCode).toBe(200);
    expect(await feesOf(anna.id)).toEqual([-29_900]);
  });

  it('books nothing for an applicant (the approval books) or a move that stays on plan 1', async () => {
    const applicant = await createUser(t.database.db, { name: 'Väntande', wantsToBeSeller: true });
    await t.database.db
      .insert(sellers)
      .values({ userId: applicant.id, name: 'Väntande butik', plan: '1', email: applicant.email });
    expect((await setPlan(applicant.id, '2')).statusCode).toBe(200);
    expect(await feesOf(applicant.id)).toEqual([]);
    expect((await call('PUT', `/api/users/${applicant.id}`, admin, { is_seller: true })).statusCode).toBe(200);
    expect(await feesOf(applicant.id)).toEqual([-29_900]);

    const bo = await seller('1');
    expect((await setPlan(bo.id, '1')).statusCode).toBe(200);
    expect(await feesOf(bo.id)).toEqual([]);
  });

  it('refuses a plan that does not exist, and a user without a shop', async () => {
    const anna = await seller('1');
    expect((await setPlan(anna.id, '4')).statusCode).toBe(400);
    expect((await setPlan(kim.id, '2')).statusCode).toBe(400);
    expect(await feesOf(kim.id)).toEqual([]);
  });
});
