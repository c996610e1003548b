/**
 * Smaller security holes, each shown through the API: reset links that outlive
 * an e-mail change, 500s that are the client's or PayPal's fault, foreign product images,
 * guessable passwords, and applicants reserving domains.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PASSWORD_TOO_PLAIN } from '@torget/shared/rules/accounts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '#api/db/schema.ts';
import { COMMON_PASSWORD } from '#api/lib/password-policy.ts';
import { DOMAIN_AFTER_APPROVAL } from '#api/modules/sellers/seller-settings.service.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const resetLinkToken = () => /\/reset_password\/([A-Za-z0-9_-]+)/.exec(t.mails.at(-1)?.text ?? '')?.[1] ?? '';

describe('an e-mail change', () => {
  it('ends every open password-reset link', async () => {
    const user = await createUser(t.database.db, { email: 'gammal@example.se' });
    const session = await signInAs(t.app, 'gammal@example.se');
    await send('POST', '/api/users/forgot_password', { email: 'gammal@example.se' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const token = resetLinkToken();
    expect(token).not.toBe('');

    const changed = await send('PUT', '/api/users/profile', { email: 'ny@example.se' }, session.token);
    expect(changed.statusCode).toBe(200);
    const open = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(open.every((row) => row.usedAt !== null)).toBe(true);

    const reset = await send('POST', '/api/users/reset_password', {
      email: 'ny@example.se',
      new_password: 'helt-nytt-lösen',
      reset_password_token: token,
    });
    expect(reset.statusCode).toBe(400);
  });

  it('to the same address leaves the links alone', async () => {
    const user = await createUser(t.database.db, { email: 'samma@example.se' });
    const session = await signInAs(t.app, 'samma@example.se');
    await send('POST', '/api/users/forgot_password', { email: 'samma@example.se' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await send('PUT', '/api/users/profile', { email: 'Samma@Example.se', name: 'Samma' }, session.token);
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row?.usedAt).toBeNull();
  });
});

describe('answers that were 500', () => {
  it('a multipart upload without a boundary is 400', async () => {
    await createSeller(t.database.db, { user: { email: 'utan-grans@example.se' } });
    const { token } = await signInAs(t.app, 'utan-grans@example.se');
    for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...bearer(token), 'content-type': contentType },
        payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nhej\r\n--x--\r\n'),
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().message).toMatch(/multipart\/form-data/);
    }
  });

  const sign = async (claims: { sub?: string; ver?: number; exp?: boolean }) => {
    const jwt = new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt();
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    if (claims.exp) jwt.setExpirationTime('1h');
    return jwt.sign(new TextEncoder().encode(t.config.jwtSecret));
  };
  const whoAmI = (token: string) => send('PUT', '/api/users/profile', {}, token);

  it('a signed token whose subject is not a uuid is 401', async () => {
    for (const sub of ['admin', "1' or '1'='1", '']) {
      const res = await whoAmI(await sign({ sub, ver: 0, exp: true }));
      expect(res.statusCode, sub).toBe(401);
    }
  });

  it('a signed token without an expiry is refused (401), though every other claim is right', async () => {
    const user = await createUser(t.database.db);
    const withExpiry = await whoAmI(await sign({ sub: user.id, ver: user.tokenVersion, exp: true }));
    expect(withExpiry.statusCode).toBe(200);
    const forever = await whoAmI(await sign({ sub: user.id, ver: user.tokenVersion }));
    expect(forever.statusCode).toBe(401);
    expect(forever.json()).toEqual({ message: 'Invalid Token' });
  });
});

describe('PayPal answering nonsense', () => {
  let paypal: Server;
  let answer: { status: number; type: string; body: string };
  let p: TestApp;
  beforeAll(async () => {
    paypal = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    await new Promise<void>((resolve) => paypal.listen(0, '127.0.0.1', resolve));
    const { port } = paypal.address() as AddressInfo;
    p = await createTestApp({
      paypal: { clientId: 'id', clientSecret: 'secret', apiBase: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    await p.close();
    await new Promise((resolve) => paypal.close(resolve));
  });

  it('is 502, not 500: an HTML page, a cut body, or a token of the wrong shape', async () => {
    const { user: seller } = await createSeller(p.database.db, { seller: { hasPaypal: true } });
    const goods = await createProduct(p.database.db, seller.id);
    const buyer = await createUser(p.database.db);
    const { token } = await signInAs(p.app, buyer.email);
    const placed = await p.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(token),
      payload: {
        orderItems: [{ product: goods.id, qty: 1 }],
        shippingAddress: {
          fullName: 'Eva Ek',
          address: 'Storgatan 1',
          city: 'Umeå',
          postalCode: '903 25',
          country: 'Sverige',
        },
        paymentMethod: 'PayPal',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order._id as string;

    const answers = [
      { status: 200, type: 'text/html', body: '<html><body>Service Unavailable</body></html>' },
      { status: 200, type: 'application/json', body: '{"access_token": "abc", "expi' },
      { status: 200, type: 'application/json', body: '{"access_token": 42}' },
      { status: 200, type: 'application/json', body: '[]' },
    ];
    for (const each of answers) {
      answer = each;
      const res = await p.app.inject({ method: 'POST', url: `/api/orders/${orderId}/paypal`, headers: bearer(token) });
      expect(res.statusCode, each.body).toBe(502);
      expect(res.json().message).toMatch(/PayPal/);
    }
  });
});

describe("a product's image", () => {
  it('must be an image stored here (/uploads/...); anything else is a 400 naming the field', async () => {
    const { user } = await createSeller(t.database.db, { user: { email: 'bildsaljare@example.se' } });
    const { token } = await signInAs(t.app, 'bildsaljare@example.se');
    const product = await createProduct(t.database.db, user.id);
    const edit = (image: string) =>
      send('PUT', `/api/products/${product.id}`, { name: 'Kruka', price: 100, countInStock: 3, image }, token);
    for (const image of [
      'https://evil.example/pixel.gif',
      'javascript:alert(1)',
      '/uploads/../secret',
      '//evil.example/a.png',
    ]) {
      const res = await edit(image);
      expect(res.statusCode, image).toBe(400);
      expect(res.json().message).toBe('Invalid image: Choose an image uploaded to Torget.');
    }
    expect((await edit('/uploads/kruka.webp')).statusCode).toBe(200);
    expect((await edit('')).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('a common one is refused with the reason on register, reset and profile', async () => {
    const registered = await send('POST', '/api/users/register', {
      name: 'Vanlig',
      email: 'vanlig@example.se',
      password: 'Password123',
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toEqual({ message: COMMON_PASSWORD });

    await createUser(t.database.db, { email: 'lösen@example.se' });
    const session = await signInAs(t.app, 'lösen@example.se');
    const profile = await send('PUT', '/api/users/profile', { password: 'qwertyuiop' }, session.token);
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ message: COMMON_PASSWORD });

    await send('POST', '/api/users/forgot_password', { email: 'lösen@example.se' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const body = { email: 'lösen@example.se', reset_password_token: resetLinkToken() };
    const reset = await send('POST', '/api/users/reset_password', { ...body, new_password: 'lösenord123' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: COMMON_PASSWORD });
    // The refusal did not use up the link.
    const accepted = await send('POST', '/api/users/reset_password', { ...body, new_password: 'ett-eget-lösen' });
    expect(accepted.statusCode).toBe(200);
  });

  it('a short one is refused with its reason, as before', async () => {
    const res = await send('POST', '/api/users/register', { name: 'Kort', email: 'kort@example.se', password: 'x7#k' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least 8 characters/);
  });

  it('one of too few different characters (eight spaces, "aaaaaaaa") is refused on register, reset and profile', async () => {
    const plain = ['        ', 'aaaaaaaa', 'AaAaAaAa', 'abcabcabc', ' a b c a b c '];
    for (const [i, password] of plain.entries()) {
      const res = await send('POST', '/api/users/register', { name: 'Enkel', email: `enkel${i}@example.se`, password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json()).toEqual({ message: `Invalid password: ${PASSWORD_TOO_PLAIN}` });
    }

    await createUser(t.database.db, { email: 'enkel@example.se' });
    const session = await signInAs(t.app, 'enkel@example.se');
    const profile = await send('PUT', '/api/users/profile', { password: 'aaaaaaaa' }, session.token);
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toContain(PASSWORD_TOO_PLAIN);

    await send('POST', '/api/users/forgot_password', { email: 'enkel@example.se' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const body = { email: 'enkel@example.se', reset_password_token: resetLinkToken() };
    const reset = await send('POST', '/api/users/reset_password', { ...body, new_password: '        ' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toContain(PASSWORD_TOO_PLAIN);
    // Four different characters are enough.
    expect((await send('POST', '/api/users/reset_password', { ...body, new_password: 'abcdabcd' })).statusCode).toBe(
      200,
    );
  });

  it('an uncommon one of 8 characters or more is accepted', async () => {
    const res = await send('POST', '/api/users/register', {
      name: 'Egen',
      email: 'egen@example.se',
      password: 'blåbärssylt',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('an applicant (not yet approved)', () => {
  it('cannot reserve a custom domain; once approved, the seller can', async () => {
    await createSeller(t.database.db, {
      user: { email: 'sokande@example.se', isSeller: false, wantsToBeSeller: true },
      seller: { plan: '2' },
    });
    const { token } = await signInAs(t.app, 'sokande@example.se');
    const refused = await send('PUT', '/api/users/profile', { seller_domain: 'min-butik.example.se' }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: DOMAIN_AFTER_APPROVAL });
    // Other settings still save.
    expect((await send('PUT', '/api/users/profile', { seller_city: 'Luleå' }, token)).statusCode).toBe(200);

    await createSeller(t.database.db, { user: { email: 'godkand@example.se' }, seller: { plan: '2' } });
    const approved = await signInAs(t.app, 'godkand@example.se');
    const allowed = await send('PUT', '/api/users/profile', { seller_domain: 'min-butik.example.se' }, approved.token);
    expect(allowed.statusCode).toBe(200);
  });
});
