/**
 * Bearer-token authentication. Tokens are HS256 JWTs carrying the user id and a token version;
 * roles are read from the database on every request, so revoking admin or seller status, or
 * changing the password (which bumps the version), takes effect at once.
 */
import { createSecretKey } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import { writerDbOf } from './cache-changes';
import { forbidden, unauthorized } from './http-errors';
import { TokenRefused, verifyHs256 } from './jwt-hs256';

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

export interface Auth {
  issueToken(user: { id: string; tokenVersion: number }): Promise<string>;
  /** The user of a valid bearer token, or null when the request has none. A bad token is a 401. */
  optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  requireUser(request: FastifyRequest): Promise<AuthUser>;
  requireSeller(request: FastifyRequest): Promise<AuthUser>;
  requireAdmin(request: FastifyRequest): Promise<AuthUser>;
}

export function createAuth(db: Db, secret: string): Auth {
  // Signing (a sign-in) goes through jose and WebCrypto; verifying, on every authenticated
  // request, through node:crypto (jwt-hs256.ts). Both keys are made once: given the raw bytes,
  // jose imports a WebCrypto key on every sign.
  const verifyKey = createSecretKey(Buffer.from(secret, 'utf8'));
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
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        isSeller: users.isSeller,
        wantsToBeSeller: users.wantsToBeSeller,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
      .prepare('auth_user'),
  );
  const handleOf = (request: FastifyRequest) => writerDbOf(request) ?? db;

  async function userFromToken(token: string, handle: Db): Promise<AuthUser> {
    let subject: string;
    let version: number;
    try {
      const payload = verifyHs256(token, verifyKey);
      // Every token this server issues has a uuid subject, a version and an expiry; a token
      // without them was not made here (or by an older, laxer signer) and is not believed.
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('claims');
      if (typeof payload.ver !== 'number' || typeof payload.exp !== 'number') throw new Error('claims');
      subject = payload.sub;
      version = payload.ver;
    } catch (error) {
      throw unauthorized(
        error instanceof TokenRefused && error.expired ? 'Session expired. Please sign in again.' : 'Invalid Token',
      );
    }
    const [user] = await findUser(handle).execute({ id: subject });
    if (!user || user.tokenVersion !== version) throw unauthorized('Session ended. Please sign in again.');
    return user;
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
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer (.+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('No Token');
      return userFromToken(match[1].trim(), handleOf(request));
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
