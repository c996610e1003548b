/**
 * GET /api/reports/dac7 on PGlite and PostgreSQL: a seeded year whose figures are worked out by
 * hand below (quarters in Swedish time, at the year's and the quarters' edges), the de minimis
 * rule, the identity and the whole payout account, spreadsheet-safe cells, and a bad year.
 */
import { DAC7_HEADER } from '@torget/shared/rules/dac7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, sellerPayoutAccounts, sellerPersonalNumbers } from '#api/db/schema.ts';
import { createSeller, createUser, orderRowValues } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let adminToken: string;
let buyerId: string;
const ids: Record<'alfa' | 'petra' | 'few' | 'almost', string> = { alfa: '', petra: '', few: '', almost: '' };

/** Paid orders of `sellerId`, each of `totalOre`, paid at `paidAt` (ISO, UTC). */
async function paidOrders(sellerId: string, paidAt: string, totalOre: number, count = 1, isPaid = true) {
  await t.database.db.insert(orders).values(
    Array.from({ length: count }, () => ({
      ...orderRowValues(buyerId, sellerId),
      paymentMethod: 'PayPal',
      itemsPriceOre: totalOre,
      totalPriceOre: totalOre,
      isPaid,
      paidAt: new Date(paidAt),
    })),
  );
}

let entryCount = 0;
async function entry(
  sellerId: string,
  kind: 'commission' | 'commission_vat' | 'plan_fee' | 'refund' | 'payout',
  amountOre: number,
  at: string,
) {
  entryCount += 1;
  await t.database.db.insert(ledgerEntries).values({
    sellerId,
    kind,
    amountOre,
    bookingKey: `dac7-test:${entryCount}`,
    createdAt: new Date(at),
    ...(kind === 'plan_fee' ? { periodStart: new Date(at) } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createUser(db, { email: 'admin@example.se', isAdmin: true });
  adminToken = (await signInAs(t.app, 'admin@example.se')).token;
  buyerId = (await createUser(db, { name: 'Köpare DAC7' })).id;

  const alfa = await createSeller(db, {
    user: { name: 'Alf Alfsson' },
    seller: {
      name: 'Alfa',
      sellerType: 'business',
      legalName: 'Alfa Handel AB',
      organisationNumber: '556016-0680',
      // A formula where a spreadsheet would run it: the cell must be written as text.
      address: '=HYPERLINK("http://x.test")',
      postNumber: '111 51',
      city: 'Stockholm',
    },
  });
  ids.alfa = alfa.user.id;
  await db.insert(sellerPayoutAccounts).values({
    sellerId: ids.alfa,
    kind: 'bank_account',
    clearingNumber: '83279',
    accountNumber: '1234567897',
    bankName: 'Swedbank',
    changedAt: new Date('2026-01-01T00:00:00Z'),
  });
  // 00:30 on 1 January in Sweden (UTC+1): Q1 of 2026.
  await paidOrders(ids.alfa, '2025-12-31T23:30:00Z', 1_200_000);
  // 23:59 on 31 March in Sweden (summer time, UTC+2): still Q1.
  await paidOrders(ids.alfa, '2026-03-31T21:59:00Z', 50_000);
  // 00:30 on 1 April in Sweden: Q2.
  await paidOrders(ids.alfa, '2026-03-31T22:30:00Z', 900_000);
  // 23:59 on 31 December in Sweden: Q4; 00:30 on 1 January 2027: not this year.
  await paidOrders(ids.alfa, '2026-12-31T22:59:00Z', 100_000);
  await paidOrders(ids.alfa, '2026-12-31T23:30:00Z', 700_000);
  // Marked unpaid again (paid_at kept): not a sale.
  await paidOrders(ids.alfa, '2026-06-01T10:00:00Z', 300_000, 1, false);
  await entry(ids.alfa, 'commission', -60_000, '2026-01-01T10:00:00Z');
  await entry(ids.alfa, 'commission_vat', -15_000, '2026-01-01T10:00:00Z');
  await entry(ids.alfa, 'commission', -45_000, '2026-04-02T10:00:00Z');
  await entry(ids.alfa, 'plan_fee', -29_900, '2026-05-01T10:00:00Z');
  await entry(ids.alfa, 'refund', -50_000, '2026-12-01T10:00:00Z');
  // A payout is not a fee; a commission at 23:00 on 31 December 2025 in Sweden is last year's.
  await entry(ids.alfa, 'payout', -500_000, '2026-06-01T10:00:00Z');
  await entry(ids.alfa, 'commission', -9_999, '2025-12-31T22:00:00Z');

  const petra = await createSeller(db, {
    user: { name: 'Petra Privat' },
    seller: { name: 'Petras loppis', sellerType: 'private', legalName: 'Petra Privat', organisationNumber: '' },
  });
  ids.petra = petra.user.id;
  await db.insert(sellerPersonalNumbers).values({ sellerId: ids.petra, personalNumber: '19790412-5619' });
  await db.insert(sellerPayoutAccounts).values({
    sellerId: ids.petra,
    kind: 'iban',
    accountNumber: 'SE4550000000058398257466',
    bic: 'ESSESESS',
    changedAt: new Date('2026-01-01T00:00:00Z'),
  });
  // 30 sales of 10 kr: reported for the number of sales alone.
  await paidOrders(ids.petra, '2026-07-15T10:00:00Z', 1_000, 30);

  // Under both thresholds: 2 sales, and 29 sales worth 17 400 kr in all.
  ids.few = (await createSeller(db, { seller: { name: 'Få', sellerType: 'business', legalName: 'Få AB' } })).user.id;
  await paidOrders(ids.few, '2026-05-05T10:00:00Z', 10_000, 2);
  ids.almost = (
    await createSeller(db, { seller: { name: 'Nästan', sellerType: 'business', legalName: 'Nästan AB' } })
  ).user.id;
  await paidOrders(ids.almost, '2026-08-05T10:00:00Z', 60_000, 29);
});
afterAll(() => t.close());

const report = (year: string, token = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api/reports/dac7?year=${year}`, headers: bearer(token) });

/** The CSV's rows as cells (no cell of this report holds a comma or a quote but the address). */
function parse(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map(
      (line) =>
        line
          .match(/("([^"]|"")*"|[^,]*)(,|$)/g)
          ?.slice(0, -1)
          .map((cell) => cell.replace(/,$/, '')) ?? [],
    );
}

describe('the DAC7 report', () => {
  it('sums each reportable seller’s quarters as worked out by hand', async () => {
    const res = await report('2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([...DAC7_HEADER]);
    const bySeller = new Map(
      rows.map((row) => [row[1], Object.fromEntries(DAC7_HEADER.map((key, i) => [key, row[i]]))]),
    );
    // The two under both thresholds are left out.
    expect([...bySeller.keys()].sort()).toEqual([ids.alfa, ids.petra].sort());

    expect(bySeller.get(ids.alfa)).toMatchObject({
      year: '2026',
      seller_type: 'business',
      legal_name: 'Alfa Handel AB',
      organisation_number: '556016-0680',
      personal_number: '',
      post_number: '111 51',
      city: 'Stockholm',
      country: 'SE',
      account_type: 'bank_account',
      account: '83279-1234567897',
      // Q1: 12 000 + 500 kr; fees 600 + 150 kr.
      sales_q1: '2',
      consideration_q1: '12500.00',
      fees_q1: '750.00',
      // Q2: 9 000 kr; fees 450 kr commission and the 299 kr plan fee.
      sales_q2: '1',
      consideration_q2: '9000.00',
      fees_q2: '749.00',
      sales_q3: '0',
      consideration_q3: '0.00',
      fees_q3: '0.00',
      // Q4: 1 000 kr less a 500 kr refund.
      sales_q4: '1',
      consideration_q4: '500.00',
      fees_q4: '0.00',
      sales_year: '4',
      consideration_year: '22000.00',
      fees_year: '1499.00',
    });
    // The formula in the address is written as text.
    expect(bySeller.get(ids.alfa)?.address).toBe(`"'=HYPERLINK(""http://x.test"")"`);

    expect(bySeller.get(ids.petra)).toMatchObject({
      seller_type: 'private',
      legal_name: 'Petra Privat',
      organisation_number: '',
      personal_number: '19790412-5619',
      account_type: 'iban',
      account: 'SE4550000000058398257466',
      bic: 'ESSESESS',
      sales_q3: '30',
      consideration_q3: '300.00',
      sales_year: '30',
      consideration_year: '300.00',
      fees_year: '0.00',
    });
  });

  it('reports the previous year apart: only what fell in it in Swedish time', async () => {
    const res = await report('2025');
    expect(res.statusCode).toBe(200);
    // Alfa's only 2025 figure is a commission, with no sale: nobody is reportable.
    expect(parse(res.body)).toHaveLength(1);
  });

  it('answers 400 to a year that is not a reporting year', async () => {
    for (const year of ['', 'abc', '26', '2026x', '2022', '9999']) {
      const res = await report(year);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().message).toContain('year');
    }
  });
});
