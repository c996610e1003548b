// The rows of the bench: the read endpoints with their targets and request makers, the order
// endpoint, and how a request's SQL statements are counted.
import { pick } from './lib.mjs';
import { buyerOrder, CATEGORIES, NOUNS, productIds, REVOKED_EVERY, seededId } from './seed.mjs';

function activeSellerIds(counts) {
  const ids = [];
  for (let s = 1; s <= counts.sellers; s++) if (s % REVOKED_EVERY !== 0) ids.push(seededId('seller', s));
  return ids;
}

export const get = (path) => ({ method: 'GET', path });
export const query = (params) => `/api/products?${new URLSearchParams(params)}`;

/** The deepest page the deep-page run asks for: page 2000, or less on a smaller marketplace. */
export function deepPage(counts) {
  const perCategory = counts.products / CATEGORIES.length;
  return Math.max(2, Math.min(2000, Math.floor((perCategory / 12) * 0.9)));
}

/** The word with two neighbouring letters swapped ("lmap" for "lamp"): a typo as typed. */
function withTypo(word) {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * The read endpoints: name, target (ratio of the ceiling, p99 ms), and a request maker. The
 * search terms, categories, products and sellers rotate, as real traffic does.
 */
export function readEndpoints(counts) {
  const products = productIds(counts, 20_000);
  const sellers = activeSellerIds(counts);
  const full = (order) => () =>
    get(query({ name: pick(NOUNS), category: pick(CATEGORIES), min: 100, max: 500, rating: 3, order }));
  const deep = deepPage(counts);
  return [
    {
      name: 'product details',
      uncached: true,
      instances: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get(`/api/products/${pick(products)}`),
    },
    {
      // The same product as a page: index.html with its title, preview tags and JSON-LD written
      // in (apps/api/src/seo/); its target is at least 0.8× the JSON read's rate.
      name: 'product page (server-written tags)',
      uncached: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get(`/product/${pick(products)}`),
    },
    { name: 'home: top sellers', target: { ratio: 0.15, p99: 50 }, make: () => get('/api/users/top-sellers') },
    {
      name: 'home: products page 1',
      instances: true,
      target: { ratio: 0.15, p99: 50 },
      make: () => get('/api/products'),
    },
    { name: 'categories', target: { ratio: 0.15, p99: 50 }, make: () => get('/api/products/categories') },
    {
      name: 'search: name',
      target: { ratio: 0.08, p99: 100 },
      search: true,
      make: () => get(query({ name: pick(NOUNS) })),
    },
    { name: 'search: full, newest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('newest') },
    { name: 'search: full, lowest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('lowest') },
    { name: 'search: full, highest', target: { ratio: 0.08, p99: 100 }, search: true, make: full('highest') },
    { name: 'search: full, toprated', target: { ratio: 0.08, p99: 100 }, search: true, make: full('toprated') },
    {
      name: 'storefront',
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ seller: pick(sellers), pageNumber: 1 })),
    },
    {
      name: 'category page 1',
      alone: true,
      instances: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ category: pick(CATEGORIES), pageNumber: 1 })),
    },
    {
      name: `category page ${deep}`,
      alone: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ category: pick(CATEGORIES), pageNumber: deep })),
    },
    { name: 'SPA index (/)', uncached: true, target: { ratio: 0.15, p99: 50 }, make: () => get('/') },
    // The rest of the catalogue's reads, measured without the cache too.
    {
      name: 'search: name, few matches',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: `${pick(NOUNS)} ${Math.floor(Math.random() * 9000) + 1000}` })),
    },
    {
      // A typo (two letters swapped): found through the names' trigrams, or nothing found and a
      // suggestion looked for among the names' words.
      name: 'search: name, typo',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: withTypo(pick(NOUNS)) })),
    },
    {
      name: 'search: name, best match',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(query({ name: pick(NOUNS), order: 'relevance' })),
    },
    { name: 'search: full, relevance', target: { ratio: 0.08, p99: 100 }, search: true, make: full('relevance') },
    {
      name: 'suggest',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => {
        const noun = pick(NOUNS);
        return get(
          `/api/products/suggest?${new URLSearchParams({ q: noun.slice(0, 2 + Math.floor(Math.random() * (noun.length - 1))) })}`,
        );
      },
    },
    {
      name: 'suggest: shop',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(`/api/products/suggest?q=${encodeURIComponent(`shop ${Math.floor(Math.random() * 99) + 1}`)}`),
    },
    {
      name: 'facets: no filter',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get('/api/products/facets'),
    },
    {
      name: 'facets: name',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () => get(`/api/products/facets?${new URLSearchParams({ name: pick(NOUNS) })}`),
    },
    {
      name: 'facets: full',
      search: true,
      target: { ratio: 0.08, p99: 100 },
      make: () =>
        get(
          `/api/products/facets?${new URLSearchParams({ name: pick(NOUNS), category: pick(CATEGORIES), min: '100', max: '500', rating: '3' })}`,
        ),
    },
  ];
}

/** The same request with pageSize 100 instead of the default 12, for the statement check. */
export function withBigPage(request) {
  if (!request.path.startsWith('/api/products?')) return null;
  const url = new URL(request.path, 'http://x');
  url.searchParams.set('pageSize', '100');
  return { ...request, path: `${url.pathname}${url.search}` };
}

export async function statementsOf(origin, request) {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
  const header = response.headers.get('x-sql-statements');
  return header === null ? null : Number(header);
}

/** Orders as the seed's first buyer, signed with the servers' `jwtSecret`. */
export async function orderEndpoint(counts, jwtSecret) {
  const { headers, bodyFor } = await buyerOrder(jwtSecret);
  const pool = productIds(counts, 1000);
  return {
    pool,
    make: () => ({ method: 'POST', path: '/api/orders', headers, body: bodyFor(pick(pool)) }),
    makeFor: (product) => () => ({ method: 'POST', path: '/api/orders', headers, body: bodyFor(product) }),
  };
}

/**
 * The targets of a read without the cache: one request at a time, median and
 * p99 under the limits (searches and facets 50 / 150 ms, suggestions a 20 ms median, the other
 * reads 30 / 100 ms), and at least 0.05 of the ceiling under the run's connections.
 */
export function noCacheTarget(endpoint) {
  if (endpoint.name.startsWith('suggest')) return { ratio: 0.05, p99: 1000, aloneP50: 20, aloneP99: 100 };
  if (endpoint.search) return { ratio: 0.05, p99: 1000, aloneP50: 50, aloneP99: 150 };
  return { ratio: 0.05, p99: 1000, aloneP50: 30, aloneP99: 100 };
}
