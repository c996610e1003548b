import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AppDeps, createAppDeps } from '#api/app-deps.ts';
import { errorHandler } from '#api/lib/error-handler.ts';
import { createUser } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { testConfig } from '#api/test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import {
  type Audience,
  callerOf,
  claimsOf,
  forAudience,
  ONLY_SELLERS_UPLOAD,
  type RoutePlugin,
  userOf,
} from './audiences';

/**
 * The audience guards on a small app of their own: one route per audience answering who the
 * guard found, so each guard's answers are seen without any service's rules mixed in.
 */
let database: TestDatabase;
let dataDir: string;
let deps: AppDeps;
let app: Awaited<ReturnType<typeof guardedApp>>;
let requireUserCalls = 0;
const tokens: Record<'customer' | 'seller' | 'applicant' | 'admin', string> = {
  customer: '',
  seller: '',
  applicant: '',
  admin: '',
};
const ids: Record<keyof typeof tokens, string> = { customer: '', seller: '', applicant: '', admin: '' };

/** GET /<name> answers the guard's user id (or null); POST /<name> also validates a body. */
const whoAmI =
  (name: string): RoutePlugin =>
  async (scope) => {
    scope.get(`/${name}`, async (request) => ({ id: callerOf(request)?.id ?? null }));
    scope.post(`/${name}`, { schema: { body: z.object({ n: z.number() }) } }, async (request) => ({
      id: callerOf(request)?.id ?? null,
      n: request.body.n,
    }));
  };

const misuse: RoutePlugin = async (scope) => {
  scope.get('/misuse', async (request) => ({ id: userOf(request).id }));
};

/**
 * A route that reads its session's user itself (`readsSessionUser`): answers the claims the
 * guard checked; `/own-read-user` asks for the user the guard did not read.
 */
const ownRead: RoutePlugin = async (scope) => {
  scope.get('/own-read', { config: { readsSessionUser: true } }, async (request) => ({
    id: claimsOf(request).userId,
    user: request.user,
  }));
  scope.get('/own-read-user', { config: { readsSessionUser: true } }, async (request) => ({ id: userOf(request).id }));
};

/** The guards under test, each over its own routes under /t. */
async function guardedApp(countedAuth: AppDeps['auth']) {
  const typed = Fastify().withTypeProvider<ZodTypeProvider>();
  typed.setValidatorCompiler(validatorCompiler);
  typed.setSerializerCompiler(serializerCompiler);
  typed.setErrorHandler(errorHandler);
  const audiences: Audience[] = ['public', 'caller', 'seller', 'admin', 'uploader'];
  await typed.register(
    async (scope) => {
      for (const audience of audiences) {
        await scope.register(forAudience(audience, whoAmI(audience)), { deps });
      }
      // Two plugins in one signed-in scope: one guard for both.
      await scope.register(forAudience('signed-in', whoAmI('signed-in'), whoAmI('also-signed-in')), {
        deps: { ...deps, auth: countedAuth },
      });
      await scope.register(forAudience('public', misuse), { deps });
      await scope.register(forAudience('signed-in', ownRead), { deps: { ...deps, auth: countedAuth } });
    },
    { prefix: '/t' },
  );
  return typed;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'torget-audiences-'));
  deps = createAppDeps({ database, config: testConfig(dataDir), mailer: { send: async () => {} } });
  const { auth } = deps;
  const countedAuth = {
    ...auth,
    async requireUser(request: Parameters<typeof auth.requireUser>[0]) {
      requireUserCalls++;
      return auth.requireUser(request);
    },
  };
  app = await guardedApp(countedAuth);
  await app.ready();

  const users = {
    customer: await createUser(database.db),
    seller: await createUser(database.db, { isSeller: true }),
    applicant: await createUser(database.db, { wantsToBeSeller: true }),
    admin: await createUser(database.db, { isAdmin: true }),
  };
  for (const role of Object.keys(users) as (keyof typeof users)[]) {
    tokens[role] = await auth.issueToken(users[role]);
    ids[role] = users[role].id;
  }
});

afterAll(async () => {
  await app.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => app.inject({ url: `/t/${path}`, headers });

async function answer(path: string, headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  return { status: res.statusCode, body: res.json() as { id?: string | null; message?: string } };
}

describe('audience guards', () => {
  it('lets everyone through public and caller routes; only caller routes read the token', async () => {
    expect(await answer('public')).toEqual({ status: 200, body: { id: null } });
    expect(await answer('caller')).toEqual({ status: 200, body: { id: null } });
    expect(await answer('public', bearer(tokens.customer))).toEqual({ status: 200, body: { id: null } });
    expect(await answer('caller', bearer(tokens.customer))).toEqual({ status: 200, body: { id: ids.customer } });
    expect(await answer('public', bearer('not-a-token'))).toEqual({ status: 200, body: { id: null } });
    expect(await answer('caller', bearer('not-a-token'))).toEqual({ status: 401, body: { message: 'Invalid Token' } });
    expect(await answer('caller', { authorization: 'Basic abc' })).toEqual({
      status: 401,
      body: { message: 'No Token' },
    });
  });

  it('answers 401 without a token and with a bad one, on every guarded audience', async () => {
    for (const path of ['signed-in', 'seller', 'admin', 'uploader']) {
      expect(await answer(path), path).toEqual({ status: 401, body: { message: 'No Token' } });
      expect(await answer(path, bearer('not-a-token')), path).toEqual({
        status: 401,
        body: { message: 'Invalid Token' },
      });
    }
  });

  it('answers each role as the spec says, and hands the handler the signed-in user', async () => {
    const table: [path: string, role: keyof typeof tokens, status: number, message?: string][] = [
      ['signed-in', 'customer', 200],
      ['signed-in', 'admin', 200],
      ['seller', 'seller', 200],
      ['seller', 'customer', 403, 'Invalid Seller Token'],
      ['seller', 'applicant', 403, 'Invalid Seller Token'],
      ['seller', 'admin', 403, 'Invalid Seller Token'],
      ['admin', 'admin', 200],
      ['admin', 'seller', 403, 'Invalid Admin Token'],
      ['admin', 'customer', 403, 'Invalid Admin Token'],
      ['uploader', 'seller', 200],
      ['uploader', 'applicant', 200],
      ['uploader', 'admin', 200],
      ['uploader', 'customer', 403, ONLY_SELLERS_UPLOAD],
    ];
    for (const [path, role, status, message] of table) {
      const expected = status === 200 ? { id: ids[role] } : { message };
      expect(await answer(path, bearer(tokens[role])), `${path} as ${role}`).toEqual({ status, body: expected });
    }
  });

  it('validates before it guards: a malformed request is a 400 even without a token', async () => {
    const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `/t/${path}`, payload, headers });
    for (const path of ['signed-in', 'seller', 'admin', 'uploader']) {
      expect((await post(path, { n: 'one' })).statusCode, path).toBe(400);
      expect((await post(path, { n: 1 })).statusCode, path).toBe(401);
    }
    const res = await post('signed-in', { n: 1 }, bearer(tokens.customer));
    expect(res.json()).toEqual({ id: ids.customer, n: 1 });
  });

  it('runs one guard per request for every plugin of its scope', async () => {
    const before = requireUserCalls;
    expect(await answer('also-signed-in', bearer(tokens.customer))).toEqual({
      status: 200,
      body: { id: ids.customer },
    });
    expect(await answer('also-signed-in')).toEqual({ status: 401, body: { message: 'No Token' } });
    expect(requireUserCalls - before).toBe(2);
  });

  it('checks only the token on a route that reads its session user itself, and reads nothing', async () => {
    const before = requireUserCalls;
    const statements = database.statementCount();
    const res = await get('own-read', bearer(tokens.customer));
    expect(res.json()).toEqual({ id: ids.customer, user: null });
    expect(database.statementCount() - statements).toBe(0);
    expect(requireUserCalls - before).toBe(0);
    expect(await answer('own-read')).toEqual({ status: 401, body: { message: 'No Token' } });
    expect(await answer('own-read', bearer('not-a-token'))).toEqual({
      status: 401,
      body: { message: 'Invalid Token' },
    });
    // The route has no user to hand out: asking for one is a server error, not a pass.
    expect((await get('own-read-user', bearer(tokens.customer))).statusCode).toBe(500);
  });

  it('refuses readsSessionUser under an audience whose guard needs the roles', async () => {
    for (const audience of ['caller', 'seller', 'admin', 'uploader'] as const) {
      const scoped = Fastify();
      await expect(scoped.register(forAudience(audience, ownRead), { deps }).ready(), audience).rejects.toThrow(
        /readsSessionUser needs the 'signed-in' audience/,
      );
      await scoped.close();
    }
  });

  it('fails closed when a route asks for a user its scope has no guard for', async () => {
    const res = await get('misuse', bearer(tokens.admin));
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain('misuse');
  });
});
