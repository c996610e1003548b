/**
 * Bearer-token authentication. Tokens are HS256 JWTs carrying the user id, a token version and
 * an audience; roles are read from the database on every request, so revoking admin or seller
 * status, or changing the password (which bumps the version), takes effect at once. The guard
 * reads the user; a route that reads it in its own first statement (an order, a review, an edit)
 * has the guard check the token alone, and applies the same rule, sessionUserOf, to what it read.
 *
 * A token is good on the host it was issued on: every main host shares one audience, and a
 * seller's own domain has its own (docs/security.md, "Where a token is valid"). The seller
 * controls that domain and could read what is typed there, so a session opened on it must not
 * open the marketplace, nor the marketplace's session the shop.
 */
import { ALWAYS_MAIN_HOSTS, normaliseHost } from '@torget/shared/rules/hosts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import { bearerTokens, TokenRefused } from './bearer-tokens';
import { writerDbOf } from './cache-changes';
import { forbidden, unauthorized } from './http-errors';

/**
 * The audience of tokens issued on any main host, and of tokens without one (issued before
 * tokens had an audience, all on the main hosts' sign-in). Other hosts' audiences are
 * `host:<host>`, so no Host header can name this one.
 */
export const MARKETPLACE_AUDIENCE = 'marketplace';

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
  /**
   * A token for `user`, valid on `host` (the Host of the request it answers) and wherever tokens
   * of that host's audience are; without a host, on the main hosts.
   */
  issueToken(user: { id: string; tokenVersion: number }, host?: string): string;
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

/**
 * `mainHosts` are the marketplace's own hosts (config.mainHosts); without them, localhost and
 * 127.0.0.1, as tests that issue tokens outside a configured app use.
 */
export function createAuth(db: Db, secret: string, mainHosts: readonly string[] = ALWAYS_MAIN_HOSTS): Auth {
  // Signed and verified with fast-jwt (bearer-tokens.ts), synchronously, each token's
  // signature checked once and then remembered (its expiry is checked every time).
  const tokens = bearerTokens(secret);
  const mainHostNames = new Set(mainHosts.map(normaliseHost));
  /** Where a token issued on `host` (a request's Host, any case, with or without a port) is valid. */
  const audienceOf = (host: string) => {
    const name = normaliseHost(host);
    return mainHostNames.has(name) ? MARKETPLACE_AUDIENCE : `host:${name}`;
  };
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

  /** The claims of `token` when it is valid for a request on `host`; a 401 otherwise. */
  function claimsOf(token: string, host: string): TokenClaims {
    try {
      const payload = tokens.verify(token);
      // Every token this server issues has a uuid subject, a version and an expiry; a token
      // without them was not made here (or by an older, laxer signer) and is not believed.
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('claims');
      if (typeof payload.ver !== 'number' || typeof payload.exp !== 'number') throw new Error('claims');
      if ((payload.aud ?? MARKETPLACE_AUDIENCE) !== audienceOf(host)) throw new Error('audience');
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

  async function userFromToken(token: string, host: string, handle: Db): Promise<AuthUser> {
    const claims = claimsOf(token, host);
    const [user] = await findUser(handle).execute({ id: claims.userId });
    return sessionUserOf(claims, user);
  }

  const auth: Auth = {
    issueToken(user, host) {
      const aud = host === undefined ? MARKETPLACE_AUDIENCE : audienceOf(host);
      return tokens.sign({ sub: user.id, ver: user.tokenVersion, aud });
    },
    async optionalUser(request) {
      const token = tokenOf(request);
      return token === null ? null : userFromToken(token, request.host, handleOf(request));
    },
    requireClaims(request) {
      const token = tokenOf(request);
      if (token === null) throw unauthorized('No Token');
      return claimsOf(token, request.host);
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
