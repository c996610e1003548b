/**
 * Load shedding, saturated for real: the event loop blocked by a busy loop in the test, the pool
 * (PostgreSQL) held by a slow statement with others queued behind it. Only states are asserted
 * (under pressure or not, what a request is answered), never how long anything took.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '#api/app.ts';
import type { Mailer } from '#api/lib/mailer.ts';
import { createTestApp, testConfig } from '#api/test/test-app.ts';
import { createTestDatabase } from '#api/test/test-database.ts';
import { BUSY_MESSAGE, type LoadLimits } from './load-shedding';

const OFF: LoadLimits = {
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
  maxPoolWaiting: 0,
  sampleIntervalMs: 200,
  retryAfterSeconds: 7,
};

/** Yields to the event loop until `condition` holds (bounded, so a broken plugin fails instead of hanging). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // Busy on purpose: the event loop does nothing else meanwhile.
  }
}

async function expectShed(app: App): Promise<void> {
  const shed = await app.inject({ url: '/api/products' });
  expect(shed.statusCode).toBe(503);
  expect(shed.headers['retry-after']).toBe('7');
  expect(shed.json()).toEqual({ message: BUSY_MESSAGE });
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop is saturated, but never to /api/health/live', async () => {
    const t = await createTestApp({ load: { ...OFF, maxEventLoopUtilization: 0.9 } });
    try {
      await until(() => !t.app.isUnderPressure());
      expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(200);

      blockEventLoop(1000);
      await until(() => t.app.isUnderPressure());
      await expectShed(t.app);
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

      await until(() => !t.app.isUnderPressure());
      expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('sheds too when the mean event-loop delay passes its limit', async () => {
    const t = await createTestApp({ load: { ...OFF, maxEventLoopDelayMs: 20 } });
    try {
      await until(() => !t.app.isUnderPressure());
      blockEventLoop(1000);
      await until(() => t.app.isUnderPressure());
      await expectShed(t.app);
    } finally {
      await t.close();
    }
  }, 90_000);

  it.runIf(process.env.TORGET_TEST_DB === 'postgres')(
    'sheds while more statements wait for a connection than LOAD_MAX_POOL_WAITING',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'torget-load-'));
      const database = await createTestDatabase({ poolSize: 1 });
      const mailer: Mailer = { send: async () => {} };
      const app = await buildApp({
        database,
        mailer,
        config: testConfig(dataDir, { load: { ...OFF, maxPoolWaiting: 2, sampleIntervalMs: 20 } }),
      });
      try {
        await app.ready();
        expect(app.isUnderPressure()).toBe(false);
        // One connection, held by a slow statement; four more wait for it. (A Drizzle query runs
        // when it is awaited or then'd: started here with then.)
        const run = (query: ReturnType<typeof sql>) => database.db.execute(query).then(() => undefined);
        const slow = run(sql`select pg_sleep(1.5)`);
        const queued = [1, 2, 3, 4].map(() => run(sql`select 1`));
        await until(() => database.poolUse?.().waiting === 4);
        await until(() => app.isUnderPressure());
        await expectShed(app);
        expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
        await Promise.all([slow, ...queued]);
        await until(() => !app.isUnderPressure());
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await database.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
