/**
 * Sessions beyond modules/users/users.routes.test.ts (which covers another key, alg none,
 * expiry, a password change, a reset and an anonymised account): other algorithms, tampered and
 * incomplete claims, a deleted user, other schemes, and roles revoked mid-session.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let key: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  key = new TextEncoder().encode(t.config.jwtSecret);
});
afterAll(() => t.close());

/** A request only a signed-in user gets a 200 for. */
const profile = (headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers, payload: {} });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with any header, HMAC-SHA256-signed with our own secret (what an algorithm-confusion attack sends). */
function handMade(header: object, claims: object): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', t.config.jwtSecret).update(input).digest('base64url')}`;
}

describe('tokens the server did not issue as they are', () => {
  let userId: string;
  let adminId: string;
  let valid: string;
  beforeAll(async () => {
    const user = await createUser(t.database.db, { email: 'session@example.se' });
    const admin = await createUser(t.database.db, { email: 'session-admin@example.se', isAdmin: true });
    userId = user.id;
    adminId = admin.id;
    valid = (await signInAs(t.app, 'session@example.se')).token;
    expect((await profile(bearer(valid))).statusCode).toBe(200);
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses our own secret under another algorithm: HS512, and an RS256 header', async () => {
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(userId)
      .setExpirationTime('1h')
      .sign(key);
    expect((await profile(bearer(hs512))).statusCode).toBe(401);
    const rs256 = handMade({ alg: 'RS256', typ: 'JWT' }, { sub: userId, ver: 0, exp: now() + 3600 });
    expect((await profile(bearer(rs256))).statusCode).toBe(401);
    // The control: the same hand-made token with the right header is accepted.
    const hs256 = handMade({ alg: 'HS256', typ: 'JWT' }, { sub: userId, ver: 0, exp: now() + 3600 });
    expect((await profile(bearer(hs256))).statusCode).toBe(200);
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = valid.split('.');
    const forged = `${header}.${b64({ sub: adminId, ver: 0, exp: now() + 3600 })}.${signature}`;
    expect((await profile(bearer(forged))).statusCode).toBe(401);
  });

  it('refuses a signed token without a user, without a version, or with a version of another type', async () => {
    for (const claims of [
      { ver: 0, exp: now() + 3600 },
      { sub: userId, exp: now() + 3600 },
      { sub: userId, ver: '0', exp: now() + 3600 },
      { sub: 42, ver: 0, exp: now() + 3600 },
      { sub: userId, ver: 1, exp: now() + 3600 },
    ]) {
      const res = await profile(bearer(handMade({ alg: 'HS256' }, claims)));
      expect(res.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('refuses a token not yet valid', async () => {
    const early = handMade({ alg: 'HS256' }, { sub: userId, ver: 0, nbf: now() + 3600, exp: now() + 7200 });
    expect((await profile(bearer(early))).statusCode).toBe(401);
  });

  it('refuses the token of a user who was deleted', async () => {
    await createUser(t.database.db, { email: 'borta@example.se' });
    const { token, _id } = await signInAs(t.app, 'borta@example.se');
    const admin = await signInAs(t.app, 'session-admin@example.se');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${_id}`, headers: bearer(admin.token) });
    expect(removed.statusCode).toBe(200);
    const res = await profile(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in again/i);
  });

  it('takes a token only as a Bearer Authorization header', async () => {
    expect((await profile({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })).statusCode).toBe(401);
    expect((await profile({ authorization: `Token ${valid}` })).statusCode).toBe(401);
    expect((await profile({ authorization: 'Bearer ' })).statusCode).toBe(401);
    expect((await profile({ cookie: `token=${valid}` })).statusCode).toBe(401);
    const inQuery = await t.app.inject({ method: 'PUT', url: `/api/users/profile?token=${valid}`, payload: {} });
    expect(inQuery.statusCode).toBe(401);
  });
});

describe('roles revoked during a session', () => {
  it('a seller whose role is revoked loses seller actions at once, with the same token', async () => {
    const { user } = await createSeller(t.database.db, { user: { email: 'f-d-saljare@example.se' } });
    await createUser(t.database.db, { email: 'revoke-admin@example.se', isAdmin: true });
    const seller = await signInAs(t.app, 'f-d-saljare@example.se');
    const admin = await signInAs(t.app, 'revoke-admin@example.se');
    const create = () => t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(seller.token) });
    expect((await create()).statusCode).toBe(201);
    const revoke = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(admin.token),
      payload: { is_seller: false },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await create()).statusCode).toBe(403);
  });
});
