/** Writes take the next free connection before queued reads (priority-pool.ts). */
import { describe, expect, it } from 'vitest';
import { PriorityGate, PriorityPool } from './priority-pool';

const onPostgres = process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe('priority gate', () => {
  it('lets holders in up to its capacity, then writers before readers, each in arrival order', async () => {
    const gate = new PriorityGate(1);
    const order: string[] = [];
    await gate.enter(false);
    const waiting = [
      gate.enter(false).then(() => order.push('read 1')),
      gate.enter(true).then(() => order.push('write 1')),
      gate.enter(false).then(() => order.push('read 2')),
      gate.enter(true).then(() => order.push('write 2')),
    ];
    expect(gate.queued()).toEqual({ writers: 2, readers: 2 });
    for (let i = 0; i < 4; i++) {
      gate.leave();
      await Promise.resolve();
    }
    await Promise.all(waiting);
    expect(order).toEqual(['write 1', 'write 2', 'read 1', 'read 2']);
    gate.leave();
    // Empty again: the next one enters at once.
    await gate.enter(false);
    expect(gate.queued()).toEqual({ writers: 0, readers: 0 });
  });
});

describe.runIf(onPostgres)('priority pool on PostgreSQL', () => {
  it('hands a full pool’s next connection to a writer before the reads queued earlier', async () => {
    const pool = new PriorityPool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const held = await pool.connect();
      const finished: string[] = [];
      const reads = [1, 2].map((n) => pool.query('select $1::int as n', [n]).then(() => finished.push(`read ${n}`)));
      const write = (async () => {
        const client = await pool.writers.connect();
        try {
          await client.query('select 1');
          finished.push('write');
        } finally {
          client.release();
        }
      })();
      // pg's own query() connects through the writer's connect too.
      const writerQuery = pool.writers.query('select 2 as n').then(() => finished.push('writer query'));
      expect(pool.gate.queued()).toEqual({ writers: 2, readers: 2 });
      held.release();
      await Promise.all([...reads, write, writerQuery]);
      expect(finished).toEqual(['write', 'writer query', 'read 1', 'read 2']);
      // Every place was given back: the pool answers again at once.
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(pool.gate.queued()).toEqual({ writers: 0, readers: 0 });
    } finally {
      await pool.end();
    }
  });
});
