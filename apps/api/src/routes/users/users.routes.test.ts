import type { SignedInUser, UserDetails, UserListEntry } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, passwordResetTokens, users } from '#api/db/schema.ts';
import { createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { postUpload } from '#api/test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, options: { token?: string; body?: unknown; ip?: string } = {}) =>
  t.app.inject({
    method,
    url,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });

let ipCounter = 0;
/** Each sign-in from its own address, so the rate limit only bites where a test wants it. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function signIn(email: string, password = FIXTURE_PASSWORD): Promise<SignedInUser> {
  const res = await call('POST', '/api/users/signin', { body: { email, password }, ip: freshIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function register(name: string, email: string, password = 'hemligt-lösen') {
  return call('POST', '/api/users/register', { body: { name, email, password } });
}

describe('register and sign in', () => {
  it('registers, answers the user with a token, and stores the e-mail normalised', async () => {
    const res = await register('Karin Nilsson', '  Karin.Nilsson@Example.SE ');
    expect(res.statusCode).toBe(201);
    const user = res.json() as SignedInUser;
    expect(user).toMatchObject({
      name: 'Karin Nilsson',
      email: 'karin.nilsson@example.se',
      is_admin: false,
      is_seller: false,
    });
    expect(user.token).toMatch(/^ey/);
    expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'karin.nilsson@example.se'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await call('GET', `/api/users/${user._id}`, { token: user.token });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a taken e-mail with 409, whatever its case', async () => {
    await register('Första', 'dubbel@example.se');
    const again = await register('Andra', 'DUBBEL@example.se');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this e-mail already exists.');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ name: 'A', email: 'a@example.se', password: 'kort' }, 'password'],
      [{ name: 'A', email: 'a@example.se', password: 'x'.repeat(129) }, 'password'],
      [{ name: 'A', email: 'inte-en-adress', password: 'långtlösenord' }, 'email'],
      [{ email: 'b@example.se', password: 'långtlösenord' }, 'name'],
      [{ name: 42, email: 'c@example.se', password: 'långtlösenord' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/users/register', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'a@example.se'));
    expect(rows).toHaveLength(0);
  });

  it('cannot make itself an admin or seller while registering', async () => {
    const res = await call('POST', '/api/users/register', {
      body: { name: 'Smart', email: 'smart@example.se', password: 'långtlösenord', is_admin: true, is_seller: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_admin: false, is_seller: false });
  });

  it('signs in with the right password only, with one message for both failures', async () => {
    const user = await createUser(t.database.db, { email: 'olle@example.se' });
    const ok = await signIn('OLLE@example.se');
    expect(ok._id).toBe(user.id);
    const wrong = await call('POST', '/api/users/signin', {
      body: { email: 'olle@example.se', password: 'fel-lösen' },
    });
    const unknown = await call('POST', '/api/users/signin', {
      body: { email: 'ingen@example.se', password: 'fel-lösen' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('counts sign-ins by the real address, not a claimed X-Forwarded-For', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress: '203.0.113.77',
        headers: { 'x-forwarded-for': `198.18.0.${i}` },
        payload: { email: 'forfalskad@example.se', password: 'fel-lösenord' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(10)).statusCode).toBe(429);
  });

  it('limits sign-in to 10 attempts a minute per address and e-mail', async () => {
    await createUser(t.database.db, { email: 'hamrad@example.se' });
    const attempt = () =>
      call('POST', '/api/users/signin', { body: { email: 'hamrad@example.se', password: 'fel' }, ip: '192.0.2.7' });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // Another address is not blocked.
    expect((await signIn('hamrad@example.se'))._id).toBeTruthy();
  });
});

describe('tokens', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    await createUser(t.database.db, { email: 'token@example.se' });
    user = await signIn('token@example.se');
  });
  const me = (token: string) => call('PUT', '/api/users/profile', { token, body: {} });

  it('issues HS256 tokens that expire 7 days after issue', () => {
    const [header, payload] = user.token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload.sub).toBe(user._id);
    expect(payload.exp - payload.iat).toBe(7 * 24 * 60 * 60);
  });

  it('accepts the issued token', async () => {
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('refuses a missing, malformed, foreign-key, alg-none and expired token with 401', async () => {
    expect((await call('PUT', '/api/users/profile', { body: {} })).statusCode).toBe(401);
    expect((await me('nonsense')).statusCode).toBe(401);
    const otherKey = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(otherKey)).statusCode).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(JSON.stringify({ sub: user._id, ver: 0 })).toString('base64url');
    expect((await me(`${header}.${claims}.`)).statusCode).toBe(401);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/i);
  });

  it('ends older sessions when the password changes', async () => {
    await createUser(t.database.db, { email: 'byter@example.se' });
    const first = await signIn('byter@example.se');
    const second = await signIn('byter@example.se');
    const changed = await call('PUT', '/api/users/profile', {
      token: first.token,
      body: { password: 'ett-nytt-lösen' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json() as SignedInUser;
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await signIn('byter@example.se', 'ett-nytt-lösen'))._id).toBe(fresh._id);
  });
});

describe('profile', () => {
  it('updates name and e-mail, refuses a taken e-mail, and never changes roles', async () => {
    await createUser(t.database.db, { email: 'upptagen@example.se' });
    await createUser(t.database.db, { email: 'profil@example.se' });
    const user = await signIn('profil@example.se');
    const res = await call('PUT', '/api/users/profile', {
      token: user.token,
      body: { userId: 'someone-else', name: 'Nytt Namn', email: 'Ny@Example.se', is_admin: true, is_seller: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: user._id,
      name: 'Nytt Namn',
      email: 'ny@example.se',
      is_admin: false,
      is_seller: false,
    });
    const taken = await call('PUT', '/api/users/profile', {
      token: user.token,
      body: { email: 'upptagen@example.se' },
    });
    expect(taken.statusCode).toBe(409);
    const short = await call('PUT', '/api/users/profile', { token: user.token, body: { password: 'kort' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('password');
  });

  it("updates a seller's shop name, logo, description and subtitle", async () => {
    const { user } = await createSeller(t.database.db, { user: { email: 'butik@example.se' } });
    const me = await signIn('butik@example.se');
    const res = await call('PUT', '/api/users/profile', {
      token: me.token,
      body: { seller_name: 'Nya Butiken', seller_subtitle: 'Sedan 2021', seller_logo: '/uploads/x.webp' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as UserDetails).seller).toMatchObject({ name: 'Nya Butiken', subtitle: 'Sedan 2021' });
    expect(res.json()._id).toBe(user.id);
  });
});

describe('GET /api/users/:id', () => {
  it('shows self and admins everything, others only a seller public profile', async () => {
    const db = t.database.db;
    await createUser(db, { email: 'kund1@example.se', shippingCity: 'Umeå' });
    await createUser(db, { email: 'kund2@example.se' });
    await createUser(db, { email: 'chef@example.se', isAdmin: true });
    const { user: seller } = await createSeller(db, { seller: { swishNumber: '1231181189', hasSwish: true } });
    const kund1 = await signIn('kund1@example.se');
    const kund2 = await signIn('kund2@example.se');
    const chef = await signIn('chef@example.se');

    const self = await call('GET', `/api/users/${kund1._id}`, { token: kund1.token });
    expect(self.json()).toMatchObject({ email: 'kund1@example.se', shipping_city: 'Umeå' });
    expect((await call('GET', `/api/users/${kund1._id}`, { token: chef.token })).json().shipping_city).toBe('Umeå');
    expect((await call('GET', `/api/users/${kund1._id}`, { token: kund2.token })).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${kund1._id}`)).statusCode).toBe(404);

    for (const token of [kund2.token, undefined]) {
      const res = await call('GET', `/api/users/${seller.id}`, { token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.seller).toMatchObject({ has_swish: true, swish_number: '1231181189' });
      expect(body).not.toHaveProperty('is_admin');
      expect(body).not.toHaveProperty('shipping_city');
      expect(JSON.stringify(body)).not.toMatch(/argon|password/i);
    }
    expect((await call('GET', '/api/users/not-an-id', { token: chef.token })).statusCode).toBe(404);
  });
});

describe('admin user management', () => {
  let admin: SignedInUser;
  let customer: SignedInUser;
  beforeAll(async () => {
    await createUser(t.database.db, { email: 'admin@example.se', isAdmin: true, name: 'Admin' });
    await createUser(t.database.db, { email: 'vanlig@example.se' });
    admin = await signIn('admin@example.se');
    customer = await signIn('vanlig@example.se');
  });

  it('lists users for admins only, without secrets', async () => {
    expect((await call('GET', '/api/users/')).statusCode).toBe(401);
    expect((await call('GET', '/api/users/', { token: customer.token })).statusCode).toBe(403);
    const res = await call('GET', '/api/users/', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const list = res.json() as UserListEntry[];
    expect(list.some((u) => u.email === 'vanlig@example.se')).toBe(true);
    expect(JSON.stringify(list)).not.toMatch(/argon|password/i);
  });

  it('grants and revokes seller and admin status, effective at once', async () => {
    // An applicant for plan 2, whose plan includes an own domain.
    const { user: target } = await createSeller(t.database.db, {
      user: { email: 'blivande@example.se', isSeller: false, wantsToBeSeller: true },
      seller: { plan: '2' },
    });
    const session = await signIn('blivande@example.se');
    expect(
      (await call('PUT', `/api/users/${target.id}`, { token: customer.token, body: { is_seller: true } })).statusCode,
    ).toBe(403);
    const granted = await call('PUT', `/api/users/${target.id}`, {
      token: admin.token,
      body: { is_seller: true, is_admin: true, seller_domain: 'Shop.Example.TEST' },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ is_seller: true, is_admin: true, seller: { domain: 'shop.example.test' } });
    // The old token of the target now passes admin checks, because roles come from the database.
    expect((await call('GET', '/api/users/', { token: session.token })).statusCode).toBe(200);
    await call('PUT', `/api/users/${target.id}`, { token: admin.token, body: { is_admin: false } });
    expect((await call('GET', '/api/users/', { token: session.token })).statusCode).toBe(403);
  });

  it('keeps an own domain to plans that include one, for admins too', async () => {
    const { user: free } = await createSeller(t.database.db, {
      user: { email: 'gratis@example.se' },
      seller: { plan: '1' },
    });
    const refused = await call('PUT', `/api/users/${free.id}`, {
      token: admin.token,
      body: { seller_domain: 'gratis.example.test' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/plan 2/);
    const after = await call('GET', `/api/users/${free.id}`, { token: admin.token });
    expect(after.json().seller.domain).toBe('');
    // A user made a seller without applying gets a plan-1 shop: no domain either.
    const customer = await createUser(t.database.db, { email: 'direkt@example.se' });
    const direct = await call('PUT', `/api/users/${customer.id}`, {
      token: admin.token,
      body: { is_seller: true, seller_domain: 'direkt.example.test' },
    });
    expect(direct.statusCode).toBe(403);
    expect((await call('GET', `/api/users/${customer.id}`, { token: admin.token })).json().is_seller).toBe(false);
  });

  it('closes a revoked shop: no longer waiting for approval, settings and uploads refused', async () => {
    const { user: seller } = await createSeller(t.database.db, {
      user: { email: 'aterkallad@example.se', wantsToBeSeller: true },
    });
    const session = await signIn('aterkallad@example.se');
    const settings = { seller_city: 'Umeå' };
    expect((await call('PUT', '/api/users/profile', { token: session.token, body: settings })).statusCode).toBe(200);
    const revoked = await call('PUT', `/api/users/${seller.id}`, { token: admin.token, body: { is_seller: false } });
    expect(revoked.json()).toMatchObject({ is_seller: false, wants_to_be_seller: false });
    const list = (await call('GET', '/api/users/', { token: admin.token })).json() as UserListEntry[];
    expect(list.find((u) => u._id === seller.id)).toMatchObject({ is_seller: false, wants_to_be_seller: false });
    expect((await call('PUT', '/api/users/profile', { token: session.token, body: settings })).statusCode).toBe(403);
    const upload = await postUpload(t.app, session.token, Buffer.from('xx'), 'a.png', 'image/png');
    expect(upload.statusCode).toBe(403);
  });

  it('keeps at least one admin', async () => {
    const fresh = await createTestApp();
    try {
      const only = await createUser(fresh.database.db, { email: 'ensam@example.se', isAdmin: true });
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: 'ensam@example.se', password: FIXTURE_PASSWORD },
      });
      const token = (res.json() as SignedInUser).token;
      const demote = await fresh.app.inject({
        method: 'PUT',
        url: `/api/users/${only.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { is_admin: false },
      });
      expect(demote.statusCode).toBe(400);
      const remove = await fresh.app.inject({
        method: 'DELETE',
        url: `/api/users/${only.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(remove.statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('deletes a user without orders, and anonymises one with orders while keeping them whole', async () => {
    const db = t.database.db;
    const plain = await createUser(db, { email: 'bort@example.se' });
    expect((await call('DELETE', `/api/users/${plain.id}`, { token: customer.token })).statusCode).toBe(403);
    const res = await call('DELETE', `/api/users/${plain.id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully.' });
    expect(await db.select().from(users).where(eq(users.id, plain.id))).toHaveLength(0);

    const buyer = await createUser(db, { email: 'köpare@example.se', name: 'Köpare Karlsson' });
    const buyerSession = await signIn('köpare@example.se');
    const { user: seller } = await createSeller(db);
    const [order] = await db
      .insert(orders)
      .values({
        userId: buyer.id,
        sellerId: seller.id,
        buyerName: 'Köpare Karlsson',
        sellerName: 'Svenssons Butik',
        shippingFullName: 'Köpare Karlsson',
        shippingAddress: 'Storgatan 1',
        shippingCity: 'Lund',
        shippingPostalCode: '222 22',
        shippingCountry: 'Sverige',
        paymentMethod: 'Swish',
        itemsPriceOre: 10000,
        shippingPriceOre: 0,
        totalPriceOre: 10000,
      })
      .returning();
    expect((await call('DELETE', `/api/users/${buyer.id}`, { token: admin.token })).statusCode).toBe(200);
    const [kept] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ''));
    expect(kept).toMatchObject({ buyerName: 'Köpare Karlsson', totalPriceOre: 10000 });
    const [anonymised] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(anonymised?.email).not.toContain('köpare');
    expect(anonymised?.deletedAt).toBeInstanceOf(Date);
    expect((await call('PUT', '/api/users/profile', { token: buyerSession.token, body: {} })).statusCode).toBe(401);
    const signin = await call('POST', '/api/users/signin', {
      body: { email: 'köpare@example.se', password: FIXTURE_PASSWORD },
    });
    expect(signin.statusCode).toBe(401);
    // The e-mail is free for a new account.
    expect((await register('Ny Köpare', 'köpare@example.se')).statusCode).toBe(201);
  });

  it('refuses to delete oneself', async () => {
    const res = await call('DELETE', `/api/users/${admin._id}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  const linkFrom = (text: string) => /\/reset_password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('answers alike for known and unknown e-mails, and mails a link only to an account', async () => {
    await createUser(t.database.db, { email: 'glomsk@example.se' });
    const before = t.mails.length;
    const known = await call('POST', '/api/users/forgot_password', { body: { email: 'glomsk@example.se' } });
    const unknown = await call('POST', '/api/users/forgot_password', { body: { email: 'okand@example.se' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await new Promise((r) => setTimeout(r, 10));
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)?.to).toBe('glomsk@example.se');
    expect(linkFrom(t.mails.at(-1)?.text ?? '')).toHaveLength(43);
  });

  it('resets once with the mailed token, stores only its hash, and ends older sessions', async () => {
    const user = await createUser(t.database.db, { email: 'aterstall@example.se' });
    const session = await signIn('aterstall@example.se');
    await call('POST', '/api/users/forgot_password', { body: { email: 'aterstall@example.se' } });
    await new Promise((r) => setTimeout(r, 10));
    const token = linkFrom(t.mails.at(-1)?.text ?? '');
    const stored = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const wrongEmail = await call('POST', '/api/users/reset_password', {
      body: { email: 'annan@example.se', new_password: 'helt-nytt-lösen', reset_password_token: token },
    });
    expect(wrongEmail.statusCode).toBe(400);
    const body = { email: 'aterstall@example.se', new_password: 'helt-nytt-lösen', reset_password_token: token };
    const ok = await call('POST', '/api/users/reset_password', { body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password was reset.' });
    expect((await call('POST', '/api/users/reset_password', { body })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/profile', { token: session.token, body: {} })).statusCode).toBe(401);
    expect((await signIn('aterstall@example.se', 'helt-nytt-lösen'))._id).toBe(user.id);
    const old = await call('POST', '/api/users/signin', {
      body: { email: 'aterstall@example.se', password: FIXTURE_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.database.db, { email: 'sen@example.se' });
    await call('POST', '/api/users/forgot_password', { body: { email: 'sen@example.se' } });
    await new Promise((r) => setTimeout(r, 10));
    const token = linkFrom(t.mails.at(-1)?.text ?? '');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await call('POST', '/api/users/reset_password', {
      body: { email: 'sen@example.se', new_password: 'helt-nytt-lösen', reset_password_token: token },
    });
    expect(res.statusCode).toBe(400);
  });

  it('links to the marketplace whatever host, forwarded host or scheme the request claims', async () => {
    await createUser(t.database.db, { email: 'lurad@example.se' });
    const linkOf = async (headers: Record<string, string>) => {
      await t.app.inject({
        method: 'POST',
        url: '/api/users/forgot_password',
        headers,
        payload: { email: 'lurad@example.se' },
      });
      await new Promise((r) => setTimeout(r, 10));
      return /https?:\/\/[^/\s]+\/reset_password\//.exec(t.mails.at(-1)?.text ?? '')?.[0];
    };
    // The configured public origin (the test app's: http://localhost), never the request's host or port.
    expect(await linkOf({ host: 'localhost:3000' })).toBe('http://localhost/reset_password/');
    expect(await linkOf({ host: 'localhost:31337' })).toBe('http://localhost/reset_password/');
    expect(await linkOf({ host: 'evil.example' })).toBe('http://localhost/reset_password/');
    // Not behind a trusted proxy (TRUST_PROXY unset): forwarded headers are anyone's to write.
    expect(
      await linkOf({ host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }),
    ).toBe('http://localhost/reset_password/');
  });

  it('limits forgot-password to 5 an hour per e-mail', async () => {
    const ask = (ip: string) => call('POST', '/api/users/forgot_password', { body: { email: 'ofta@example.se' }, ip });
    for (let i = 0; i < 5; i++) expect((await ask(`198.51.100.${i}`)).statusCode).toBe(200);
    expect((await ask('198.51.100.99')).statusCode).toBe(429);
  });
});
