/**
 * Payout batches over HTTP, on PGlite and PostgreSQL: who is eligible (money held back, the
 * minimum, no account, an account in its hold, already in a batch not sent), two batches made at
 * once, the bank file, marking sent once however often or concurrently it is asked (one ledger
 * entry per line), and the seller's mail through the real mailer to an SMTP listener.
 */
import type { PayoutBatch, PayoutLine } from '@torget/shared/api-types.generated';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payoutLines, payouts, users } from '#api/db/schema.ts';
import { customer, type Session } from '#api/modules/orders/order-test-kit.ts';
import { bookedOrder, payoutSeller } from '#api/modules/payouts/payout-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let smtp: SmtpListener;
let admin: Session;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url });
  admin = await customer(t, 'Ada Admin', true);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

const lineOf = (batch: PayoutBatch, sellerId: string): PayoutLine | undefined =>
  batch.lines.find((line) => line.seller === sellerId);

/** The 'payout' entries of a seller: their amounts in öre. */
async function payoutEntries(sellerId: string): Promise<number[]> {
  const rows = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.kind, 'payout')));
  return rows.map((row) => row.amountOre);
}

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function payoutMails(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = smtp.inbox
      .filter((m) => m.to.includes(to.toLowerCase()))
      .map((m) => mailText(m.raw))
      .filter((text) => text.includes('Vi har betalat ut'));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/payouts', () => {
  let first: PayoutBatch;
  const ids: Record<string, string> = {};
  const orderNumbers: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    // Anna: 1 000 kr delivered 20 days ago (93.75 % hers: 937.50) and 500 kr delivered 3 days ago (held).
    const anna = await payoutSeller(db, 'Annas Ateljé', 'bank_account');
    orderNumbers.anna = (await bookedOrder(db, anna.id, 100_000, 20)).number;
    await bookedOrder(db, anna.id, 50_000, 3);
    // Bo: only money held back (delivered 5 days ago, and one not delivered).
    const bo = await payoutSeller(db, 'Bos Bokhandel', 'bankgiro');
    await bookedOrder(db, bo.id, 100_000, 5);
    await bookedOrder(db, bo.id, 100_000, null);
    // Cilla: released, but 93.75 kr is below the 100 kr minimum.
    const cilla = await payoutSeller(db, 'Cillas Café', 'iban');
    orderNumbers.cilla = (await bookedOrder(db, cilla.id, 10_000, 30)).number;
    // Dan: released money, no payout account.
    const dan = await payoutSeller(db, 'Dans Dekor', null);
    await bookedOrder(db, dan.id, 100_000, 20);
    // Eva: released money, account changed a day ago (in its 3-day hold).
    const eva = await payoutSeller(db, 'Evas Emalj', 'bank_account', 1);
    await bookedOrder(db, eva.id, 100_000, 20);
    // A shop name a spreadsheet would run as a formula.
    const formula = await payoutSeller(db, '=HYPERLINK("http://x.example","klicka")', 'bankgiro');
    const formulaOrder = await bookedOrder(db, formula.id, 20_000, 15);
    // This seller last acted on an order in Svenska: their payout mail is Swedish only.
    await db.update(orders).set({ sellerLanguage: 'sv' }).where(eq(orders.id, formulaOrder.id));
    Object.assign(ids, { anna: anna.id, bo: bo.id, cilla: cilla.id, dan: dan.id, eva: eva.id, formula: formula.id });
  });

  it('pays every eligible seller their balance less what is held back, above the minimum, to a usable account', async () => {
    const res = await call('POST', '/api/payouts');
    expect(res.statusCode, res.body).toBe(201);
    first = res.json() as PayoutBatch;
    expect(first.reference).toBe(`Torget T-${first.number}`);
    expect(first.minimum).toBe(100);
    expect(first.sentAt).toBeNull();
    expect(lineOf(first, ids.anna ?? '')).toEqual({
      _id: expect.any(String),
      seller: ids.anna,
      name: 'Annas Ateljé',
      amount: 937.5,
      account: { type: 'bank_account', masked: '•••• 7897', bankName: 'Swedbank', changedAt: expect.any(String) },
      orders: [{ _id: expect.any(String), orderNumber: `T-${orderNumbers.anna}` }],
    });
    expect(lineOf(first, ids.formula ?? '')?.amount).toBe(187.5);
    for (const left of ['bo', 'cilla', 'dan', 'eva']) expect(lineOf(first, ids[left] ?? ''), left).toBeUndefined();
    expect(first.total).toBe(first.lines.reduce((sum, line) => sum + line.amount, 0));

    const read = await call('GET', `/api/payouts/${first._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(first);
    const list = await call('GET', '/api/payouts');
    expect(list.statusCode).toBe(200);
    expect((list.json() as PayoutBatch[]).map((b) => b._id)).toContain(first._id);
  });

  it('leaves out a seller already in a batch not sent; a lower minimum takes in a small balance', async () => {
    const res = await call('POST', '/api/payouts', { minimum: 50 });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json() as PayoutBatch;
    expect(second.minimum).toBe(50);
    expect(lineOf(second, ids.anna ?? '')).toBeUndefined();
    expect(lineOf(second, ids.cilla ?? '')?.amount).toBe(93.75);
    expect(lineOf(second, ids.cilla ?? '')?.orders.map((o) => o.orderNumber)).toEqual([`T-${orderNumbers.cilla}`]);
    for (const left of ['bo', 'dan', 'eva']) expect(lineOf(second, ids[left] ?? ''), left).toBeUndefined();
    // Nobody is left to pay.
    const none = await call('POST', '/api/payouts', { minimum: 50 });
    expect(none.statusCode).toBe(409);
  });

  it('answers 400 naming the field for a wrong minimum', async () => {
    for (const [payload, field] of [
      [{ minimum: 'hundra' }, 'minimum'],
      [{ minimum: 0 }, 'minimum'],
      [{ minimum: 10.005 }, 'minimum'],
      [{ minimun: 100 }, 'minimun'],
    ] as const) {
      const res = await call('POST', '/api/payouts', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as { message: string }).message).toContain(field);
    }
  });

  it('the bank file: payee, the whole account, amount and reference, safe from spreadsheet formulas', async () => {
    const res = await call('GET', `/api/payouts/${first._id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="torget-payout-T-${first.number}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('payee,account_type,account,bic,amount,reference');
    expect(lines).toContain(`Annas Ateljé,bank_account,83279-1234567897,,937.50,Torget T-${first.number}`);
    expect(lines).toContain(
      `"'=HYPERLINK(""http://x.example"",""klicka"")",bankgiro,5050-1055,,187.50,Torget T-${first.number}`,
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(first.lines.length + 2);
  });

  it('marking sent books one payout entry per line, once, even when asked twice at once, and mails the seller', async () => {
    const [a, b] = await Promise.all([
      call('PUT', `/api/payouts/${first._id}/sent`),
      call('PUT', `/api/payouts/${first._id}/sent`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const sent = (a.statusCode === 200 ? a : b).json() as PayoutBatch;
    expect(sent.sentAt).not.toBeNull();
    const again = await call('PUT', `/api/payouts/${first._id}/sent`);
    expect(again.statusCode).toBe(409);

    expect(await payoutEntries(ids.anna ?? '')).toEqual([-93_750]);
    expect(await payoutEntries(ids.formula ?? '')).toEqual([-18_750]);
    // What is left is the held order's money.
    const balances = await call('GET', '/api/ledger/sellers');
    const anna = (balances.json() as { seller: string; balance: number; held: number }[]).find(
      (row) => row.seller === ids.anna,
    );
    expect(anna).toMatchObject({ balance: 468.75, held: 468.75 });

    const [mail] = await payoutMails(await emailOf(ids.anna ?? ''), 1);
    expect(mail).toContain('Vi har betalat ut 937,50');
    expect(mail).toContain(`med referensen Torget T-${first.number}.`);
    expect(mail).toContain(`The payout covers orders T-${orderNumbers.anna}.`);
    const [swedish] = await payoutMails(await emailOf(ids.formula ?? ''), 1);
    expect(swedish).toContain('Vi har betalat ut 187,50');
    expect(swedish).not.toContain('We have paid');
    // One mail only, though the batch was marked sent three times.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await payoutMails(await emailOf(ids.anna ?? ''), 1)).toHaveLength(1);

    // Paid, Anna may be in the next batch once more money is released.
    await bookedOrder(t.database.db, ids.anna ?? '', 20_000, 15);
    const next = await call('POST', '/api/payouts');
    expect(next.statusCode, next.body).toBe(201);
    expect(lineOf(next.json() as PayoutBatch, ids.anna ?? '')?.amount).toBe(187.5);
  });

  it('answers 404 for an unknown batch', async () => {
    for (const url of [
      '/api/payouts/00000000-0000-4000-8000-000000000000',
      '/api/payouts/not-an-id',
      '/api/payouts/00000000-0000-4000-8000-000000000000/file',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(404);
    }
    expect((await call('PUT', '/api/payouts/00000000-0000-4000-8000-000000000000/sent')).statusCode).toBe(404);
  });
});

describe('two batches made at once', () => {
  it('put a seller in one of them only', async () => {
    const db = t.database.db;
    const sellers = await Promise.all(
      ['Frida', 'Gustav', 'Hanna'].map(async (name) => {
        const user = await payoutSeller(db, `${name}s butik`, 'iban');
        await bookedOrder(db, user.id, 40_000, 16);
        return user.id;
      }),
    );
    const results = await Promise.all([call('POST', '/api/payouts'), call('POST', '/api/payouts')]);
    for (const res of results) expect([201, 409], res.body).toContain(res.statusCode);
    const batches = results.filter((res) => res.statusCode === 201).map((res) => res.json() as PayoutBatch);
    for (const seller of sellers) {
      expect(batches.flatMap((batch) => batch.lines).filter((line) => line.seller === seller)).toHaveLength(1);
    }
  });
});

describe('the database', () => {
  it('refuses a second line not sent for a seller, whatever made it', async () => {
    const db = t.database.db;
    const seller = await payoutSeller(db, 'Idas Inramning', 'bankgiro');
    const [one, two] = await db
      .insert(payouts)
      .values([{ minimumOre: 10_000 }, { minimumOre: 10_000 }])
      .returning();
    if (!one || !two) throw new Error('no batches');
    await db.insert(payoutLines).values({ payoutId: one.id, sellerId: seller.id, amountOre: 10_000 });
    const error = await db
      .insert(payoutLines)
      .values({ payoutId: two.id, sellerId: seller.id, amountOre: 10_000 })
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(((error?.cause ?? error) as { code?: string } | null)?.code).toBe('23505');
  });
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no user');
  return row.email;
}
