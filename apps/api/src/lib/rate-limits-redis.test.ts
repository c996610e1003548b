/**
 * With REDIS_URL, every limit is counted in Redis: two instances together allow what one
 * allows. Against the Redis server on 127.0.0.1:6379 (CI starts it: .ci/run), under a key
 * prefix of this run's own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#api/app.ts';
import type { Config } from '#api/env.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createUser } from '#api/test/fixtures.ts';
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL } from '#api/test/redis.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, TEST_RATE_LIMITS, type TestApp, testConfig } from '#api/test/test-app.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits';

const REDIS_URL = TEST_REDIS_URL;
const reachable = await redisAnswers(REDIS_URL);
if (!reachable) console.warn('Redis on 127.0.0.1:6379 does not answer: the Redis rate-limit tests are skipped');

/** Two apps on one database, sharing (or not) one Redis. */
async function twoInstances(overrides: Partial<Config>) {
  const a: TestApp = await createTestApp(overrides);
  const dir = mkdtempSync(join(tmpdir(), 'torget-rl-'));
  const b: App = await buildApp({
    database: a.database,
    config: testConfig(dir, overrides),
    mailer: { send: async () => {} },
  });
  await b.ready();
  return {
    apps: [a.app, b] as const,
    t: a,
    async close() {
      await b.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const signIn = (app: App, email: string, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password: 'not the password' },
    remoteAddress: address,
  });

describe.skipIf(!reachable)('rate limits kept in Redis', () => {
  const prefix = `torget-test-${randomBytes(6).toString('hex')}:`;
  const limited = { max: 4, windowMs: 60_000 };
  // Above the ten sign-ins of one e-mail that the first test makes from one address.
  const spray = { max: 12, windowMs: 60_000 };
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances({
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
      rateLimits: {
        ...TEST_RATE_LIMITS,
        signin: DEFAULT_RATE_LIMITS.signin,
        ordersPerAddress: limited,
        signinPerAddress: spray,
        passwordResetPerAddress: limited,
      },
    });
  });
  afterAll(async () => {
    await instances.close();
    await dropRedisKeys(prefix);
  });

  it('counts sign-in attempts of both instances together', async () => {
    const [a, b] = instances.apps;
    const email = `rl-${randomUUID()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_RATE_LIMITS.signin.max + 1; i++) {
      statuses.push((await signIn(i % 2 === 0 ? a : b, email, '10.77.0.1')).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The other instance refuses too, and another address is not affected.
    expect((await signIn(a, email, '10.77.0.1')).statusCode).toBe(429);
    expect((await signIn(b, email, '10.77.0.2')).statusCode).toBe(401);
  });

  it('counts sign-ins per address over many e-mails on both instances together', async () => {
    const [a, b] = instances.apps;
    const statuses: number[] = [];
    for (let i = 0; i < spray.max + 2; i++) {
      statuses.push(
        (await signIn(i % 2 === 0 ? a : b, `spray-${i}-${randomUUID()}@example.test`, '10.77.2.1')).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(spray.max).fill(401), 429, 429]);
    const blocked = await signIn(a, `spray-${randomUUID()}@example.test`, '10.77.2.1');
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts from this address\. Please wait/);
  });

  it('counts reset requests per address over many e-mails on both instances together, alike for accounts', async () => {
    const [a, b] = instances.apps;
    const known = await createUser(instances.t.database.db);
    const ask = (app: App, email: string) =>
      app.inject({ method: 'POST', url: '/api/users/forgot_password', payload: { email }, remoteAddress: '10.77.3.1' });
    const statuses: number[] = [];
    for (let i = 0; i < limited.max; i++) {
      statuses.push((await ask(i % 2 === 0 ? a : b, i === 0 ? known.email : `glomsk-${i}@example.test`)).statusCode);
    }
    const [forKnown, forStranger] = [await ask(b, known.email), await ask(a, `glomsk-${randomUUID()}@example.test`)];
    expect([...statuses, forKnown.statusCode, forStranger.statusCode]).toEqual([200, 200, 200, 200, 429, 429]);
    expect(forKnown.json().message).toMatch(/^Too many password reset requests from this address\. Please wait/);
  });

  it('counts a handler’s limit (orders per address) atomically under concurrent requests on both', async () => {
    const [a, b] = instances.apps;
    const buyer = await createUser(instances.t.database.db);
    const { token } = await signInAs(a, buyer.email);
    const order = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: bearer(token),
        remoteAddress: '10.77.1.1',
        payload: { orderItems: [{ product: randomUUID(), qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => order(i % 2 === 0 ? a : b)));
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(answers.length - refused.length).toBe(limited.max);
    expect(refused[0]?.json().message).toMatch(/^Too many orders from this address\. Please wait/);
  });
});

describe('rate limits without Redis', () => {
  it('are each instance’s own (in memory)', async () => {
    const instances = await twoInstances({ rateLimits: { ...TEST_RATE_LIMITS, signin: { max: 2, windowMs: 60_000 } } });
    try {
      const [a, b] = instances.apps;
      const email = `rl-${randomUUID()}@example.test`;
      expect((await signIn(a, email, '10.78.0.1')).statusCode).toBe(401);
      expect((await signIn(a, email, '10.78.0.1')).statusCode).toBe(401);
      expect((await signIn(a, email, '10.78.0.1')).statusCode).toBe(429);
      expect((await signIn(b, email, '10.78.0.1')).statusCode).toBe(401);
    } finally {
      await instances.close();
    }
  });
});
