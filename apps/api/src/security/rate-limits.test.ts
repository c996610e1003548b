/**
 * Every rate limit answers 429 with a message once it is reached: registration and
 * reviews per address, order placement per account and per address, uploads per account (fewer
 * for applicants), next to sign-in and reset mails. One app runs on the defaults, one on small
 * limits set the way an operator sets them (RATE_LIMIT_*), so each test stays short.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#api/env.ts';
import { DEFAULT_RATE_LIMITS } from '#api/lib/rate-limits.ts';
import { ADDRESS, customer, postOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { multipart } from '#api/test/uploads.ts';

const SMALL = loadConfig({
  DATA_DIR: '/tmp/torget-rate-limit-env',
  JWT_SECRET: 'rate-limit-test-secret-that-is-long-enough',
  RATE_LIMIT_REGISTER: '3/1h',
  RATE_LIMIT_REVIEWS: '2/1h',
  RATE_LIMIT_ORDERS_PER_ACCOUNT: '2/1m',
  RATE_LIMIT_ORDERS_PER_ADDRESS: '3/1m',
  RATE_LIMIT_UPLOADS: '3/1h',
  RATE_LIMIT_APPLICANT_UPLOADS: '2/1d',
  RATE_LIMIT_SIGNIN_PER_ADDRESS: '3/10m',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '3/1h',
  RATE_LIMIT_ORDER_MESSAGES: '2/10m',
}).rateLimits;

let address = 0;
const freshAddress = () => `198.51.${Math.floor(++address / 250)}.${address % 250}`;

function register(t: TestApp, remoteAddress: string, n: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress,
    payload: { name: `Ny Kund ${n}`, email: `ny-${n}-${remoteAddress}@example.se`, password: 'ett-långt-lösen' },
  });
}

function signIn(t: TestApp, remoteAddress: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    remoteAddress,
    payload: { email, password: 'inte-lösenordet' },
  });
}

function askForReset(t: TestApp, remoteAddress: string, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/users/forgot_password', remoteAddress, payload: { email } });
}

function review(t: TestApp, who: Session, productId: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    remoteAddress,
    headers: bearer(who.token),
    payload: { rating: 1, comment: 'Dålig' },
  });
}

function order(t: TestApp, who: Session, productId: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress,
    headers: bearer(who.token),
    payload: { orderItems: [{ product: productId, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
  });
}

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

async function upload(t: TestApp, token: string) {
  const body = multipart(await png(), 'bild.png', 'image/png');
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe('rate limits set through RATE_LIMIT_* variables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: SMALL });
  });
  afterAll(() => t.close());

  it('limits registrations per address', async () => {
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect((await register(t, from, i)).statusCode).toBe(201);
    const blocked = await register(t, from, 3);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many new accounts from this address\. Please wait \d+ minutes/);
    expect((await register(t, freshAddress(), 4)).statusCode).toBe(201);
  });

  it('limits sign-in attempts per address, over any number of e-mails', async () => {
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(t, from, `spray-${i}@example.se`)).statusCode).toBe(401);
    const blocked = await signIn(t, from, 'spray-3@example.se');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many sign-in attempts from this address\. Please wait \d+ minutes and try again\.$/,
    );
    // Even with the right password: the address is held back, not the account.
    const known = await createUser(t.database.db);
    expect((await signIn(t, from, known.email)).statusCode).toBe(429);
    expect((await signInAs(t.app, known.email)).token).toBeTruthy();
  });

  it('limits reset requests per address, over any number of e-mails, answering alike for accounts and strangers', async () => {
    const from = freshAddress();
    const known = await createUser(t.database.db);
    const asked = [known.email, 'ingen-1@example.se', 'ingen-2@example.se'];
    const answers = await Promise.all(asked.map((email) => askForReset(t, from, email)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [forKnown, forStranger] = [
      await askForReset(t, from, known.email),
      await askForReset(t, from, 'ingen-3@example.se'),
    ];
    expect([forKnown.statusCode, forStranger.statusCode]).toEqual([429, 429]);
    expect(forKnown.json().message).toMatch(
      /^Too many password reset requests from this address\. Please wait \d+ minutes/,
    );
    expect(forStranger.json().message.replace(/\d+/, 'N')).toBe(forKnown.json().message.replace(/\d+/, 'N'));
    expect((await askForReset(t, freshAddress(), 'ingen-4@example.se')).statusCode).toBe(200);
  });

  it('limits reviews per address, whichever account writes them', async () => {
    const seller = await shop(t);
    const reviewed = await product(t, seller.id);
    const from = freshAddress();
    const reviewers = await Promise.all([1, 2, 3, 4].map((n) => customer(t, `Recensent ${n}`)));
    const [first, second, third, fourth] = reviewers as [Session, Session, Session, Session];
    expect((await review(t, first, reviewed.id, from)).statusCode).toBe(201);
    expect((await review(t, second, reviewed.id, from)).statusCode).toBe(201);
    const blocked = await review(t, third, reviewed.id, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many reviews from this address\./);
    expect((await review(t, fourth, reviewed.id, freshAddress())).statusCode).toBe(201);
  });

  it('limits orders per account, from any address', async () => {
    const seller = await shop(t);
    const goods = await product(t, seller.id, { countInStock: 100 });
    const buyer = await customer(t);
    for (let i = 0; i < 2; i++) expect((await order(t, buyer, goods.id, freshAddress())).statusCode).toBe(201);
    const blocked = await order(t, buyer, goods.id, freshAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many orders\. Please wait \d+ seconds and try again\.$/);
    // Another account is not held back by this one.
    const other = await customer(t, 'Annan Köpare');
    expect((await order(t, other, goods.id, freshAddress())).statusCode).toBe(201);
  });

  it('limits messages on orders per account, over all their orders', async () => {
    const seller = await shop(t);
    const goods = await product(t, seller.id, { countInStock: 100 });
    const buyer = await customer(t);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await order(t, buyer, goods.id, freshAddress())).json().order._id);
    const message = (who: Session, id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/messages`,
        headers: bearer(who.token),
        payload: { text: 'Hej!' },
      });
    expect((await message(buyer, ids[0] ?? '')).statusCode).toBe(201);
    expect((await message(buyer, ids[1] ?? '')).statusCode).toBe(201);
    const blocked = await message(buyer, ids[0] ?? '');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many messages\. Please wait/);
    // The seller answering is not held back by the buyer.
    expect((await message(seller, ids[0] ?? '')).statusCode).toBe(201);
  });

  it('limits orders per address, across accounts', async () => {
    const seller = await shop(t);
    const goods = await product(t, seller.id, { countInStock: 100 });
    const from = freshAddress();
    const buyers = await Promise.all([1, 2, 3, 4].map((n) => customer(t, `Köpare ${n}`)));
    for (const buyer of buyers.slice(0, 3)) expect((await order(t, buyer, goods.id, from)).statusCode).toBe(201);
    const blocked = await order(t, buyers[3] as Session, goods.id, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many orders from this address\./);
  });

  it('limits uploads per account', async () => {
    const seller = await shop(t);
    for (let i = 0; i < 3; i++) expect((await upload(t, seller.token)).statusCode).toBe(200);
    const blocked = await upload(t, seller.token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many uploads\./);
  });

  it('lets an applicant upload only a handful of images until the shop is approved', async () => {
    const applicant = await createUser(t.database.db, { wantsToBeSeller: true });
    const { token } = await signInAs(t.app, applicant.email);
    for (let i = 0; i < 2; i++) expect((await upload(t, token)).statusCode).toBe(200);
    const blocked = await upload(t, token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^A shop waiting for approval can upload at most 2 images in 1 day\. Please wait \d+ hours/,
    );
  });
});

describe('rate limits at their defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(() => t.close());

  it('has a default for every limit that a real customer never reaches', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      signin: { max: 10, windowMs: 60_000 },
      signinPerAddress: { max: 30, windowMs: 600_000 },
      passwordReset: { max: 5, windowMs: 3_600_000 },
      passwordResetPerAddress: { max: 20, windowMs: 3_600_000 },
      register: { max: 20, windowMs: 3_600_000 },
      reviews: { max: 10, windowMs: 3_600_000 },
      ordersPerAccount: { max: 10, windowMs: 60_000 },
      ordersPerAddress: { max: 30, windowMs: 60_000 },
      orderMessages: { max: 20, windowMs: 600_000 },
      reports: { max: 10, windowMs: 3_600_000 },
      uploads: { max: 100, windowMs: 3_600_000 },
      applicantUploads: { max: 10, windowMs: 86_400_000 },
    });
  });

  it('refuses the 11th order of an account within a minute (60 in 0.3 s were possible before)', async () => {
    const seller = await shop(t);
    const goods = await product(t, seller.id, { countInStock: 1000 });
    const buyer = await customer(t);
    const payload = { orderItems: [{ product: goods.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' };
    for (let i = 0; i < 10; i++) expect((await postOrder(t, buyer.token, payload)).statusCode).toBe(201);
    const blocked = await postOrder(t, buyer.token, payload);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many orders/);
  });

  it('refuses the 21st registration from one address within an hour', async () => {
    const from = freshAddress();
    for (let i = 0; i < 20; i++) expect((await register(t, from, 100 + i)).statusCode).toBe(201);
    expect((await register(t, from, 120)).statusCode).toBe(429);
  });

  it('refuses the 31st sign-in over 31 e-mails and the 21st reset request over 21 from one address', async () => {
    const from = freshAddress();
    for (let i = 0; i < 30; i++) expect((await signIn(t, from, `spridd-${i}@example.se`)).statusCode).toBe(401);
    expect((await signIn(t, from, 'spridd-30@example.se')).statusCode).toBe(429);
    for (let i = 0; i < 20; i++) expect((await askForReset(t, from, `glomsk-${i}@example.se`)).statusCode).toBe(200);
    expect((await askForReset(t, from, 'glomsk-20@example.se')).statusCode).toBe(429);
  });

  it('counts no request from this machine per address, and still counts its accounts', async () => {
    for (let i = 0; i < 31; i++) expect((await signIn(t, '127.0.0.1', `lokal-${i}@example.se`)).statusCode).toBe(401);
    for (let i = 0; i < 21; i++) expect((await askForReset(t, '::1', `lokal-${i}@example.se`)).statusCode).toBe(200);
    for (let i = 0; i < 21; i++) expect((await register(t, '127.0.0.1', 200 + i)).statusCode).toBe(201);
    expect((await register(t, '::1', 221)).statusCode).toBe(201);
    const seller = await shop(t);
    const goods = await product(t, seller.id, { countInStock: 1000 });
    const buyer = await customer(t, 'Lokal Köpare');
    for (let i = 0; i < 10; i++) expect((await order(t, buyer, goods.id, '127.0.0.1')).statusCode).toBe(201);
    expect((await order(t, buyer, goods.id, '127.0.0.1')).statusCode).toBe(429);
  });
});

describe('RATE_LIMIT_* variables', () => {
  const base = { DATA_DIR: '/tmp/torget-rate-limit-env', JWT_SECRET: 'rate-limit-test-secret-that-is-long-enough' };

  it('default when unset, and are read as max/window', () => {
    expect(loadConfig(base).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    const limits = loadConfig({ ...base, RATE_LIMIT_SIGNIN: ' 50 / 30s ', RATE_LIMIT_UPLOADS: '1000/1d' }).rateLimits;
    expect(limits?.signin).toEqual({ max: 50, windowMs: 30_000 });
    expect(limits?.uploads).toEqual({ max: 1000, windowMs: 86_400_000 });
  });

  it('stop the start with a message naming each malformed variable', () => {
    expect(() => loadConfig({ ...base, RATE_LIMIT_REVIEWS: 'many', RATE_LIMIT_REGISTER: '0/1h' })).toThrow(
      /RATE_LIMIT_REVIEWS[\s\S]*RATE_LIMIT_REGISTER|RATE_LIMIT_REGISTER[\s\S]*RATE_LIMIT_REVIEWS/,
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_ORDERS_PER_ACCOUNT: '5/1w' })).toThrow(
      /RATE_LIMIT_ORDERS_PER_ACCOUNT: must be written max\/window/,
    );
  });
});

describe('per-address limits behind a proxy that appends to X-Forwarded-For', () => {
  const base = { DATA_DIR: '/tmp/torget-rate-limit-env', JWT_SECRET: 'rate-limit-test-secret-that-is-long-enough' };
  const three = { RATE_LIMIT_REGISTER: '3/1h' };

  /** Registrations through `proxy`, each with a fresh made-up address written by the client at the left. */
  async function spoofedRegistrations(trustProxy: string, proxy: string, appended: string[]) {
    const config = loadConfig({ ...base, ...three, TRUST_PROXY: trustProxy });
    const t = await createTestApp({ rateLimits: config.rateLimits, trustProxy: config.trustProxy });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/users/register',
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': [`203.0.113.${i}`, ...appended].join(', ') },
          payload: {
            name: `Proxad ${i}`,
            email: `proxad-${i}-${trustProxy.replace(/[^0-9a-z]/g, '')}@example.se`,
            password: 'ett-långt-lösen',
          },
        });
        statuses.push(answer.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it('counts the address the proxy appended with TRUST_PROXY=true (one proxy), not the one the client wrote', async () => {
    expect(await spoofedRegistrations('true', '10.0.0.5', ['198.18.0.1'])).toEqual([201, 201, 201, 429, 429]);
  });

  it('counts the address the outermost of a number of proxies appended (TRUST_PROXY=2)', async () => {
    expect(await spoofedRegistrations('2', '10.0.0.5', ['198.18.0.2', '10.0.0.9'])).toEqual([201, 201, 201, 429, 429]);
  });

  it('counts the right-most address that is not a listed proxy (TRUST_PROXY=addresses)', async () => {
    expect(await spoofedRegistrations('10.0.0.5, 10.0.1.0/24', '10.0.0.5', ['198.18.0.3', '10.0.1.7'])).toEqual([
      201, 201, 201, 429, 429,
    ]);
  });
});
