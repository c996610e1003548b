import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { redisAnswers, TEST_REDIS_URL } from '#api/test/redis.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const redisUp = await redisAnswers();

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers live and ready while the database is reachable and migrated', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured', migrations: 'applied' });
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!last) throw new Error('no migration applied');
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', database: 'ok', migrations: 'pending' });
      expect(ready.json().message).toContain('npm run db:migrate');
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('with the database stopped: live still answers, ready and /api/health say 503', async () => {
    const stopped = await createTestApp();
    try {
      await stopped.database.close();
      const ready = await stopped.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', database: 'unavailable' });
      expect((await stopped.app.inject({ url: '/api/health' })).statusCode).toBe(503);
      expect((await stopped.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await stopped.close();
    }
  }, 90_000);

  it('is not ready while the configured Redis does not answer', async () => {
    // Port 1: nothing listens there.
    const away = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      const ready = await away.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'ok', redis: 'unavailable', message: 'Redis cannot be reached.' });
    } finally {
      await away.close();
    }
  }, 90_000);

  it.runIf(redisUp)(
    'is ready with the configured Redis answering',
    async () => {
      const up = await createTestApp({ redisUrl: TEST_REDIS_URL });
      try {
        const ready = await up.app.inject({ url: '/api/health/ready' });
        expect(ready.json()).toMatchObject({ redis: 'ok' });
        expect(ready.statusCode).toBe(200);
      } finally {
        await up.close();
      }
    },
    90_000,
  );
});
