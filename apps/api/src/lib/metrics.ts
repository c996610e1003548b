/**
 * GET /metrics in Prometheus' text format (METRICS=on; with METRICS_TOKEN, only for
 * `Authorization: Bearer <token>`), through prom-client on a registry of this app's own:
 * - requests and their durations by method, route pattern (never the raw URL) and status: one
 *   onResponse hook, one map lookup and two increments a request;
 * - the connection pool (size, connections held, statements waiting), the read cache's hits and
 *   misses, orders placed and PayPal captures booked: read when scraped, nothing per request;
 * - Node's own (prom-client's default metrics): event-loop delay, CPU, memory, garbage collection.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#api/db/client.ts';
import { businessCounts } from './business-counts';
import { letThroughUnderPressure } from './load-shedding';
import type { ReadCache } from './read-cache';

export interface MetricsOptions {
  database: Database;
  cache: ReadCache;
  /** The bearer token a scrape must send; undefined: none asked. */
  token: string | undefined;
}

const LABELS = ['method', 'route', 'status'] as const;
/** Seconds: a cached read answers in well under 5 ms, a checkout in tens of ms. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter that shows a running total kept elsewhere: brought up to it when scraped. */
function totalOf(counter: Counter<string>, read: () => number, labels: Record<string, string> = {}): void {
  const now = read();
  // prom-client counters only go up: the difference since the last scrape is added.
  const shown = (counter as unknown as { shown?: Map<string, number> }).shown ?? new Map<string, number>();
  (counter as unknown as { shown: Map<string, number> }).shown = shown;
  const key = JSON.stringify(labels);
  const difference = now - (shown.get(key) ?? 0);
  if (difference > 0) counter.inc(labels, difference);
  shown.set(key, now);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { database, cache, token } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'torget_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: LABELS,
    registers,
  });
  const durations = new Histogram({
    name: 'torget_http_request_duration_seconds',
    help: 'Time from the request coming in to its answer sent, by method, route pattern and status.',
    labelNames: LABELS,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // Each label set's children, made once: a request then costs a lookup and two increments.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern; a request no route matched (a 404) is counted as one.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      child = { count: requests.labels(labels), time: durations.labels(labels) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(reply.elapsedTime / 1000);
    done();
  });

  const { poolUse } = database;
  if (poolUse) {
    new Gauge({
      name: 'torget_db_pool_connections',
      help: 'Database connections of the pool: its size, and those held now.',
      labelNames: ['state'],
      registers,
      collect() {
        const use = poolUse();
        this.set({ state: 'size' }, use.size);
        this.set({ state: 'busy' }, use.busy);
      },
    });
    new Gauge({
      name: 'torget_db_pool_waiting',
      help: 'Statements waiting for a database connection.',
      registers,
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }
  new Counter({
    name: 'torget_read_cache_hits_total',
    help: 'Reads answered from the read cache.',
    registers,
    collect() {
      totalOf(this, () => cache.stats().hits);
    },
  });
  new Counter({
    name: 'torget_read_cache_misses_total',
    help: 'Reads the read cache did not hold, loaded from the database.',
    registers,
    collect() {
      totalOf(this, () => cache.stats().misses);
    },
  });
  new Gauge({
    name: 'torget_read_cache_entries',
    help: 'Answers the read cache holds.',
    registers,
    collect() {
      this.set(cache.stats().size);
    },
  });
  new Counter({
    name: 'torget_orders_placed_total',
    help: 'Orders placed through this process.',
    registers,
    collect() {
      totalOf(this, () => businessCounts.ordersPlaced);
    },
  });
  new Counter({
    name: 'torget_payments_captured_total',
    help: 'PayPal captures booked by this process, by what they did (paid the order, or refunded: duplicate, wrong_amount…).',
    labelNames: ['outcome'],
    registers,
    collect() {
      for (const [outcome, count] of businessCounts.capturesBooked) totalOf(this, () => count, { outcome });
    },
  });

  // Scraped also while new work is shed: that is when it is wanted most.
  app.get('/metrics', { config: letThroughUnderPressure }, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is required.' });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
