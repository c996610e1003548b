/**
 * A connection pool where writes go first (issue 13's mixed workload).
 *
 * Under a read load that fills the pool, a request waits for a connection behind every read
 * queued before it: at 48 connections of searches an order waited a second for its turn, though
 * it then ran in milliseconds. Writes are few and short and a buyer is waiting on each, so a
 * request that writes (its method is not GET or HEAD) takes the next free connection before any
 * queued read: its database handle (Database.handle, db/client.ts) is built on `pool.writers`,
 * the same pool asked as a writer. Reads still get every connection writes do not hold, and
 * writes cannot starve them: each write holds a connection only for its own statements.
 *
 * Who is a writer is said by the handle a request was given, not looked up in an async-local
 * store: an AsyncLocalStorage in use makes Node run a hook for every promise of every request
 * (performance.md, "Eighth pass").
 *
 * The gate sits in front of pg's own pool with the same capacity, so that pool never queues:
 * the order in which connections are handed out is decided here.
 */
import pg from 'pg';

type Waiter = () => void;

/** At most `capacity` holders at once; when full, writers are let in before readers. */
export class PriorityGate {
  private active = 0;
  private readonly writers: Waiter[] = [];
  private readonly readers: Waiter[] = [];

  constructor(private readonly capacity: number) {}

  enter(writer: boolean): Promise<void> {
    if (this.active < this.capacity) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => (writer ? this.writers : this.readers).push(resolve));
  }

  leave(): void {
    const next = this.writers.shift() ?? this.readers.shift();
    // The place passes straight to the next waiter; `active` stays as it is.
    if (next) next();
    else this.active--;
  }

  /** Waiting writers and readers (tests). */
  queued(): { writers: number; readers: number } {
    return { writers: this.writers.length, readers: this.readers.length };
  }
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

  constructor(config: pg.PoolConfig) {
    super(config);
    this.gate = new PriorityGate(config.max ?? 10);
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
      this.gate.leave();
      throw error;
    }
    // pg sets a fresh release on every hand-out, so this wraps only this one.
    const release = client.release.bind(client);
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (!released) {
        released = true;
        this.gate.leave();
      }
      return release(error);
    };
    return client;
  }
}
