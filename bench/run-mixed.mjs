// The mixed workload: Zipf-distributed reads beside a paced stream of orders, reviews and edits.
import { SignJWT } from 'jose';
import pg from 'pg';
import { cpuPerRequest, cpuTicks, load, loadByKind, pick } from './lib.mjs';
import { stockOf } from './run-database.mjs';
import { get, query } from './run-rows.mjs';
import { connections, duration, jwtSecret, log, searchShare, writeShare } from './run-settings.mjs';
import { CATEGORIES, NOUNS, productIds, REVOKED_EVERY, seededId, sellerOfProduct } from './seed.mjs';

/**
 * The mixed workload's reviews: (buyer, product) pairs of 500 buyers and the product pages that
 * the buyer has not reviewed, each given out once. A buyer's second review of a product is
 * refused (409, ALREADY_REVIEWED), rightly: drawn at random, one pair in a thousand was a seeded
 * review, and a kept database (--database) holds the reviews of earlier runs, so about one run in
 * twelve counted a refusal among the writes' errors.
 */
async function freshReviews(databaseUrl, counts, pages) {
  const buyers = Array.from({ length: Math.min(counts.buyers, 500) }, (_, b) => seededId('buyer', b + 1));
  const pairs = Array.from({ length: 20_000 }, () => ({ buyer: pick(buyers), product: pick(pages) }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let reviewed;
  try {
    const { rows } = await client.query(
      `select user_id || ' ' || product_id as pair from reviews
       where (user_id, product_id) in (select * from unnest($1::uuid[], $2::uuid[]))`,
      [pairs.map((p) => p.buyer), pairs.map((p) => p.product)],
    );
    reviewed = new Set(rows.map((row) => row.pair));
  } finally {
    await client.end();
  }
  const fresh = new Map();
  for (const pair of pairs) fresh.set(`${pair.buyer} ${pair.product}`, pair);
  for (const key of reviewed) fresh.delete(key);
  const tokens = new Map();
  const given = [];
  for (const pair of fresh.values()) {
    if (!tokens.has(pair.buyer)) tokens.set(pair.buyer, await tokenFor(pair.buyer));
    given.push({ product: pair.product, token: tokens.get(pair.buyer) });
  }
  let at = 0;
  return {
    next() {
      if (at >= given.length) throw new Error(`the mixed workload wrote more than ${given.length} reviews`);
      return given[at++];
    },
  };
}

/**
 * Keeps the mixed workload's writes to `share` of its requests (null: no limit): a write waits
 * until `(1 - share) / share` reads have been sent for it and every write before it, so 2 % is 49
 * reads a write. Without it the two writing connections went as fast as they were answered, 3–8 %
 * of the requests by machine, where the workload the targets assume has 2 %.
 */
function writePacer(share) {
  const readsPerWrite = share === null ? 0 : (1 - share) / share;
  let reads = 0;
  let writes = 0;
  let ended = false;
  const waiting = []; // { at, resolve }, in the order of `at`
  return {
    read() {
      reads++;
      while (waiting.length > 0 && reads >= waiting[0].at) waiting.shift().resolve();
    },
    /** Resolves true when the next write may go, false once the reads have ended. */
    write() {
      if (ended) return Promise.resolve(false);
      writes++;
      const at = writes * readsPerWrite;
      if (reads >= at) return Promise.resolve(true);
      return new Promise((resolve) => waiting.push({ at, resolve: () => resolve(!ended) }));
    },
    end() {
      ended = true;
      for (const { resolve } of waiting.splice(0)) resolve();
    },
  };
}

/** A sampler of ranks 0…n-1 with Zipf's law (s = 1): rank r comes with weight 1/(r+1). */
function zipf(n) {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) {
    sum += 1 / (r + 1);
    cumulative[r] = sum;
  }
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const tokenFor = (userId) =>
  new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(jwtSecret));

/**
 * The mixed workload: reads spread over 10 000 distinct searches (25 nouns × 10
 * categories × 40 lowest prices) drawn with Zipf's law and product pages over up to 100 000 ids,
 * beside a stream of writes (orders, reviews, product edits in turn). Reads run on 48
 * connections and writes on 2, so writes are a few % of requests (the share is reported); each
 * side gets its own latency figures, and the writes' by kind (loadByKind). At least 10 s, so slow writes are counted at all. Stock
 * must match the lines written at the end.
 */
export async function mixedWorkload(origin, databaseUrl, counts, order, pid) {
  const searches = [];
  for (const name of NOUNS)
    for (const category of CATEGORIES)
      for (let min = 0; min < 400; min += 10) searches.push(query({ name, category, min }));
  const rank = zipf(searches.length);
  const pages = productIds(counts, 100_000);
  const pacer = writePacer(writeShare);
  const readOne = () => {
    pacer.read();
    return Math.random() < searchShare ? get(searches[rank()]) : get(`/api/products/${pick(pages)}`);
  };

  // Edits never touch the order pool's products, so the stock check stays exact.
  const ordered = new Set(order.pool);
  const editable = [];
  for (let i = 1; editable.length < 2_000 && i <= counts.products; i++) {
    const seller = sellerOfProduct(i, counts);
    if (seller % REVOKED_EVERY !== 0 && !ordered.has(seededId('product', i))) editable.push({ i, seller });
  }
  const sellerTokens = new Map();
  for (const { seller } of editable.slice(0, 200)) {
    if (!sellerTokens.has(seller)) sellerTokens.set(seller, await tokenFor(seededId('seller', seller)));
  }
  const editPool = editable.slice(0, 200);
  const reviews = await freshReviews(databaseUrl, counts, pages);
  let turn = 0;
  const writeOne = () => {
    turn++;
    if (turn % 3 === 0) return { kind: 'order', ...order.make() };
    if (turn % 3 === 1) {
      const { product, token } = reviews.next();
      return {
        kind: 'review',
        method: 'POST',
        path: `/api/products/${product}/reviews`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ rating: 1 + Math.floor(Math.random() * 5), comment: 'Bench review' }),
      };
    }
    const { i, seller } = pick(editPool);
    return {
      kind: 'product edit',
      method: 'PUT',
      path: `/api/products/${seededId('product', i)}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sellerTokens.get(seller)}` },
      body: JSON.stringify({
        name: `${pick(NOUNS)} edited ${turn}`,
        price: 10 + (turn % 400),
        category: CATEGORIES[i % CATEGORIES.length],
        countInStock: 50,
      }),
    };
  };

  const writesSaid =
    writeShare === null ? 'writes as fast as 2 connections go' : `${Math.round(writeShare * 1000) / 10} % writes`;
  log(
    `mixed workload: reads (${Math.round(searchShare * 100)} % of them Zipf searches, the rest product pages), ${writesSaid}…`,
  );
  const before = await stockOf(databaseUrl, order.pool);
  const seconds = Math.max(duration, 10);
  const ticksBefore = cpuTicks(pid);
  const [reads, writes] = await Promise.all([
    // When the reads end, the writes end too: one still waiting for its share is not sent.
    load(origin, readOne, { connections: Math.max(1, connections - 2), duration: seconds }).finally(pacer.end),
    // Writes by kind, so a slow kind shows by name (autocannon keeps one latency histogram).
    loadByKind(origin, writeOne, { connections: 2, duration: seconds, pace: pacer.write }),
  ]);
  // The CPU of reads and writes together, per request of either (the reads are 98 % of them):
  // steadier from run to run than the p99, so a change shows against the machine's noise.
  const cpu = cpuPerRequest(ticksBefore, cpuTicks(pid), reads.requests + writes.requests);
  await new Promise((r) => setTimeout(r, 1000));
  const after = await stockOf(databaseUrl, order.pool);
  const share = writes.requests / Math.max(1, reads.requests + writes.requests);
  return {
    writeShare: share,
    writeShareAsked: writeShare, // null: as fast as two connections go
    searchShare,
    stockConsistent: before.stock - after.stock === after.sold - before.sold && after.negative === 0,
    rows: [
      { name: 'mixed: reads', target: { ratio: 0, p99: 100 }, ...reads, ...(cpu ? { cpu } : {}) },
      { name: 'mixed: writes', target: { ratio: 0, p99: 150 }, ...writes },
    ],
  };
}
