/**
 * Who may call a route, decided once per audience and URL prefix, never in a handler. The index
 * of each prefix registers its route plugins under an audience (`forAudience`); the audience's
 * guard runs as one `preHandler` hook for every route of that scope and hands the signed-in user
 * to the handlers (`userOf`, `callerOf`). `preHandler` runs after validation, so a malformed
 * request is answered 400 before a missing token is answered 401, as when handlers checked.
 *
 * Guards answer who the caller is (signed in, seller, admin). Whether that caller may touch a
 * given order, product or account is the services' business (ownership needs the resource).
 */
import { canUpload } from '@torget/shared/policies/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '#api/app-deps.ts';
import type { Auth, AuthUser, TokenClaims } from '#api/lib/auth.ts';
import { forbidden } from '#api/lib/http-errors.ts';
import { BEARER_SECURITY } from '#api/lib/openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the audience guard of the route's scope; read it through `userOf` or `callerOf`. */
    user: AuthUser | null;
    /**
     * On a route that reads its session's user itself (`readsSessionUser`): the token's claims,
     * checked, from which that read makes the user. Read it through `claimsOf`.
     */
    claims: TokenClaims | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's first statement reads the session's user beside its own rows and applies
     * sessionUserOf (lib/auth.ts), so the guard checks the token alone and reads nothing: one
     * round trip fewer on writes the server answers often (an order, a review, a product
     * edit).
     * Only under the 'signed-in' audience: the other guards need the roles the read gives.
     */
    readsSessionUser?: boolean;
  }
}

/** A plugin of routes under one URL prefix; the prefix's index decides its audience. */
export type RoutePlugin = FastifyPluginAsyncZod<{ deps: AppDeps }>;

export type Audience =
  /** Everyone; no token is read. */
  | 'public'
  /** Everyone; a token, when one is sent, must be valid and names the caller. */
  | 'caller'
  | 'signed-in'
  | 'seller'
  | 'admin'
  /** Sellers, applicants setting up their shop, and admins: customers have nothing to upload. */
  | 'uploader';

export const ONLY_SELLERS_UPLOAD = 'Only sellers can upload images.';

type Guard = (auth: Auth, request: FastifyRequest) => Promise<AuthUser | null>;

/** The one check of each audience; messages and statuses are the spec's. */
const guards: Record<Exclude<Audience, 'public'>, Guard> = {
  caller: (auth, request) => auth.optionalUser(request),
  'signed-in': (auth, request) => auth.requireUser(request),
  seller: (auth, request) => auth.requireSeller(request),
  admin: (auth, request) => auth.requireAdmin(request),
  uploader: async (auth, request) => {
    const user = await auth.requireUser(request);
    if (!canUpload(user)) throw forbidden(ONLY_SELLERS_UPLOAD);
    return user;
  },
};

/**
 * One scope holding `plugins`, whose every route first passes the audience's guard. Register the
 * result under the prefix's index: `app.register(forAudience('admin', adminRoutes), { deps })`.
 */
export function forAudience(audience: Audience, ...plugins: RoutePlugin[]): RoutePlugin {
  return async (app, { deps }) => {
    if (audience !== 'public') {
      const guard = guards[audience];
      if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
      if (!app.hasRequestDecorator('claims')) app.decorateRequest('claims', null);
      // A guard that checks roles cannot leave the user's read to the route (see readsSessionUser).
      app.addHook('onRoute', (route) => {
        // The OpenAPI document says which routes read a bearer token (lib/openapi.ts).
        route.schema = { ...route.schema, security: BEARER_SECURITY };
        if (route.config?.readsSessionUser && audience !== 'signed-in') {
          throw new Error(
            `${route.method} ${route.url}: readsSessionUser needs the 'signed-in' audience, not '${audience}'`,
          );
        }
      });
      // Called back rather than async; a visitor without a token on a public read ('caller')
      // passes without a promise (the guard reads no token it was not sent).
      app.addHook('preHandler', (request, _reply, done) => {
        if (audience === 'caller' && !request.headers.authorization) {
          request.user = null;
          done();
          return;
        }
        if (request.routeOptions.config.readsSessionUser) {
          try {
            request.claims = deps.auth.requireClaims(request);
            done();
          } catch (error) {
            done(error as Error);
          }
          return;
        }
        guard(deps.auth, request).then(
          (user) => {
            request.user = user;
            done();
          },
          (error: Error) => done(error),
        );
      });
    }
    for (const plugin of plugins) await app.register(plugin, { deps });
  };
}

/** The signed-in user of a route under a guard that requires one (signed-in, seller, admin, uploader). */
export function userOf(request: FastifyRequest): AuthUser {
  const user = request.user;
  // A programming error, not a client's: the route was registered without such a guard.
  if (!user) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} has no signed-in guard`);
  return user;
}

/**
 * The checked token claims of a route that reads its session's user itself (`readsSessionUser`);
 * the route makes them a user with sessionUserOf on its own read.
 */
export function claimsOf(request: FastifyRequest): TokenClaims {
  const claims = request.claims;
  // A programming error, not a client's: the route was registered without readsSessionUser.
  if (!claims) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} has no readsSessionUser`);
  return claims;
}

/** The caller of a route under the 'caller' audience: the signed-in user, or null for a visitor. */
export function callerOf(request: FastifyRequest): AuthUser | null {
  return request.user ?? null;
}
