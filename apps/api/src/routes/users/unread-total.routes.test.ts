/**
 * The header menu's unread count: `unreadMessages` in one's own GET /api/users/{id}, over the
 * orders one bought and sold; never in the answer about anyone else.
 */
import type { UserDetails } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bo: Session;
let kim: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bo = await shop(t, { name: 'Bos Bod' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Ada Admin', true);
});
afterAll(() => t.close());

const details = async (who: Session, id = who.id) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserDetails;
};
const write = async (who: Session, orderId: string, text: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/messages`,
    headers: bearer(who.token),
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const read = async (who: Session, orderId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/messages`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the unread count in one’s own details', () => {
  it('counts the others’ messages on the orders one bought and sold, until each thread is read', async () => {
    const fromAnna = await placeOrder(t, kim, [{ product: (await product(t, anna.id)).id, qty: 1 }]);
    // Anna buys from Bo: she is the buyer of one order and the seller of the other.
    const annaBuys = await placeOrder(t, anna, [{ product: (await product(t, bo.id)).id, qty: 1 }]);
    expect((await details(kim)).unreadMessages).toBe(0);
    expect((await details(anna)).unreadMessages).toBe(0);

    await write(kim, fromAnna._id, 'Hej! När skickas den?');
    await write(bo, annaBuys._id, 'Din order är packad.');
    // Anna has one unread message as the seller of one order and one as the buyer of the other.
    expect((await details(anna)).unreadMessages).toBe(2);
    expect((await details(bo)).unreadMessages).toBe(0);

    // Writing marks the thread read for the writer; one's own messages never count.
    await write(anna, fromAnna._id, 'Tack för beställningen!');
    await write(anna, fromAnna._id, 'Den skickas i morgon.');
    expect((await details(anna)).unreadMessages).toBe(1);
    expect((await details(kim)).unreadMessages).toBe(2);

    await read(kim, fromAnna._id);
    expect((await details(kim)).unreadMessages).toBe(0);
    await read(anna, annaBuys._id);
    expect((await details(anna)).unreadMessages).toBe(0);
    await write(kim, fromAnna._id, 'En fråga till.');
    expect((await details(anna)).unreadMessages).toBe(1);
  });

  it('is only in one’s own details: not in an admin’s reading of another account, nor the public view', async () => {
    const asAdmin = await details(admin, kim.id);
    expect(asAdmin._id).toBe(kim.id);
    expect(asAdmin).not.toHaveProperty('unreadMessages');
    const own = await details(admin);
    expect(own.unreadMessages).toBe(0);
    const publicView = await t.app.inject({ method: 'GET', url: `/api/users/${anna.id}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json()).not.toHaveProperty('unreadMessages');
  });
});
