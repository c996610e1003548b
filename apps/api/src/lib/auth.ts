/**
 * Bearer-token authentication. Tokens are HS256 JWTs carrying the user id and a token version;
 * roles are read from the database on every request, so revoking admin or seller status, or
 * changing the password (which bumps the version), takes effect at once. The guard reads the
 * user; a route that reads it in its own first statement (an order, a review, an edit) has the guard check
 * the token alone, and applies the same rule, sessionUserOf, to what it read.
 */
import { createSecretKey } from 'node:crypto';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import { writerDbOf } from './cache-changes';
import { forbidden, unauthorized } from './http-errors';
import { rememberingHs256Verifier, TokenRefused } from './jwt-hs256';

export const TOKEN_LIFETIME = '7d';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user as guards see it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isSeller: boolean;
  wantsToBeSeller: boolean;
  tokenVersion: number;
}

/**
 * What a valid bearer token says, before the database is asked: whose session it is and of which
 * version of their password. Only sessionUserOf, given the account as stored, makes it a user.
 */
export interface TokenClaims {
  userId: string;
  version: number;
}

/** The users table, or an alias of it: the columns a session's user is read from. */
type UsersTable = Record<
  'id' | 'name' | 'email' | 'isAdmin' | 'isSeller' | 'wantsToBeSeller' | 'tokenVersion' | 'deletedAt',
  PgColumn
>;

/**
 * What a read of a session's user selects (AuthUser's fields), from `table`: the users table or
 * an alias of it, where a statement reads the session's user beside its own rows (an order's
 * products: place-order.service.ts).
 */
export function sessionUserColumns<T extends UsersTable>(
  table: T,
): Pick<T, 'id' | 'name' | 'email' | 'isAdmin' | 'isSeller' | 'wantsToBeSeller' | 'tokenVersion'> {
  return {
    id: table.id,
    name: table.name,
    email: table.email,
    isAdmin: table.isAdmin,
    isSeller: table.isSeller,
    wantsToBeSeller: table.wantsToBeSeller,
    tokenVersion: table.tokenVersion,
  };
}

/** The account a session may still be of: the token's subject, not deleted. */
export function sessionUserCondition(table: UsersTable, userId: SQL | ReturnType<typeof sql.placeholder>): SQL {
  return and(eq(table.id, userId), isNull(table.deletedAt)) as SQL;
}

/**
 * The rule of a session, wherever its user is read: the token's account still exists (the read
 * found it with sessionUserCondition) and the token is of its current version (a password change
 * or a sign-out everywhere bumps it). Otherwise the session has ended: 401.
 */
export function sessionUserOf(claims: TokenClaims, stored: AuthUser | null | undefined): AuthUser {
  if (!stored || stored.tokenVersion !== claims.version) throw unauthorized('Session ended. Please sign in again.');
  return stored;
}

export interface Auth {
  issueToken(user: { id: string; tokenVersion: number }): Promise<string>;
  /** The user of a valid bearer token, or null when the request has none. A bad token is a 401. */
  optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  /**
   * The claims of the request's bearer token, checked (signature, expiry, claims) without a read:
   * for a route whose own first statement reads the session's user (`readsSessionUser`,
   * routes/audiences.ts) and applies sessionUserOf. No token, or a bad one, is a 401 as in
   * requireUser.
   */
  requireClaims(request: FastifyRequest): TokenClaims;
  requireUser(request: FastifyRequest): Promise<AuthUser>;
  requireSeller(request: FastifyRequest): Promise<AuthUser>;
  requireAdmin(request: FastifyRequest): Promise<AuthUser>;
}

export function createAuth(db: Db, secret: string): Auth {
  // Signing (a sign-in) goes through jose and WebCrypto; verifying, on every authenticated
  // request, through node:crypto (jwt-hs256.ts), each token's signature checked once and then
  // remembered (its expiry is checked every time). Both keys are made once: given the raw
  // bytes, jose imports a WebCrypto key on every sign.
  const verifyToken = rememberingHs256Verifier(createSecretKey(Buffer.from(secret, 'utf8')));
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Every authenticated request reads its user: built once, prepared once per connection. A
  // request that writes reads it through its own handle, so its reads too go before queued
  // reads (db/priority-pool.ts).
  const findUser = preparedOnce((root) =>
    root
      .select(sessionUserColumns(users))
      .from(users)
      .where(sessionUserCondition(users, sql.placeholder('id')))
      .prepare('auth_user'),
  );
  const handleOf = (request: FastifyRequest) => writerDbOf(request) ?? db;

  function claimsOf(token: string): TokenClaims {
    try {
      const payload = verifyToken(token);
      // Every token this server issues has a uuid subject, a version and an expiry; a token
      // without them was not made here (or by an older, laxer signer) and is not believed.
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('claims');
      if (typeof payload.ver !== 'number' || typeof payload.exp !== 'number') throw new Error('claims');
      return { userId: payload.sub, version: payload.ver };
    } catch (error) {
      throw unauthorized(
        error instanceof TokenRefused && error.expired ? 'Session expired. Please sign in again.' : 'Invalid Token',
      );
    }
  }

  /** The bearer token of the request, or null without an Authorization header. */
  function tokenOf(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer (.+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('No Token');
    return match[1].trim();
  }

  async function userFromToken(token: string, handle: Db): Promise<AuthUser> {
    const claims = claimsOf(token);
    const [user] = await findUser(handle).execute({ id: claims.userId });
    return sessionUserOf(claims, user);
  }

  const auth: Auth = {
    async issueToken(user) {
      return new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(await key);
    },
    async optionalUser(request) {
      const token = tokenOf(request);
      return token === null ? null : userFromToken(token, handleOf(request));
    },
    requireClaims(request) {
      const token = tokenOf(request);
      if (token === null) throw unauthorized('No Token');
      return claimsOf(token);
    },
    async requireUser(request) {
      const user = await auth.optionalUser(request);
      if (!user) throw unauthorized('No Token');
      return user;
    },
    async requireSeller(request) {
      const user = await auth.requireUser(request);
      if (!user.isSeller) throw forbidden('Invalid Seller Token');
      return user;
    },
    async requireAdmin(request) {
      const user = await auth.requireUser(request);
      if (!user.isAdmin) throw forbidden('Invalid Admin Token');
      return user;
    },
  };
  return auth;
}
