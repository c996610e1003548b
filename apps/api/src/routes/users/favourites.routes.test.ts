/**
 * /api/users/me/favourites: saving, listing and removing, always one's own; products the public
 * no longer sees leave the list; a saved product back in stock or on sale sends one summarising
 * mail a day, through the real mailer to an SMTP listener.
 */
import type { FavouriteStateResponse, FavouritesResponse } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteNotices, products } from '#api/db/schema.ts';
import { createMailer } from '#api/lib/mailer.ts';
import { noticeSalesStarted, notifyFavouritesOfSale } from '#api/modules/favourites/favourite-notices.service.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { type SmtpListener, startSmtpListener } from '#api/test/smtp-listener.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { sendDueFavouriteMails } from './favourite-mails';

let t: TestApp;
let smtp: SmtpListener;
let seller: Session;
let kim: Session;
let eva: Session;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: smtp.url });
  seller = await shop(t, { name: 'Favoritbutiken' });
  kim = await customer(t, 'Kim Köpare');
  eva = await customer(t, 'Eva Ek');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', who: Session | null, url: string) =>
  t.app.inject({ method, url: `/api/users/me/favourites${url}`, headers: who ? bearer(who.token) : {} });
const listOf = async (who: Session) => {
  const res = await call('GET', who, '');
  expect(res.statusCode).toBe(200);
  return (res.json() as FavouritesResponse).products.map((p) => p._id);
};
const shown = (id: string) =>
  product(t, seller.id, { name: `Vas ${id}`, image: '/uploads/vas.webp', countInStock: 3 }).then((p) => p.id);

describe('favourites', () => {
  it('saves, lists newest first, answers the state and removes; twice is the same as once', async () => {
    const a = await shown('A');
    const b = await shown('B');
    expect((await call('PUT', kim, `/${a}`)).json()).toEqual({ productId: a, saved: true });
    expect((await call('PUT', kim, `/${b}`)).statusCode).toBe(200);
    expect((await call('PUT', kim, `/${b}`)).statusCode).toBe(200);
    expect(await listOf(kim)).toEqual([b, a]);
    expect((await call('GET', kim, `/${a}`)).json<FavouriteStateResponse>().saved).toBe(true);
    expect((await call('DELETE', kim, `/${a}`)).json()).toEqual({ productId: a, saved: false });
    expect((await call('DELETE', kim, `/${a}`)).statusCode).toBe(200);
    expect((await call('GET', kim, `/${a}`)).json<FavouriteStateResponse>().saved).toBe(false);
    expect(await listOf(kim)).toEqual([b]);
  });

  it("is one's own: another user's list is separate, and signed out is 401", async () => {
    const c = await shown('C');
    await call('PUT', eva, `/${c}`);
    expect(await listOf(eva)).toEqual([c]);
    expect(await listOf(kim)).not.toContain(c);
    expect((await call('GET', kim, `/${c}`)).json<FavouriteStateResponse>().saved).toBe(false);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await call(method, null, `/${c}`)).statusCode).toBe(401);
    }
    expect((await call('GET', null, '')).statusCode).toBe(401);
  });

  it('refuses a draft or unknown product with 404, and drops a product the public no longer sees', async () => {
    const draft = await product(t, seller.id, { isDraft: true });
    expect((await call('PUT', kim, `/${draft.id}`)).statusCode).toBe(404);
    expect((await call('PUT', kim, '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('PUT', kim, '/not-a-uuid')).statusCode).toBe(404);
    const d = await shown('D');
    await call('PUT', kim, `/${d}`);
    expect(await listOf(kim)).toContain(d);
    await t.database.db.update(products).set({ isDraft: true }).where(eq(products.id, d));
    expect(await listOf(kim)).not.toContain(d);
    await t.database.db.update(products).set({ isDraft: false }).where(eq(products.id, d));
    expect(await listOf(kim)).toContain(d);
  });
});

/** A mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
const favouriteMailsTo = (who: Session) =>
  smtp.inbox.filter((m) => m.to.includes(who.email.toLowerCase())).map((m) => mailText(m.raw));

describe('the favourites mail', () => {
  const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'Torget <no-reply@torget.test>', dataDir: '/tmp' });
  const sweep = (now: Date) => sendDueFavouriteMails(t.database.db, { mailer: mailer(), config: t.config }, now);

  it('sends one mail for a product back in stock (a cancelled order puts stock back) and for a sale, at most one a day', async () => {
    const buyer = await customer(t, 'Sara Sparare');
    const lamp = await product(t, seller.id, { name: 'Lampa Ljus', image: '/uploads/l.webp', countInStock: 1 });
    const vase = await product(t, seller.id, { name: 'Vas Blå', image: '/uploads/v.webp', countInStock: 4 });
    await call('PUT', buyer, `/${lamp.id}`);
    await call('PUT', buyer, `/${vase.id}`);
    // Sold out by an order, back in stock when the order is cancelled.
    const order = await placeOrder(t, kim, [{ product: lamp.id, qty: 1 }], 'PayPal');
    expect(await notices(buyer)).toBe(0);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/cancel`,
      headers: bearer(seller.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await notices(buyer)).toBe(1);
    // A sale on the other product: the service the sale-price code calls.
    expect(await notifyFavouritesOfSale(t.database.db, vase.id)).toBe(1);
    expect(await notifyFavouritesOfSale(t.database.db, vase.id)).toBe(0);

    const day1 = new Date(Date.now() + 60_000);
    expect(await sweep(day1)).toBeGreaterThanOrEqual(1);
    const mails = favouriteMailsTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Lampa Ljus finns i lager igen');
    expect(mails[0]).toContain('Vas Blå är på rea');
    expect(mails[0]).toContain('Lampa Ljus is back in stock');
    expect(mails[0]).toContain(`/product/${lamp.id}`);

    // Later the same day: sold out and back again waits for tomorrow's mail.
    await t.database.db.update(products).set({ countInStock: 0 }).where(eq(products.id, lamp.id));
    await t.database.db.update(products).set({ countInStock: 2 }).where(eq(products.id, lamp.id));
    expect(await notices(buyer)).toBe(1);
    await sweep(new Date(day1.getTime() + 60 * 60 * 1000));
    expect(favouriteMailsTo(buyer)).toHaveLength(1);
    await sweep(new Date(day1.getTime() + 25 * 60 * 60 * 1000));
    const after = favouriteMailsTo(buyer);
    expect(after).toHaveLength(2);
    expect(after[1]).toContain('Lampa Ljus finns i lager igen');
    expect(after[1]).not.toContain('Vas Blå');
  });

  it('mails nothing for a product the public no longer sees, nor one sold out again before the sweep', async () => {
    const buyer = await customer(t, 'Tove Tyst');
    const gone = await product(t, seller.id, { name: 'Dold Duk', countInStock: 0 });
    await call('PUT', buyer, `/${gone.id}`);
    await t.database.db.update(products).set({ countInStock: 3 }).where(eq(products.id, gone.id));
    await t.database.db.update(products).set({ countInStock: 0 }).where(eq(products.id, gone.id));
    const hidden = await product(t, seller.id, { name: 'Gömd Gryta', countInStock: 0 });
    await call('PUT', buyer, `/${hidden.id}`);
    await t.database.db.update(products).set({ countInStock: 2, isDraft: true }).where(eq(products.id, hidden.id));
    await sweep(new Date(Date.now() + 60_000));
    expect(favouriteMailsTo(buyer)).toHaveLength(0);
  });

  it('notices a sale that starts by time once, in the sweep after its start, and not again after the mail', async () => {
    const buyer = await customer(t, 'Rut Rea');
    const bowl = await product(t, seller.id, { name: 'Skål Rea', image: '/uploads/s.webp', countInStock: 5 });
    const early = await product(t, seller.id, { name: 'Skål Tidig', image: '/uploads/s.webp', countInStock: 5 });
    await call('PUT', buyer, `/${bowl.id}`);
    await call('PUT', buyer, `/${early.id}`);
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    // In force from two minutes ago for a day. The other began long before the sweep's span.
    await t.database.db
      .update(products)
      .set({ salePriceOre: 500, saleStartsAt: at(-2), saleEndsAt: at(24 * 60) })
      .where(eq(products.id, bowl.id));
    await t.database.db
      .update(products)
      .set({ salePriceOre: 500, saleStartsAt: at(-120), saleEndsAt: at(24 * 60) })
      .where(eq(products.id, early.id));
    expect(await noticeSalesStarted(t.database.db, at(-3))).toBe(0);
    expect(await noticeSalesStarted(t.database.db, at(0))).toBe(1);
    // Overlapping spans, as several instances' sweeps are: the sale stays noticed once.
    expect(await noticeSalesStarted(t.database.db, at(0.5))).toBe(0);
    await sweep(at(1));
    const mails = favouriteMailsTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Skål Rea är på rea');
    expect(mails[0]).not.toContain('Skål Tidig');
    // The mail went: a later sweep still inside the span notices nothing new.
    expect(await noticeSalesStarted(t.database.db, at(2))).toBe(0);
    expect(await notices(buyer)).toBe(0);
  });
});

async function notices(who: Session): Promise<number> {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(favouriteNotices)
    .where(sql`${favouriteNotices.userId} = ${who.id} and ${favouriteNotices.sentAt} is null`);
  return rows[0]?.n ?? 0;
}
