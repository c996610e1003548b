/**
 * The admin's order list finds an order by its number, the buyer's name or e-mail, or the
 * shop's name; filters by state and by Stockholm days; pages with `page`; names the field of a
 * bad parameter; is refused to anyone but admins; and answers the spec's call as before.
 */
import { randomUUID } from 'node:crypto';
import type { Order } from '@torget/shared/api-types.generated';
import { formatOrderNumber } from '@torget/shared/rules/order-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { customer, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createUser, orderRowValues } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let admin: Session;
let anna: Session;
let bosse: Session;
let eva: { id: string };
let olof: { id: string };
/** Order numbers by name. */
const numbers: Record<string, number> = {};

/** One order written straight to the database; `at` is its moment of placing. */
async function order(
  name: string,
  buyer: { id: string; name: string },
  seller: Session,
  shopName: string,
  at: string,
  state: Partial<typeof orders.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      ...orderRowValues(buyer.id, seller.id),
      id: randomUUID(),
      buyerName: buyer.name,
      sellerName: shopName,
      createdAt: new Date(at),
      ...state,
    })
    .returning();
  if (!row) throw new Error('order not written');
  numbers[name] = row.number;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await customer(t, 'Admin Adminsson', true);
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  const db = t.database.db;
  eva = await createUser(db, { name: 'Eva Ek', email: 'eva.ek@exempel.se' });
  olof = await createUser(db, { name: 'Olof Åkesson', email: 'olof@post.se' });
  const evaBuyer = { id: eva.id, name: 'Eva Ek' };
  const olofBuyer = { id: olof.id, name: 'Olof Åkesson' };
  // 23:30 UTC on 1 March is 00:30 on 2 March in Stockholm (UTC+1 in winter).
  await order('unpaid', evaBuyer, anna, 'Annas Ateljé', '2026-03-01T23:30:00Z');
  await order('paid', evaBuyer, anna, 'Annas Ateljé', '2026-03-03T10:00:00Z', { isPaid: true, paidAt: new Date() });
  await order('shipped', olofBuyer, bosse, 'Bosses Bod', '2026-03-04T10:00:00Z', {
    isPaid: true,
    paidAt: new Date(),
    shippingCarrier: 'PostNord',
    trackingNumber: 'AB123',
    shippedAt: new Date(),
  });
  await order('delivered', olofBuyer, bosse, 'Bosses Bod', '2026-03-05T10:00:00Z', {
    isPaid: true,
    paidAt: new Date(),
    isDelivered: true,
    deliveredAt: new Date(),
  });
  await order('cancelled', olofBuyer, anna, 'Annas Ateljé', '2026-03-06T10:00:00Z', {
    paymentMethod: 'PayPal',
    cancelledAt: new Date(),
    cancelReason: 'expired',
  });
  // 55 more orders of Eva's at Bosse's, to page through.
  for (let i = 0; i < 55; i++) {
    await order(`many${i}`, evaBuyer, bosse, 'Bosses Bod', `2026-04-01T10:${String(i).padStart(2, '0')}:00Z`);
  }
});
afterAll(() => t.close());

const list = async (query: string, who: Session = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: bearer(who.token) });
  return { status: res.statusCode, body: res.json(), total: Number(res.headers['x-total-count']), res };
};
const numbersOf = (body: unknown) => (body as Order[]).map((o) => o.orderNumber);
const named = (...names: string[]) => names.map((name) => formatOrderNumber(numbers[name] ?? 0));

describe('GET /api/orders?search=&state=&from=&to=&page= (admin)', () => {
  it('finds an order by its number, quoted or bare', async () => {
    const quoted = named('shipped')[0] ?? '';
    expect(numbersOf((await list(`?search=${quoted}`)).body)).toEqual([quoted]);
    expect(numbersOf((await list(`?search=${quoted.toLowerCase()}`)).body)).toEqual([quoted]);
    expect(numbersOf((await list(`?search=${numbers.shipped}`)).body)).toEqual([quoted]);
    expect((await list('?search=T-999999')).body).toEqual([]);
  });

  it("finds orders by the buyer's e-mail or name and by the shop's name, accents folded", async () => {
    const byMail = await list('?search=olof@post.se');
    expect(numbersOf(byMail.body).sort()).toEqual(named('shipped', 'delivered', 'cancelled').sort());
    expect(numbersOf((await list('?search=akesson')).body).sort()).toEqual(
      named('shipped', 'delivered', 'cancelled').sort(),
    );
    expect(numbersOf((await list('?search=ateljé')).body).sort()).toEqual(named('unpaid', 'paid', 'cancelled').sort());
    // Words from the buyer and the shop together.
    expect(numbersOf((await list('?search=olof annas')).body)).toEqual(named('cancelled'));
  });

  it('filters by each state: every order in exactly one', async () => {
    for (const state of ['paid', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(numbersOf((await list(`?state=${state}`)).body), state).toEqual(named(state));
    }
    const unpaid = await list('?state=unpaid');
    expect(unpaid.total).toBe(56);
    expect(numbersOf(unpaid.body)).not.toContain(named('cancelled')[0]);
  });

  it('filters by Stockholm days, both ends included', async () => {
    // 23:30 UTC on 1 March belongs to 2 March in Stockholm.
    expect(numbersOf((await list('?from=2026-03-02&to=2026-03-02')).body)).toEqual(named('unpaid'));
    expect((await list('?from=2026-03-01&to=2026-03-01')).body).toEqual([]);
    expect(numbersOf((await list('?from=2026-03-03&to=2026-03-05')).body)).toEqual(
      named('delivered', 'shipped', 'paid'),
    );
    expect((await list('?from=2026-04-01')).total).toBe(55);
    expect((await list('?to=2026-03-31')).total).toBe(5);
    expect(numbersOf((await list('?from=2026-03-01&to=2026-03-31&state=paid&search=eva')).body)).toEqual(named('paid'));
  });

  it('pages with `page`, newest first, the search kept in the links', async () => {
    const first = await list('?search=bosses&state=unpaid');
    expect(first.total).toBe(55);
    expect(first.body).toHaveLength(50);
    expect(numbersOf(first.body)[0]).toBe(named('many54')[0]);
    const second = await list('?search=bosses&state=unpaid&page=2');
    expect(numbersOf(second.body)).toEqual(named('many4', 'many3', 'many2', 'many1', 'many0'));
    expect(String(first.res.headers.link)).toContain('search=bosses');
  });

  it("answers the spec's call as before, and the seller filters with it", async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.total).toBe(60);
    expect((await list(`?seller=${anna.id}`)).total).toBe(3);
    expect((await list(`?seller=${anna.id}&state=paid`)).body).toHaveLength(1);
  });

  it('answers 400 naming the field of a bad parameter', async () => {
    for (const [query, field] of [
      ['?state=lost', 'state'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-03-05&to=2026-03-01', 'to'],
      ['?page=-1', 'page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message, query).toContain(`Invalid ${field} in querystring`);
    }
  });

  it('searches and filters for admins only; a seller keeps the plain list of their own', async () => {
    expect((await list('?search=eva', anna)).status).toBe(403);
    expect((await list('?state=paid', anna)).status).toBe(403);
    expect((await list('?from=2026-03-01', anna)).status).toBe(403);
    expect((await list('', anna)).total).toBe(3);
    // Empty values mean no filter, for everyone.
    expect((await list('?search=&state=&from=&to=', anna)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders?search=eva' })).statusCode).toBe(401);
  });
});
