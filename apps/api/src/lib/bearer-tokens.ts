/**
 * The API's bearer tokens: HS256 JWTs signed and verified with fast-jwt, synchronously.
 *
 * Every authenticated request verifies its token, so verifying must cost little: fast-jwt works
 * with node:crypto on the request's own thread (WebCrypto, which jose uses, hands each HMAC to
 * the thread pool and back), and keeps the tokens it has verified in an LRU cache, so a client
 * sending the same token with every request has its signature checked once. What depends on the
 * time (`exp`, `nbf`, the age from `iat`) bounds how long fast-jwt keeps an entry, so a cached
 * token expires when it would have; a refused token is never cached. Everything else about the
 * session (a sign-out everywhere, a changed password, a deleted account) is auth.ts's check
 * against the user's row on every request.
 */
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** How long a token is valid after it was issued. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** How many verified tokens are kept by default: a few megabytes of tokens and claims. */
export const REMEMBERED_TOKENS = 10_000;

/** Why a token was refused: expired, or not a token of ours at all. */
export class TokenRefused extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'invalid token');
  }
}

/** What the API writes into a token besides its times. */
export interface IssuedClaims {
  /** The user's id. */
  sub: string;
  /** The user's token version: a password change or a sign-out everywhere bumps it. */
  ver: number;
  /** Where the token may be used (auth.ts: the marketplace, or one seller's domain). */
  aud: string;
}

export interface BearerTokens {
  sign(claims: IssuedClaims): string;
  /** The claims of a token signed with our secret and in force now; throws TokenRefused otherwise. */
  verify(token: string): Readonly<Record<string, unknown>>;
}

export interface BearerTokenOptions {
  /** Most verified tokens kept (REMEMBERED_TOKENS); 0 keeps none. */
  remember?: number;
}

export function bearerTokens(secret: string, options: BearerTokenOptions = {}): BearerTokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const remember = options.remember ?? REMEMBERED_TOKENS;
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    // A token older than its lifetime is refused even if its `exp` were later; this also makes
    // fast-jwt check that `iat` is a number.
    maxAge: TOKEN_LIFETIME_MS,
    // Cached under fast-jwt's own key, a SHA-256 hash of the token (docs/decisions/110).
    ...(remember > 0 ? { cache: remember } : {}),
  });
  return {
    sign: (claims) => signer(claims),
    verify(token) {
      try {
        // fast-jwt types the payload as any; it is always a JSON object (its decoder refuses others).
        return verifier(token) as Readonly<Record<string, unknown>>;
      } catch (error) {
        throw new TokenRefused(error instanceof TokenError && error.code === TokenError.codes.expired);
      }
    },
  };
}
