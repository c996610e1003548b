/**
 * A connection pool where writes go first and reads have a limit of their own, so a shop's
 * writes are not held up by its reads.
 *
 * Under a read load that fills the pool, a request waits for a connection behind every read
 * queued before it: at 48 connections of searches an order waited a second for its turn, though
 * it then ran in milliseconds. Writes are few and short and a buyer is waiting on each, so a
 * request that writes (its method is not GET or HEAD) takes the next free connection before any
 * queued read: its database handle (Database.handle, db/client.ts) is built on `pool.writers`,
 * the same connections asked as a writer (`pool.readers` as a reader). Writes cannot starve reads: each write holds a connection
 * only for its own statements.
 *
 * Reads hold at most `readCapacity` connections at once (DATABASE_POOL_READS, by default twice
 * the machine's cores: defaultPoolReads), fewer than the pool has. A read keeps PostgreSQL's CPU
 * busy all its time, so more reads at once than its cores can run do not finish sooner: they
 * take turns, and each costs more CPU (at 10 reads at once on two cores a full search cost
 * PostgreSQL a fifth to a half more than at 4: docs/decisions/053-pool-writes-first-reads-limited.md). A write
 * spends most of its time waiting for its commit to reach the disk, and it has the places the
 * reads may not take, so it waits for a read to end only when writes fill those too.
 *
 * Who is a writer is said by the handle a request was given, not looked up in an async-local
 * store: an AsyncLocalStorage in use makes Node run a hook for every promise of every request
 * (docs/decisions/055-cache-invalidated-by-what-changed.md).
 *
 * The gate sits in front of pg's own pool with the same capacity, so that pool never queues:
 * the order in which connections are handed out is decided here.
 */
import { availableParallelism } from 'node:os';
import pg from 'pg';

type Waiter = () => void;

/**
 * At most `capacity` holders at once, of them at most `readCapacity` readers (all by default);
 * when full, writers are let in before readers, each kind in arrival order.
 */
export class PriorityGate {
  private readers = 0;
  private writers = 0;
  private readonly waitingWriters: Waiter[] = [];
  private readonly waitingReaders: Waiter[] = [];
  private readonly readCapacity: number;

  constructor(
    private readonly capacity: number,
    readCapacity: number = capacity,
  ) {
    this.readCapacity = Math.min(Math.max(1, readCapacity), capacity);
  }

  enter(writer: boolean): Promise<void> {
    // Nobody overtakes the waiting of its own kind (readers wait only while reads are full).
    const ahead = writer ? this.waitingWriters.length : this.waitingWriters.length + this.waitingReaders.length;
    if (ahead === 0 && this.admits(writer)) {
      this.take(writer);
      return Promise.resolve();
    }
    return new Promise((resolve) => (writer ? this.waitingWriters : this.waitingReaders).push(resolve));
  }

  /** A holder gives its place back (`writer`: as it entered). */
  leave(writer: boolean): void {
    if (writer) this.writers--;
    else this.readers--;
    this.letIn();
  }

  /** Waiting writers and readers (tests). */
  queued(): { writers: number; readers: number } {
    return { writers: this.waitingWriters.length, readers: this.waitingReaders.length };
  }

  /** Holders now (tests). */
  holding(): { writers: number; readers: number } {
    return { writers: this.writers, readers: this.readers };
  }

  private admits(writer: boolean): boolean {
    if (this.readers + this.writers >= this.capacity) return false;
    return writer || this.readers < this.readCapacity;
  }

  private take(writer: boolean): void {
    if (writer) this.writers++;
    else this.readers++;
  }

  /** Hands free places to the waiting: writers first, then readers while reads have room. */
  private letIn(): void {
    for (;;) {
      const writer = this.waitingWriters.length > 0 && this.admits(true);
      const next = writer ? this.waitingWriters.shift() : this.admits(false) ? this.waitingReaders.shift() : undefined;
      if (!next) return;
      this.take(writer);
      next();
    }
  }
}

/**
 * How many connections reads hold at once when DATABASE_POOL_READS is not set: twice this
 * machine's cores, the usual rule for how many statements a PostgreSQL server runs at once to
 * good effect, for the one-box setup where it runs beside the API. With the database on its own
 * server, DATABASE_POOL_READS is set from that server's cores (docs/operations.md).
 */
export function defaultPoolReads(): number {
  return 2 * availableParallelism();
}

/** How full a pool is: its connections, those held, and the statements waiting for one. */
export interface PoolUse {
  size: number;
  busy: number;
  waiting: number;
}

/** What a pool is asked through: a connection, or one statement on the next free one. */
type PoolMethod = 'connect' | 'query';

/**
 * pg's Pool without the two ways of using it, so that GatedPool may give them signatures of its
 * own (pg's `query` has callback and stream overloads nothing here uses). Still pg's Pool at run
 * time: Drizzle's node-postgres driver is documented to take a `pg.Pool`, and runs a transaction
 * on one connection it asks the pool for.
 */
const PoolWithoutUse: new (config?: pg.PoolConfig) => Omit<pg.Pool, PoolMethod> = pg.Pool;

/**
 * The pool as a reader or as a writer asks it: a pg.Pool whose connections (and the statements
 * run with `query`) come from `acquire`, never from its own (it opens none).
 */
class GatedPool extends PoolWithoutUse {
  constructor(private readonly acquire: () => Promise<pg.PoolClient>) {
    super({ max: 1 });
  }

  connect(): Promise<pg.PoolClient> {
    return this.acquire();
  }

  /** One statement on the next free connection, as pg's `pool.query` runs it (its promise forms). */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    config: string | pg.QueryConfig | pg.QueryArrayConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const client = await this.connect();
    try {
      const result = await client.query<R>(config as pg.QueryConfig, values);
      client.release();
      return result;
    } catch (error) {
      // As pg's pool.query does: a connection a statement failed on is not handed out again.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }
}

/**
 * pg's Pool, its connections handed out through a PriorityGate: `readers` and `writers` are the
 * same connections asked as a reader or as a writer. Only pg's documented API: `connect`, a
 * client's `query` and `release`, the pool's `release` event (when a connection comes back, its
 * place in the gate is given back), `on('error')` and `end`.
 */
export class PriorityPool {
  readonly gate: PriorityGate;
  /** The pool asked as a reader: waits while reads hold their most. */
  readonly readers: pg.Pool;
  /** The pool asked as a writer: its connections (and `query`) come before queued reads. */
  readonly writers: pg.Pool;
  private readonly pool: pg.Pool;
  private readonly size: number;
  /** Each connection handed out, and whether a writer holds it. */
  private readonly holders = new Map<pg.PoolClient, boolean>();

  /** `readCapacity`: the most connections reads hold at once (PriorityGate); the pool's size by default. */
  constructor(config: pg.PoolConfig, readCapacity?: number) {
    // pg's pool has the gate's capacity, so it never queues: the gate decides who goes next.
    this.pool = new pg.Pool(config);
    this.size = config.max ?? 10;
    this.gate = new PriorityGate(this.size, readCapacity);
    this.pool.on('release', (_error, client) => {
      const writer = this.holders.get(client);
      if (writer === undefined) return;
      this.holders.delete(client);
      this.gate.leave(writer);
    });
    // Typed as pg.Pool for Drizzle, which is documented to take one (GatedPool is one at run time).
    this.readers = new GatedPool(() => this.acquire(false)) as unknown as pg.Pool;
    this.writers = new GatedPool(() => this.acquire(true)) as unknown as pg.Pool;
  }

  /** A connection for a reader. */
  connect(): Promise<pg.PoolClient> {
    return this.readers.connect();
  }

  /** One statement as a reader. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.readers.query<R>(text, values);
  }

  /** Its size, the connections held and the statements waiting for one (metrics, load shedding). */
  use(): PoolUse {
    const held = this.gate.holding();
    const queued = this.gate.queued();
    return { size: this.size, busy: held.readers + held.writers, waiting: queued.readers + queued.writers };
  }

  /** An idle connection's error (the pool replaces it). */
  on(event: 'error', listener: (error: Error) => void): this {
    this.pool.on(event, listener);
    return this;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private async acquire(writer: boolean): Promise<pg.PoolClient> {
    await this.gate.enter(writer);
    try {
      const client = await this.pool.connect();
      this.holders.set(client, writer);
      return client;
    } catch (error) {
      this.gate.leave(writer);
      throw error;
    }
  }
}
