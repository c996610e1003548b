import { createHmac, createSecretKey } from 'node:crypto';
import fc from 'fast-check';
import { errors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { rememberingHs256Verifier, TokenRefused, verifyHs256 } from './jwt-hs256';

const SECRET = 'a-secret-of-the-test-0123456789abcdef';
const OTHER_SECRET = 'another-secret-0123456789abcdef';
const bytes = (secret: string) => new TextEncoder().encode(secret);
const key = createSecretKey(Buffer.from(SECRET, 'utf8'));
const NOW = 1_790_000_000;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by jose, as the API issues them (or with other claims and headers). */
function signed(claims: Record<string, unknown> = { ver: 1 }, options: { secret?: string; exp?: number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('0b6f4a8e-1c0e-4a55-9a53-8d3c1f0b9e11')
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
async function joseVerdict(token: string) {
  try {
    const { payload } = await jwtVerify(token, bytes(SECRET), {
      algorithms: ['HS256'],
      currentDate: new Date(NOW * 1000),
    });
    return payload;
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}

/** Whether base64url text is not how its bytes are written (unused bits set): a second spelling. */
function isSecondEncoding(part: string) {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') !== part;
}

function ourVerdict(token: string) {
  try {
    return verifyHs256(token, key, NOW);
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error;
    return error.expired ? 'expired' : 'invalid';
  }
}

describe('verifyHs256', () => {
  it("accepts the API's own tokens with their claims", async () => {
    const token = await signed({ ver: 7 });
    expect(verifyHs256(token, key, NOW)).toMatchObject({ ver: 7, sub: '0b6f4a8e-1c0e-4a55-9a53-8d3c1f0b9e11' });
  });

  it('refuses a token signed with another secret, or altered after signing', async () => {
    expect(ourVerdict(await signed({ ver: 1 }, { secret: OTHER_SECRET }))).toBe('invalid');
    const [header, , signature] = (await signed({ ver: 1 })).split('.');
    expect(ourVerdict(`${header}.${b64({ sub: 'someone-else', ver: 1, exp: NOW + 60 })}.${signature}`)).toBe('invalid');
  });

  it('tells an expired token from an invalid one, at the second jose does', async () => {
    expect(ourVerdict(await signed({ ver: 1 }, { exp: NOW }))).toBe('expired');
    expect(ourVerdict(await signed({ ver: 1 }, { exp: NOW + 1 }))).toMatchObject({ ver: 1 });
    expect(ourVerdict(await signed({ ver: 1, nbf: NOW + 1 }))).toBe('invalid');
    expect(ourVerdict(await signed({ ver: 1, nbf: NOW }))).toMatchObject({ ver: 1 });
  });

  it('refuses other algorithms, unsigned tokens, critical headers and claims of the wrong type', async () => {
    const payload = b64({ sub: 'x', ver: 1, exp: NOW + 60 });
    expect(ourVerdict(`${b64({ alg: 'none' })}.${payload}.`)).toBe('invalid');
    expect(ourVerdict(`${b64({ alg: 'none' })}.${payload}`)).toBe('invalid');
    const hs512 = await new SignJWT({ ver: 1 }).setProtectedHeader({ alg: 'HS512' }).sign(bytes(SECRET));
    expect(ourVerdict(hs512)).toBe('invalid');
    expect(ourVerdict(handSigned({ alg: 'HS256' }, { ver: 1, exp: NOW + 60 }))).toMatchObject({ ver: 1 });
    for (const token of [
      handSigned({ alg: 'HS256', crit: ['exp'], exp: 1 }, { ver: 1, exp: NOW + 60 }),
      handSigned({ alg: 'HS256' }, { ver: 1, exp: String(NOW + 60) }),
      handSigned({ alg: 'HS256' }, { ver: 1, iat: 'yesterday' }),
      handSigned({ alg: 'hs256' }, { ver: 1 }),
      handSigned({ alg: 'HS256' }, [1, 2] as unknown as Record<string, unknown>),
    ]) {
      expect(ourVerdict(token)).toBe('invalid');
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
      expect(ourVerdict(token)).toBe('invalid');
  });

  it('refuses a second encoding of the signature, which jose takes', async () => {
    // A 32-byte signature is 43 base64url characters whose last holds 2 unused bits: changed in
    // those alone, the text decodes to the same bytes. jose compares the bytes; ours the text
    // (jwt-hs256.ts), so a token has one spelling.
    const token = await signed({ ver: 3 });
    const last = token.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? '';
    const respelled = token.slice(0, -1) + sibling;
    expect(isSecondEncoding(respelled.split('.')[2] ?? '')).toBe(true);
    expect(await joseVerdict(respelled)).toMatchObject({ ver: 3 });
    expect(ourVerdict(respelled)).toBe('invalid');
  });

  it('gives the verdict jose gives on altered tokens', async () => {
    const tokens = [
      await signed({ ver: 3 }),
      await signed({ ver: 3 }, { exp: NOW - 5 }),
      await signed({ ver: 3, nbf: NOW + 100 }),
    ];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
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
          const jose = await joseVerdict(altered);
          // Where jose takes a second encoding of the signature, ours refuses it (see below).
          const expected = jose !== 'invalid' && isSecondEncoding(altered.split('.')[2] ?? '') ? 'invalid' : jose;
          expect(ourVerdict(altered)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rememberingHs256Verifier', () => {
  /** The verdict of `verify` at `now`, as ourVerdict gives verifyHs256's. */
  function verdictOf(verify: ReturnType<typeof rememberingHs256Verifier>, token: string, now = NOW) {
    try {
      return verify(token, now);
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error;
      return error.expired ? 'expired' : 'invalid';
    }
  }

  it("gives verifyHs256's verdict the first time and every time after, on tokens good and altered", async () => {
    const verify = rememberingHs256Verifier(key);
    const tokens = [await signed({ ver: 3 }), await signed({ ver: 3 }, { exp: NOW - 5 }), await signed({ ver: 4 })];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    await fc.assert(
      fc.property(
        fc.constantFrom(...tokens),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet)), { maxLength: 2 }),
        (token, edits) => {
          let altered = token;
          for (const [at, character] of edits) {
            const i = at % altered.length;
            altered = altered.slice(0, i) + character + altered.slice(i + 1);
          }
          const expected = ourVerdict(altered);
          expect(verdictOf(verify, altered)).toEqual(expected);
          expect(verdictOf(verify, altered)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a remembered token once it has expired, as expired', async () => {
    const verify = rememberingHs256Verifier(key);
    const token = await signed({ ver: 1 }, { exp: NOW + 60 });
    expect(verdictOf(verify, token, NOW)).toMatchObject({ ver: 1 });
    expect(verdictOf(verify, token, NOW + 59)).toMatchObject({ ver: 1 });
    expect(verdictOf(verify, token, NOW + 60)).toBe('expired');
    expect(verdictOf(verify, token, NOW + 61)).toBe('expired');
  });

  it('does not take a token signed with another key because another verifier remembers it', async () => {
    const token = await signed({ ver: 1 });
    expect(verdictOf(rememberingHs256Verifier(key), token)).toMatchObject({ ver: 1 });
    const otherKey = createSecretKey(Buffer.from(OTHER_SECRET, 'utf8'));
    expect(verdictOf(rememberingHs256Verifier(otherKey), token)).toBe('invalid');
  });

  it('keeps at most the number it is given, dropping the oldest, and checks a dropped one again', async () => {
    // A remembered token gives back the very claims object it was remembered with; one verified
    // again gives a new one.
    const verify = rememberingHs256Verifier(key, 2);
    const [first = '', second = '', third = ''] = await Promise.all([
      signed({ ver: 1 }),
      signed({ ver: 2 }),
      signed({ ver: 3 }),
    ]);
    const firstClaims = verify(first, NOW);
    const secondClaims = verify(second, NOW);
    expect(verify(first, NOW)).toBe(firstClaims);
    const thirdClaims = verify(third, NOW);
    // Two at most: the third pushed out the oldest, the first.
    expect(verify(third, NOW)).toBe(thirdClaims);
    expect(verify(second, NOW)).toBe(secondClaims);
    const firstAgain = verify(first, NOW);
    expect(firstAgain).not.toBe(firstClaims);
    expect(firstAgain).toEqual(firstClaims);
  });

  it('gives claims nobody can change for the next request', async () => {
    const verify = rememberingHs256Verifier(key);
    const token = await signed({ ver: 5 });
    const claims = verify(token, NOW);
    expect(Object.isFrozen(claims)).toBe(true);
    expect(verify(token, NOW)).toBe(claims);
  });
});
