/**
 * A connection pool where writes go first and reads have a limit of their own, so a shop's
 * writes are not held up by its reads.
 *
 * Under a read load that fills the pool, a request waits for a connection behind every read
 * queued before it: at 48 connections of searches an order waited a second for its turn, though
 * it then ran in milliseconds. Writes are few and short and a buyer is waiting on each, so a
 * request that writes (its method is not GET or HEAD) takes the next free connection before any
 * queued read: its database handle (Database.handle, db/client.ts) is built on `pool.writers`,
 * the same pool asked as a writer. Writes cannot starve reads: each write holds a connection
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

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/** pg's Pool, its connections handed out through a PriorityGate. */
export class PriorityPool extends pg.Pool {
  readonly gate: PriorityGate;
  /**
   * This pool, asked as a writer: its `connect` (and `query`, which connects through it) comes
   * before queued reads. The pool's own state is shared (it is this pool, seen through another
   * `connect`), and it is a pg.Pool to drizzle, which then runs a transaction on one connection.
   */
  readonly writers: pg.Pool;

  /** `readCapacity`: the most connections reads hold at once (PriorityGate); the pool's size by default. */
  constructor(config: pg.PoolConfig, readCapacity?: number) {
    super(config);
    this.gate = new PriorityGate(config.max ?? 10, readCapacity);
    const connectAsWriter = (callback?: ConnectCallback) => this.connectAs(true, callback);
    this.writers = Object.create(this, { connect: { value: connectAsWriter } }) as pg.Pool;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    return this.connectAs(false, callback);
  }

  private connectAs(writer: boolean, callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const acquired = this.acquire(writer);
    if (!callback) return acquired;
    // pg's own query() connects with a callback.
    acquired.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }

  private async acquire(writer: boolean): Promise<pg.PoolClient> {
    await this.gate.enter(writer);
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.gate.leave(writer);
      throw error;
    }
    // pg sets a fresh release on every hand-out, so this wraps only this one.
    const release = client.release.bind(client);
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (!released) {
        released = true;
        this.gate.leave(writer);
      }
      return release(error);
    };
    return client;
  }
}
