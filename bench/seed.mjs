// The benchmark's marketplace, generated in SQL with generate_series (no row-by-row inserts, no
// HTTP). Ids are md5-derived uuids of a row number, so the harness can name any row it needs
// without reading it back: product i is seededId('product', i), and so on.
import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';

export const CATEGORIES = [
  'Art',
  'Books',
  'Clothing',
  'Electronics',
  'Garden',
  'Home',
  'Jewellery',
  'Kitchen',
  'Sports',
  'Toys',
];
// Product names are "<adjective> <material> <noun> <number>": a noun matches 1 product in 25.
export const NOUNS = [
  'lamp',
  'chair',
  'table',
  'mug',
  'vase',
  'scarf',
  'jacket',
  'kettle',
  'blanket',
  'basket',
  'candle',
  'bowl',
  'clock',
  'mirror',
  'pillow',
  'teapot',
  'wallet',
  'helmet',
  'puzzle',
  'poster',
  'novel',
  'speaker',
  'shovel',
  'ring',
  'racket',
];
const ADJECTIVES = ['Red', 'Blue', 'Green', 'Small', 'Large', 'Classic', 'Modern', 'Rustic', 'Nordic', 'Handmade'];
const MATERIALS = ['wooden', 'steel', 'glass', 'linen', 'wool', 'leather', 'ceramic', 'cotton', 'oak', 'birch'];

/** Every 50th seller has had the seller status revoked: their products are hidden. */
export const REVOKED_EVERY = 50;

export function defaultCounts(products) {
  return { sellers: 1000, buyers: 3000, products, reviews: 300_000, orders: 50_000 };
}

/**
 * The uuid the seed gives row `n` of a kind: md5 of '<kind>-<n>', with the version nibble set to
 * 4 and the variant to 8, so it is a valid version-4 uuid (the API checks ids strictly).
 */
export function seededId(kind, n) {
  const hex = createHash('md5').update(`${kind}-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** The SQL of seededId(kind, expression). */
function uid(kind, expression) {
  return `overlay(overlay(md5('${kind}-' || ${expression}) placing '4' from 13) placing '8' from 17)::uuid`;
}

/** The seller (1-based) of product `i`: products are dealt round the sellers. */
export function sellerOfProduct(i, counts) {
  return ((i - 1) % counts.sellers) + 1;
}

/** The first `howMany` products of active sellers (listed ones), in seed order. */
export function productIds(counts, howMany) {
  const ids = [];
  for (let i = 1; ids.length < howMany && i <= counts.products; i++) {
    if (sellerOfProduct(i, counts) % REVOKED_EVERY !== 0) ids.push(seededId('product', i));
  }
  return ids;
}

/**
 * The order the benchmarks place, as the seed's first buyer (a token signed with the API's
 * `jwtSecret`): `bodyFor(product)` is one item of that product, shipped in Stockholm, Swish.
 */
export async function buyerOrder(jwtSecret) {
  const token = await new SignJWT({ ver: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(seededId('buyer', 1))
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(jwtSecret));
  return {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    bodyFor: (product) =>
      JSON.stringify({
        orderItems: [{ product, qty: 1 }],
        shippingAddress: {
          fullName: 'Buyer 1',
          address: 'Storgatan 1',
          city: 'Stockholm',
          postalCode: '11122',
          country: 'Sweden',
        },
        paymentMethod: 'Swish',
      }),
  };
}

const textArray = (values) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/**
 * The seed as a list of SQL statements (for a schema without products.seller_active, as before
 * migration 0002, pass sellerActiveColumn: false). The stock of every product is large (1 000 000), so
 * the order benchmark never runs out. Product ratings and counts agree with the reviews.
 */
export function seedStatements(counts, { sellerActiveColumn = true } = {}) {
  const { sellers: S, buyers: B, products: N, reviews: R, orders: O } = counts;
  // At most K reviews a product; each needs its own buyer.
  const K = Math.ceil(R / N);
  if (B < K) throw new Error(`${R} reviews of ${N} products need at least ${K} buyers.`);
  // A fixed (invalid) password hash: nobody signs in with a password; the harness signs tokens.
  const hash = `'$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$bm90LWEtcmVhbC1oYXNo'`;
  return [
    `select setseed(0.42)`,
    `insert into users (id, name, email, password_hash, is_seller, created_at)
     select ${uid('seller', 's')}, 'Seller ' || s, 'seller' || s || '@bench.torget.test', ${hash},
            s % ${REVOKED_EVERY} <> 0, now() - interval '400 days' + s * interval '1 minute'
     from generate_series(1, ${S}) s`,
    `insert into users (id, name, email, password_hash, shipping_full_name, shipping_address,
            shipping_postal_code, shipping_city, shipping_country)
     select ${uid('buyer', 'b')}, 'Buyer ' || b, 'buyer' || b || '@bench.torget.test', ${hash},
            'Buyer ' || b, 'Storgatan ' || b, '11122', 'Stockholm', 'Sweden'
     from generate_series(1, ${B}) b`,
    `insert into sellers (user_id, name, description, plan, has_swish, swish_number, has_paypal)
     select ${uid('seller', 's')}, 'Shop ' || s, 'We sell fine things, shop number ' || s || '.', '3',
            true, '123' || lpad(s::text, 7, '0'), s % 2 = 0
     from generate_series(1, ${S}) s`,
    // Review r is of product p by buyer u; (p, u) is unique because the k-th review of a product
    // (k = (r - 1) / N) is by a buyer that depends on k alone among that product's reviews.
    `create temporary table bench_reviews on commit preserve rows as
     select r, 1 + (r - 1) % ${N} as p,
            1 + (r - 1) / ${N} + ${K} * (((r - 1) % ${N}) % ${Math.floor(B / K)}) as u,
            (1 + floor(random() * 4.6) + floor(random() * 1.4))::smallint as rating,
            now() - random() * interval '300 days' as created_at
     from generate_series(1, ${R}) r`,
    `update bench_reviews set rating = 5 where rating > 5`,
    `insert into products (id, seller_id, name, price_ore, image, category, brand, count_in_stock,
            description, rating, num_reviews, shipping_price_ore, shipping_info, created_at, updated_at
            ${sellerActiveColumn ? ', seller_active' : ''})
     select ${uid('product', 'i')}, ${uid('seller', `(1 + (i - 1) % ${S})`)}, n.name,
            (1000 + floor(random() * 99000))::int, '/uploads/bench-' || (i % 50) || '.webp',
            (${textArray(CATEGORIES)})[1 + floor(random() * ${CATEGORIES.length})::int],
            'Brand ' || (i % 200), 1000000,
            'A fine ' || lower(n.name) || ', made with care in Sweden. Ships in two days; returns within thirty days.',
            coalesce(r.rating, 0), coalesce(r.num, 0), 4900, 'PostNord, 2-3 days', n.created_at, n.created_at
            ${sellerActiveColumn ? `, (1 + (i - 1) % ${S}) % ${REVOKED_EVERY} <> 0` : ''}
     from generate_series(1, ${N}) i
     cross join lateral (
       select (${textArray(ADJECTIVES)})[1 + floor(random() * ${ADJECTIVES.length})::int] || ' ' ||
              (${textArray(MATERIALS)})[1 + floor(random() * ${MATERIALS.length})::int] || ' ' ||
              (${textArray(NOUNS)})[1 + (i * 7 + i / 3) % ${NOUNS.length}] || ' ' || i as name,
              now() - random() * 365 * interval '1 day' as created_at
     ) n
     left join (select p, avg(rating)::real as rating, count(*)::int as num from bench_reviews group by p) r on r.p = i`,
    // The bench's reviewers stand for buyers of the product: verified purchases, so the sellers'
    // ratings (which count verified reviews only, apps/api/src/db/ratings.ts) cover them all.
    `insert into reviews (id, product_id, seller_id, user_id, name, rating, comment, created_at, verified)
     select ${uid('review', 'r')}, ${uid('product', 'p')}, ${uid('seller', `(1 + (p - 1) % ${S})`)},
            ${uid('buyer', 'u')}, 'Buyer ' || u, rating, 'Good value, arrived quickly. Review ' || r || '.',
            created_at, true
     from bench_reviews`,
    // Each product's reviews as its page's JSON text, as the database keeps them (migration 0024):
    // written here where the seed runs with triggers off (PostgreSQL), by the triggers already
    // where they are on (PGlite). One grouped pass in torget_review_list's order, not that function
    // per product: the seed drops the reviews' indexes while it runs, so each call would read
    // every review (review-texts.test.ts checks this statement against the kept texts).
    `insert into product_review_texts (product_id, reviews)
     select r.product_id, '[' || string_agg(torget_review_json(r), ',' order by r.created_at desc, r.id desc) || ']'
     from reviews r group by r.product_id
     on conflict (product_id) do nothing`,
    `update sellers s set rating = a.rating, num_reviews = a.num
     from (select seller_id, avg(rating)::real as rating, count(*)::int as num from reviews group by seller_id) a
     where a.seller_id = s.user_id`,
    `drop table bench_reviews`,
    // Order o is from seller s = 1 + o % S, with 1-3 lines of that seller's products.
    `create temporary table bench_items on commit preserve rows as
     select o, j, ${uid('product', `(s + ${S} * ((o * 7 + j * 13) % ${Math.max(1, Math.floor(N / S))}))`)} as product_id,
            s, 1 + (o + j) % 3 as qty
     from generate_series(1, ${O}) o
     cross join lateral (select 1 + o % ${S} as s) x
     cross join lateral generate_series(1, 1 + o % 3) j`,
    `insert into orders (id, user_id, seller_id, buyer_name, seller_name, seller_swish_number, shipping_full_name,
            shipping_address, shipping_city, shipping_postal_code, shipping_country, payment_method,
            items_price_ore, shipping_price_ore, tax_price_ore, total_price_ore, is_paid, paid_at, created_at, updated_at)
     select ${uid('order', 't.o')}, ${uid('buyer', `(1 + t.o % ${B})`)}, ${uid('seller', 't.s')},
            'Buyer ' || (1 + t.o % ${B}), 'Shop ' || t.s, '123' || lpad(t.s::text, 7, '0'),
            'Buyer ' || (1 + t.o % ${B}), 'Storgatan 1', 'Stockholm', '11122', 'Sweden', 'Swish',
            t.items, t.shipping, 0, t.items + t.shipping, t.o % 2 = 0,
            case when t.o % 2 = 0 then t.created_at end, t.created_at, t.created_at
     from (
       select i.o, i.s, sum(p.price_ore * i.qty)::int as items, max(p.shipping_price_ore)::int as shipping,
              now() - (i.o % 365) * interval '1 day' as created_at
       from bench_items i join products p on p.id = i.product_id
       group by i.o, i.s
     ) t`,
    `insert into order_items (order_id, seller_id, product_id, name, image, qty, price_ore, shipping_price_ore)
     select ${uid('order', 'i.o')}, ${uid('seller', 'i.s')}, p.id, p.name, p.image, i.qty, p.price_ore,
            p.shipping_price_ore
     from bench_items i join products p on p.id = i.product_id`,
    `drop table bench_items`,
  ];
}

/** The embedded run's marketplace (`npm run bench`'s PGlite part): `products` products, a smaller rest. */
export function pgliteCounts(products) {
  return { ...defaultCounts(products), sellers: 100, buyers: 300, reviews: 30_000, orders: 5_000 };
}
