/**
 * Where a token is valid: on the host it was issued on. Every main host shares one audience; a
 * seller's own domain has its own, since the seller controls that domain (docs/security.md,
 * "Where a token is valid"). Through app.inject with Host headers.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let lamp: string;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ mainHosts: ['torget.test', 'localhost', '127.0.0.1'] });
  const anna = await createSeller(t.database.db, {
    seller: { domain: 'shop-anna.test', name: 'Annas Ateljé', hasSwish: true, swishNumber: '1231234567' },
  });
  await createSeller(t.database.db, { seller: { domain: 'bosse.test', name: 'Bosses Bod' } });
  lamp = (await createProduct(t.database.db, anna.user.id, { name: 'Lampa', countInStock: 50 })).id;
});
afterAll(() => t.close());

/** A fresh client address each time, so the sign-in limit never interferes. */
const remoteAddress = () => `10.201.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

async function signInOn(host: string, email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    headers: { host },
    payload: { email, password: FIXTURE_PASSWORD },
    remoteAddress: remoteAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

/** A signed-in user's own route (the guard reads the user): its status on `host`. */
const profileOn = async (host: string, token: string) =>
  (await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: { host, ...bearer(token) }, payload: {} }))
    .statusCode;

/** A route whose guard checks the token alone (the order reads the user itself): its status on `host`. */
const orderOn = async (host: string, token: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { host, ...bearer(token) },
      payload: { orderItems: [{ product: lamp, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
    })
  ).statusCode;

describe('a token issued on a seller’s domain', () => {
  it('is valid on that domain only: not on the main hosts, nor on another seller’s domain', async () => {
    await createUser(t.database.db, { email: 'kund-anna@example.se' });
    const token = await signInOn('shop-anna.test', 'kund-anna@example.se');
    // Its own domain, in any case and with any port.
    expect(await profileOn('shop-anna.test', token)).toBe(200);
    expect(await profileOn('Shop-Anna.TEST:8443', token)).toBe(200);
    expect(await orderOn('shop-anna.test', token)).toBe(201);
    for (const host of ['torget.test', 'localhost', '127.0.0.1:3000', 'bosse.test', 'ingen.test']) {
      expect(await profileOn(host, token), host).toBe(401);
      expect(await orderOn(host, token), host).toBe(401);
    }
  });

  it('answers registration and a profile change there with a token for that domain alone', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { host: 'shop-anna.test' },
      payload: { name: 'Ny Kund', email: 'ny-kund-anna@example.se', password: 'ett-bra-lösen-7' },
      remoteAddress: remoteAddress(),
    });
    expect(registered.statusCode).toBe(201);
    const token = registered.json().token as string;
    expect(await profileOn('shop-anna.test', token)).toBe(200);
    expect(await profileOn('torget.test', token)).toBe(401);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { host: 'shop-anna.test', ...bearer(token) },
      payload: { name: 'Nytt Namn' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect(await profileOn('shop-anna.test', fresh)).toBe(200);
    expect(await profileOn('torget.test', fresh)).toBe(401);
    expect(await profileOn('bosse.test', fresh)).toBe(401);
  });

  it('lists the user’s orders there', async () => {
    await createUser(t.database.db, { email: 'kund-mina@example.se' });
    const token = await signInOn('shop-anna.test', 'kund-mina@example.se');
    expect(await orderOn('shop-anna.test', token)).toBe(201);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/orders/mine',
      headers: { host: 'shop-anna.test', ...bearer(token) },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(1);
  });
});

describe('a token issued on a main host', () => {
  it('is valid on every main host, and refused on a seller’s domain', async () => {
    await createUser(t.database.db, { email: 'kund-torget@example.se' });
    const token = await signInOn('torget.test', 'kund-torget@example.se');
    for (const host of ['torget.test', 'TORGET.test:8443', 'localhost:3000', '127.0.0.1'])
      expect(await profileOn(host, token), host).toBe(200);
    expect(await orderOn('localhost', token)).toBe(201);
    for (const host of ['shop-anna.test', 'bosse.test']) {
      expect(await profileOn(host, token), host).toBe(401);
      expect(await orderOn(host, token), host).toBe(401);
    }
  });

  it('counts as one when it was issued before tokens had an audience', async () => {
    const user = await createUser(t.database.db, { email: 'kund-gammal@example.se' });
    const now = Math.floor(Date.now() / 1000);
    const older = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect(await profileOn('torget.test', older)).toBe(200);
    expect(await profileOn('localhost', older)).toBe(200);
    expect(await profileOn('shop-anna.test', older)).toBe(401);
  });
});
