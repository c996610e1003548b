/**
 * A connection pool where writes go first (issue 13's mixed workload).
 *
 * Under a read load that fills the pool, a request waits for a connection behind every read
 * queued before it: at 48 connections of searches an order waited a second for its turn, though
 * it then ran in milliseconds. Writes are few and short and a buyer is waiting on each, so a
 * request that writes (its method is not GET or HEAD: `asWriter`) takes the next free connection
 * before any queued read. Reads still get every connection writes do not hold, and writes cannot
 * starve them: each write holds a connection only for its own statements.
 *
 * The gate sits in front of pg's own pool with the same capacity, so that pool never queues:
 * the order in which connections are handed out is decided here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

const writing = new AsyncLocalStorage<boolean>();

/** Runs `work` as a writer: the connections it asks for come before queued reads. */
export function asWriter<T>(work: () => T): T {
  return writing.run(true, work);
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/** pg's Pool, its connections handed out through a PriorityGate. */
export class PriorityPool extends pg.Pool {
  readonly gate: PriorityGate;

  constructor(config: pg.PoolConfig) {
    super(config);
    this.gate = new PriorityGate(config.max ?? 10);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const acquired = this.acquire();
    if (!callback) return acquired;
    // pg's own query() connects with a callback.
    acquired.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }

  private async acquire(): Promise<pg.PoolClient> {
    await this.gate.enter(writing.getStore() === true);
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
