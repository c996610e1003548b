/**
 * The bearer tokens (fast-jwt) held against jose, the reference: tokens jose signed verify, ours
 * verify with jose, and on tokens altered, expired, of other algorithms or unsigned both give the
 * same verdict.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { errors, jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearerTokens, TOKEN_LIFETIME_MS, TokenRefused } from './bearer-tokens';

const SECRET = 'a-secret-of-the-test-0123456789abcdef';
const OTHER_SECRET = 'another-secret-0123456789abcdef';
const SUBJECT = '0b6f4a8e-1c0e-4a55-9a53-8d3c1f0b9e11';
const bytes = (secret: string) => new TextEncoder().encode(secret);
/** Now, in seconds; the clock stands half a second into it (jose counts whole seconds). */
const NOW = 1_790_000_000;
const NOW_MS = NOW * 1000 + 500;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by jose, as the API issued them before (or with other claims and headers). */
function signed(claims: Record<string, unknown> = { ver: 1 }, options: { secret?: string; exp?: number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(SUBJECT)
    .setIssuedAt(NOW - 10)
    .setExpirationTime(options.exp ?? NOW + 3600)
    .sign(bytes(options.secret ?? SECRET));
}

/** A token signed by hand, for headers and claims jose will not sign. */
function handSigned(header: Record<string, unknown>, claims: Record<string, unknown>) {
  const signedPart = `${b64(header)}.${b64(claims)}`;
  return `${signedPart}.${createHmac('sha256', SECRET).update(signedPart).digest('base64url')}`;
}

/** jose's verdict on a token: the payload, 'expired' or 'invalid'. */
async function joseVerdict(token: string, secret = SECRET) {
  try {
    const { payload } = await jwtVerify(token, bytes(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(NOW_MS),
    });
    return payload;
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}

type Tokens = ReturnType<typeof bearerTokens>;

/** Our verdict, in jose's terms. */
function verdictOf(tokens: Tokens, token: string) {
  try {
    return tokens.verify(token);
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error;
    return error.expired ? 'expired' : 'invalid';
  }
}

// The verifier reads the clock (Date.now) when it is not given one: the cache tests move it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('bearer tokens against jose', () => {
  const ours = () => bearerTokens(SECRET, { remember: 0 });

  it('accepts the tokens jose signed, with their claims', async () => {
    expect(verdictOf(ours(), await signed({ ver: 7 }))).toMatchObject({ ver: 7, sub: SUBJECT });
  });

  it('signs tokens jose verifies, HS256 with the claims given, an expiry in 7 days', async () => {
    const token = ours().sign({ sub: SUBJECT, ver: 3, aud: 'marketplace' });
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    expect(header.alg).toBe('HS256');
    expect(await joseVerdict(token)).toEqual({
      sub: SUBJECT,
      ver: 3,
      aud: 'marketplace',
      iat: Math.floor(NOW_MS / 1000),
      exp: Math.floor(NOW_MS / 1000) + TOKEN_LIFETIME_MS / 1000,
    });
    expect(await joseVerdict(token, OTHER_SECRET)).toBe('invalid');
  });

  it('refuses a token signed with another secret, or altered after signing', async () => {
    expect(verdictOf(ours(), await signed({ ver: 1 }, { secret: OTHER_SECRET }))).toBe('invalid');
    const [header, , signature] = (await signed({ ver: 1 })).split('.');
    const altered = `${header}.${b64({ sub: 'someone-else', ver: 1, exp: NOW + 60 })}.${signature}`;
    expect(verdictOf(ours(), altered)).toBe('invalid');
  });

  it('tells an expired token from an invalid one, at the second jose does', async () => {
    for (const token of [
      await signed({ ver: 1 }, { exp: NOW }),
      await signed({ ver: 1 }, { exp: NOW + 1 }),
      await signed({ ver: 1, nbf: NOW + 1 }),
      await signed({ ver: 1, nbf: NOW }),
    ])
      expect(verdictOf(ours(), token)).toEqual(await joseVerdict(token));
    expect(verdictOf(ours(), await signed({ ver: 1 }, { exp: NOW }))).toBe('expired');
    expect(verdictOf(ours(), await signed({ ver: 1, nbf: NOW + 1 }))).toBe('invalid');
  });

  it('refuses other algorithms, unsigned tokens, critical headers and claims of the wrong type', async () => {
    const payload = b64({ sub: 'x', ver: 1, exp: NOW + 60 });
    expect(verdictOf(ours(), `${b64({ alg: 'none' })}.${payload}.`)).toBe('invalid');
    expect(verdictOf(ours(), `${b64({ alg: 'none' })}.${payload}`)).toBe('invalid');
    const hs512 = await new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS512' }).sign(bytes(SECRET));
    expect(verdictOf(ours(), hs512)).toBe('invalid');
    // The control: the same hand-signing with a proper header and claims is accepted.
    expect(verdictOf(ours(), handSigned({ alg: 'HS256' }, { ver: 1, exp: NOW + 60 }))).toMatchObject({ ver: 1 });
    for (const token of [
      handSigned({ alg: 'HS256', crit: ['exp'], exp: 1 }, { ver: 1, exp: NOW + 60 }),
      handSigned({ alg: 'HS256' }, { ver: 1, exp: String(NOW + 60) }),
      handSigned({ alg: 'HS256' }, { ver: 1, nbf: 'yesterday' }),
      handSigned({ alg: 'HS256' }, { ver: 1, iat: 'yesterday' }),
      handSigned({ alg: 'hs256' }, { ver: 1 }),
      handSigned({ alg: 'HS256' }, [1, 2] as unknown as Record<string, unknown>),
    ]) {
      expect(verdictOf(ours(), token)).toBe('invalid');
      expect(await joseVerdict(token)).toBe('invalid');
    }
  });

  it('refuses what is not a token', () => {
    for (const token of [
      '',
      'a.b',
      'a.b.c.d',
      '..',
      'e30.e30.%%%',
      `${b64([1])}.${b64({})}.abc`,
      'bm90IGpzb24.e30.abc',
    ])
      expect(verdictOf(ours(), token)).toBe('invalid');
  });

  it('refuses a token older than its lifetime, whatever its expiry says', async () => {
    const old = handSigned({ alg: 'HS256' }, { ver: 1, iat: NOW - TOKEN_LIFETIME_MS / 1000 - 1, exp: NOW + 60 });
    expect(verdictOf(ours(), old)).toBe('expired');
  });

  it('gives the verdict jose gives on altered tokens', async () => {
    const tokens = [
      await signed({ ver: 3 }),
      await signed({ ver: 3 }, { exp: NOW - 5 }),
      await signed({ ver: 3, nbf: NOW + 100 }),
      ours().sign({ sub: SUBJECT, ver: 3, aud: 'host:shop-anna.test' }),
    ];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    const verifier = ours();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tokens),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet)), { maxLength: 3 }),
        async (token, edits) => {
          let altered = token;
          for (const [at, character] of edits) {
            const i = at % altered.length;
            altered = altered.slice(0, i) + character + altered.slice(i + 1);
          }
          expect(verdictOf(verifier, altered)).toEqual(await joseVerdict(altered));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the verified-token cache', () => {
  it('gives the uncached verdict the first time and every time after, on tokens good and altered', async () => {
    const cached = bearerTokens(SECRET);
    const uncached = bearerTokens(SECRET, { remember: 0 });
    const tokens = [await signed({ ver: 3 }), await signed({ ver: 3 }, { exp: NOW - 5 }), await signed({ ver: 4 })];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    fc.assert(
      fc.property(
        fc.constantFrom(...tokens),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet)), { maxLength: 2 }),
        (token, edits) => {
          let altered = token;
          for (const [at, character] of edits) {
            const i = at % altered.length;
            altered = altered.slice(0, i) + character + altered.slice(i + 1);
          }
          const expected = verdictOf(uncached, altered);
          expect(verdictOf(cached, altered)).toEqual(expected);
          expect(verdictOf(cached, altered)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a remembered token once it has expired, as expired', async () => {
    const tokens = bearerTokens(SECRET);
    const token = await signed({ ver: 1 }, { exp: NOW + 60 });
    const first = verdictOf(tokens, token);
    expect(first).toMatchObject({ ver: 1 });
    vi.setSystemTime(NOW_MS + 58_000);
    // Remembered: the very claims object again.
    expect(verdictOf(tokens, token)).toBe(first);
    vi.setSystemTime(NOW_MS + 60_000);
    expect(verdictOf(tokens, token)).toBe('expired');
    vi.setSystemTime(NOW_MS + 61_000);
    expect(verdictOf(tokens, token)).toBe('expired');
  });

  it('does not take a token signed with another secret because another verifier remembers it', async () => {
    const token = await signed({ ver: 1 });
    expect(verdictOf(bearerTokens(SECRET), token)).toMatchObject({ ver: 1 });
    expect(verdictOf(bearerTokens(OTHER_SECRET), token)).toBe('invalid');
  });

  it('keeps at most the number it is given, dropping the least recently used', async () => {
    // A remembered token gives back the very claims object it was remembered with; one verified
    // again gives a new one.
    const tokens = bearerTokens(SECRET, { remember: 2 });
    const [first = '', second = '', third = ''] = await Promise.all([
      signed({ ver: 1 }),
      signed({ ver: 2 }),
      signed({ ver: 3 }),
    ]);
    const firstClaims = tokens.verify(first);
    const secondClaims = tokens.verify(second);
    expect(tokens.verify(first)).toBe(firstClaims);
    // Two at most: the third pushes out the least recently used, the second.
    const thirdClaims = tokens.verify(third);
    expect(tokens.verify(third)).toBe(thirdClaims);
    expect(tokens.verify(first)).toBe(firstClaims);
    const secondAgain = tokens.verify(second);
    expect(secondAgain).not.toBe(secondClaims);
    expect(secondAgain).toEqual(secondClaims);
  });
});
