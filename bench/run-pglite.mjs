// The PGlite run (the embedded demo mode): the read rows on a smaller marketplace, and whether
// the API's thread stays responsive beside PGlite's work.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { load, pick } from './lib.mjs';
import { get, readEndpoints } from './run-rows.mjs';
import { measure, startApi, stop } from './run-servers.mjs';
import { chosen, connections, duration, log, warmup, work } from './run-settings.mjs';
import { productIds } from './seed.mjs';
import { seedPglite } from './seed-pglite.mjs';

/**
 * PGlite, the embedded default: `GET /` (no database) alone, then while product details are
 * read under the full connection count, with PGlite in its worker thread and on the API's
 * thread (PGLITE_WORKER=off) for comparison. Without the read cache, so that every product page
 * is PGlite's work: the read cache holds 10 000 answers, more than this marketplace's products,
 * and with it the row measured the API's thread serving kept answers, not PGlite beside it.
 */
async function pgliteResponsiveness(dataDir, counts, mode) {
  const api = await startApi({
    dataDir,
    noCache: true,
    extraEnv: { PGLITE_WORKER: mode === 'worker' ? 'on' : 'off' },
  });
  const products = productIds(counts, 20_000);
  const details = () => get(`/api/products/${pick(products)}`);
  const index = () => get('/');
  const spaConnections = 10;
  const seconds = Math.min(duration, 5);
  try {
    log(`PGlite (${mode}): GET / alone…`);
    await load(api.origin, index, { connections: spaConnections, duration: warmup });
    const idle = await load(api.origin, index, { connections: spaConnections, duration: seconds });
    log(`PGlite (${mode}): GET / while product details are read…`);
    await load(api.origin, details, { connections, duration: warmup });
    const [busy, read] = await Promise.all([
      load(api.origin, index, { connections: spaConnections, duration: seconds }),
      load(api.origin, details, { connections, duration: seconds }),
    ]);
    return {
      mode,
      keeps: busy.requestsPerSecond / Math.max(1, idle.requestsPerSecond),
      rows: [
        { name: `GET / alone (${mode})`, ...idle },
        { name: `GET / beside product details (${mode})`, ...busy },
        { name: `product details (${mode})`, target: { ratio: 0.05, p99: 1000 }, ...read },
      ],
    };
  } finally {
    await stop(api.child);
  }
}

export async function runPglite(counts) {
  log(`PGlite: seeding ${counts.products.toLocaleString('en')} products…`);
  const dataDir = join(work, 'pglite-data');
  mkdirSync(dataDir, { recursive: true });
  const seedSeconds = await seedPglite(join(dataDir, 'pglite'), counts);
  log(`PGlite: seeded in ${seedSeconds.toFixed(1)} s`);
  const api = await startApi({ dataDir });
  const rows = [];
  try {
    for (const endpoint of readEndpoints(counts)) {
      if (!chosen(endpoint.name)) continue;
      log(`PGlite: ${endpoint.name}…`);
      rows.push({
        name: endpoint.name,
        ...(await measure(api.origin, endpoint.make, { duration: Math.min(duration, 5) })),
      });
    }
  } finally {
    await stop(api.child);
  }
  const responsiveness = chosen('pglite responsiveness')
    ? [await pgliteResponsiveness(dataDir, counts, 'worker'), await pgliteResponsiveness(dataDir, counts, 'in-process')]
    : [];
  return {
    products: counts.products,
    reviews: counts.reviews,
    orders: counts.orders,
    seedSeconds,
    rows,
    responsiveness,
  };
}
