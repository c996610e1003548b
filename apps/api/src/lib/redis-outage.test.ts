/**
 * With REDIS_URL set and Redis away, an instance still starts: it serves, counts its limits in
 * its own memory and drops its own cache entries, logs one line that Redis is down, and when a
 * Redis comes up on that address, one line that it is back, and counts in Redis again.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#api/app.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, TEST_RATE_LIMITS, type TestApp } from '#api/test/test-app.ts';

/** A port nothing listens on (taken and let go at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const redisServerInstalled = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The app's log lines (pino's JSON), for what it said about Redis. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

async function until(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const signIn = (app: App, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password: 'not the password' },
    remoteAddress: '10.79.0.1',
  });

describe('REDIS_URL set and Redis down', () => {
  const prefix = `torget-test-${randomBytes(6).toString('hex')}:`;
  const log = capturedLog();
  let port: number;
  let t: TestApp;
  let redisStarted = false;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(
      {
        redisUrl: `redis://127.0.0.1:${port}`,
        redisKeyPrefix: prefix,
        rateLimits: { ...TEST_RATE_LIMITS, signinPerAddress: { max: 3, windowMs: 60_000 } },
      },
      { logger: log.logger },
    );
  });
  afterAll(async () => {
    await t?.close();
    if (redisStarted) execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
  });

  const redisLines = () => log.lines.filter((line) => /^Redis /.test(line.msg));

  it('starts, answers, and says once that Redis is down', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // ioredis tries again every moment; the log says it once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(redisLines()).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^Redis .* down/) }),
    ]);
  });

  it('counts the limits in its own memory meanwhile', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(t.app, `ute-${i}@example.test`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  let productId = '';

  it('drops its own cache entries on a write meanwhile', async () => {
    const { user } = await createSeller(t.database.db);
    const item = await createProduct(t.database.db, user.id, { name: 'Före' });
    productId = item.id;
    const token = (await signInAs(t.app, user.email)).token;
    const name = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${item.id}` })).json().name;
    expect(await name()).toBe('Före');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${item.id}`,
      headers: bearer(token),
      payload: { name: 'Efter', price: 12, category: item.category, countInStock: 4 },
    });
    expect(put.statusCode).toBe(200);
    expect(await name()).toBe('Efter');
  });

  it.runIf(redisServerInstalled)('connects when Redis comes up, says so once, and counts in Redis again', async () => {
    execFileSync('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
    redisStarted = true;
    await until('the log saying Redis is back', 10_000, () => redisLines().length === 2);
    expect(redisLines()[1]).toMatchObject({ level: 30, msg: expect.stringMatching(/^Redis .* back/) });

    const redis = new Redis(port, '127.0.0.1');
    try {
      const email = `inne-${randomUUID()}@example.test`;
      expect((await signIn(t.app, email)).statusCode).toBe(401);
      expect((await redis.keys(`${prefix}rate:*`)).length).toBeGreaterThan(0);

      // It hears the other instances again: a change published there drops its kept page.
      const statementsOfRead = async () => {
        const before = t.database.statementCount();
        expect((await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).statusCode).toBe(200);
        return t.database.statementCount() - before;
      };
      await until('a change published by another instance heard', 5000, async () => {
        await statementsOfRead();
        expect(await statementsOfRead()).toBe(0);
        const message = { from: 'another instance', tags: [`product:${productId}`] };
        await redis.publish(`${prefix}cache-changes`, JSON.stringify(message));
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (await statementsOfRead()) > 0;
      });
    } finally {
      redis.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(redisLines()).toHaveLength(2);
  });
});
