/**
 * Verifying the API's own bearer tokens (HS256 JWTs) with node:crypto, synchronously.
 *
 * jose verifies through WebCrypto, whose every call is a job handed to libuv's thread pool and a
 * promise back: under 50 connections that was a sixth of the API's CPU for an order
 * (docs/decisions/063-bearer-tokens-verified-with-node-crypto.md); an HMAC of a few hundred bytes here takes microseconds. Tokens
 * are still signed with jose (a sign-in is rare), and the tests check that this accepts exactly
 * what jose accepts for our tokens.
 *
 * What is checked, as jose's jwtVerify does with `algorithms: ['HS256']`: three base64url parts;
 * a header that is a JSON object with `alg` "HS256" and no `crit`; the signature, compared in
 * constant time as text (so no second encoding of it passes); a payload that is a JSON object
 * whose `exp`, `nbf` and `iat`, when present, are numbers; not expired (`exp` after now) and not
 * before `nbf`.
 */
import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { setKeepingAtMost } from './bounded-map';

/** Why a token was refused: expired, or not a token of ours at all. */
export class TokenRefused extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'invalid token');
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function jsonObjectOf(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRefused(false);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TokenRefused(false);
  return value as Record<string, unknown>;
}

const isNumberOrAbsent = (value: unknown) => value === undefined || typeof value === 'number';

/**
 * The payload of `token` when it is an HS256 JWT signed with `key` and in force at `nowSeconds`;
 * throws TokenRefused otherwise.
 */
export function verifyHs256(
  token: string,
  key: KeyObject,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new TokenRefused(false);
  const [header = '', payload = '', signature = ''] = parts;
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) throw new TokenRefused(false);

  const protectedHeader = jsonObjectOf(header);
  if (protectedHeader.alg !== 'HS256' || protectedHeader.crit !== undefined) throw new TokenRefused(false);

  const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenRefused(false);

  const claims = jsonObjectOf(payload);
  if (!isNumberOrAbsent(claims.exp) || !isNumberOrAbsent(claims.nbf) || !isNumberOrAbsent(claims.iat))
    throw new TokenRefused(false);
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds) throw new TokenRefused(false);
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) throw new TokenRefused(true);
  return claims;
}

/** How many verified tokens a verifier keeps by default: a few megabytes of tokens and claims. */
export const REMEMBERED_TOKENS = 10_000;

/** A verified token's payload, and its time claims as the checks at each use read them. */
interface Verified {
  claims: Readonly<Record<string, unknown>>;
  nbf: number | undefined;
  exp: number | undefined;
}

/**
 * verifyHs256 for one key that remembers the tokens it has found signed, at most `remember` of
 * them (the oldest dropped first): a client sends the same token with every request, and its
 * signature and payload do not change between them. What depends on the time (`exp`, `nbf`) is
 * checked at every use, remembered or not, so a remembered token expires when it would have; a
 * token that fails is never remembered. Everything else about the session (a sign-out, a
 * changed password, a deleted account) is the caller's check against the user's row, as before.
 * The HMAC and the two JSON parses it spares were about 10 µs of every authenticated request on
 * a slow machine, more under load.
 */
export function rememberingHs256Verifier(
  key: KeyObject,
  remember = REMEMBERED_TOKENS,
): (token: string, nowSeconds?: number) => Readonly<Record<string, unknown>> {
  const verified = new Map<string, Verified>();
  return (token, nowSeconds = Math.floor(Date.now() / 1000)) => {
    const known = verified.get(token);
    if (known) {
      if (known.nbf !== undefined && known.nbf > nowSeconds) throw new TokenRefused(false);
      if (known.exp !== undefined && known.exp <= nowSeconds) {
        verified.delete(token);
        throw new TokenRefused(true);
      }
      return known.claims;
    }
    const claims = Object.freeze(verifyHs256(token, key, nowSeconds));
    // verifyHs256 accepted them: each is a number or absent.
    const times = { nbf: claims.nbf as number | undefined, exp: claims.exp as number | undefined };
    setKeepingAtMost(verified, token, { claims, ...times }, remember);
    return claims;
  };
}
