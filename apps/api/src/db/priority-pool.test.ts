/** Writes take the next free connection before queued reads; reads have a limit of their own (priority-pool.ts). */
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
    // Each leaves as it entered: the first reader, then write 1, write 2 and read 1.
    for (const writer of [false, true, true, false]) {
      gate.leave(writer);
      await Promise.resolve();
    }
    await Promise.all(waiting);
    expect(order).toEqual(['write 1', 'write 2', 'read 1', 'read 2']);
    gate.leave(false);
    // Empty again: the next one enters at once.
    await gate.enter(false);
    expect(gate.queued()).toEqual({ writers: 0, readers: 0 });
  });
});

describe('priority gate with a read limit', () => {
  it('keeps reads to their limit while writers take the places beyond it', async () => {
    const gate = new PriorityGate(4, 2);
    await gate.enter(false);
    await gate.enter(false);
    let thirdRead = false;
    const third = gate.enter(false).then(() => {
      thirdRead = true;
    });
    // The pool has two places free, but reads hold their two: the third read waits…
    expect(gate.queued()).toEqual({ writers: 0, readers: 1 });
    // …and a writer goes past it, up to the pool's size.
    await gate.enter(true);
    await gate.enter(true);
    expect(gate.holding()).toEqual({ writers: 2, readers: 2 });
    let thirdWrite = false;
    const write = gate.enter(true).then(() => {
      thirdWrite = true;
    });
    expect(gate.queued()).toEqual({ writers: 1, readers: 1 });

    // A write ends: the waiting writer takes its place, not the read (reads are still full).
    gate.leave(true);
    await write;
    expect([thirdWrite, thirdRead]).toEqual([true, false]);
    // Another write ends: the place stays free, since reads are at their limit.
    gate.leave(true);
    await Promise.resolve();
    expect(thirdRead).toBe(false);
    expect(gate.holding()).toEqual({ writers: 1, readers: 2 });
    // A read ends: the waiting read comes in.
    gate.leave(false);
    await third;
    expect(gate.holding()).toEqual({ writers: 1, readers: 2 });
    expect(gate.queued()).toEqual({ writers: 0, readers: 0 });
  });

  it('never sets the reads’ limit above the pool or under one', async () => {
    const wide = new PriorityGate(2, 10);
    await wide.enter(false);
    await wide.enter(false);
    const waiting = wide.enter(false);
    expect(wide.queued()).toEqual({ writers: 0, readers: 1 });
    wide.leave(false);
    await waiting;

    const none = new PriorityGate(2, 0);
    await none.enter(false);
    expect(none.holding()).toEqual({ writers: 0, readers: 1 });
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

  it('runs a write while the reads’ places are all taken', async () => {
    const pool = new PriorityPool({ connectionString: process.env.TEST_DATABASE_URL, max: 2 }, 1);
    try {
      const held = await pool.connect();
      const finished: string[] = [];
      const read = pool.query('select 1 as n').then(() => finished.push('read'));
      expect(pool.gate.queued()).toEqual({ writers: 0, readers: 1 });
      await pool.writers.query('select 2 as n').then(() => finished.push('write'));
      expect(finished).toEqual(['write']);
      held.release();
      await read;
      expect(finished).toEqual(['write', 'read']);
      expect(pool.gate.holding()).toEqual({ writers: 0, readers: 0 });
    } finally {
      await pool.end();
    }
  });
});
