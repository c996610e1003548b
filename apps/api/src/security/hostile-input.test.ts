/**
 * Hostile input, property-based: every write endpoint of the running app gets random and
 * malformed JSON, wrong types, unknown fields, prototype-pollution keys, odd Unicode (NUL, lone
 * surrogates, RTL marks) and huge strings, as an admin and as a customer. Never a 500, never a
 * stack trace in the answer, and a refused request leaves every table exactly as it was.
 */

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '#api/app.ts';
import { users } from '#api/db/schema.ts';
import { createAuth } from '#api/lib/auth.ts';
import { ADDRESS, product, type Session } from '#api/modules/orders/order-test-kit.ts';
import { createUser } from '#api/test/fixtures.ts';
import {
  createSecurityTestApp,
  freshAddress,
  freshOrder,
  LEAK_PATTERN,
  type SecurityTestApp,
  tableDumper,
} from './security-kit';

const RUNS = 25;

let t: SecurityTestApp;
let dump: () => Promise<string>;
let issueToken: (who: Session) => Promise<string>;
/** Real ids for path parameters, by the collection the path names. */
const targets: Record<'products' | 'users' | 'orders', string[]> = { products: [], users: [], orders: [] };

beforeAll(async () => {
  t = await createSecurityTestApp();
  const { db } = t.database;
  dump = await tableDumper(db);
  const auth = createAuth(db, t.config.jwtSecret);
  // A fresh token before each request: a random profile update may change the password.
  issueToken = async (who) => {
    const [row] = await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, who.id));
    return auth.issueToken({ id: who.id, tokenVersion: row?.v ?? 0 });
  };
  for (let i = 0; i < 3; i++) {
    targets.products.push((await product(t, t.cast.owner.id, { countInStock: 50 })).id);
    targets.users.push((await createUser(db)).id);
    targets.orders.push((await freshOrder(t, i === 0 ? 'PayPal' : 'Swish'))._id);
  }
}, 60_000);
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Generators

const ODD_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202e\u200f',
  '\ufeff',
  '\u2028\u2029',
  'e\u0301',
  '𝕏🛒',
  '<script>alert(1)</script>',
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  ' ',
  '',
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.array(fc.constantFrom(...ODD_TEXT), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(1000, 20_001, 60_000).map((n) => 'ä'.repeat(n)),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddString, weight: 4 },
  { arbitrary: fc.constantFrom(0, -1, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, true, false, null), weight: 2 },
  { arbitrary: fc.constantFrom([], {}, ['\u0000'], { $ne: null }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'price',
  'countInStock',
  'rating',
  'comment',
  'is_admin',
  'is_seller',
  'orderItems',
  'paymentMethod',
  'shippingAddress',
  'seller_name',
  'seller_domain',
  'about_text',
  'id',
  '_id',
  'user',
];

/** Extra members to splice into an object: pollution keys, known names with wrong types, junk. */
const extraMembers = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...POLLUTION_KEYS, ...FIELD_NAMES), fc.string({ unit: 'binary', maxLength: 12 })),
    fc.oneof(oddValue, fc.constant({ is_admin: true, isAdmin: true, polluted: 'yes' })),
  ),
  { maxLength: 3 },
);

/** A valid payload of each write endpoint, which the generators then damage. */
function templateFor(route: string): Record<string, unknown> {
  const templates: Record<string, Record<string, unknown>> = {
    'PUT /api/products/:id': {
      name: 'Produkt',
      price: 10,
      image: '',
      category: 'Test',
      brand: 'Märke',
      countInStock: 2,
      description: 'Text',
      shipping_price: 0,
      shipping_info: '',
    },
    'POST /api/products/:id/reviews': { rating: 4, comment: 'Bra' },
    'POST /api/users/signin': { email: 'kund@example.se', password: 'password123' },
    'POST /api/users/register': { name: 'Ny Kund', email: 'ny@example.se', password: 'ett-långt-lösen' },
    'POST /api/users/forgot_password': { email: 'kund@example.se' },
    'POST /api/users/reset_password': {
      email: 'kund@example.se',
      new_password: 'ett-långt-lösen',
      reset_password_token: 'abc',
    },
    'PUT /api/users/profile': { name: 'Namn', seller_subtitle: 'Sedan 2021' },
    // Never the account's password: a template that erased the caller would end the run's session.
    'DELETE /api/users/me': { password: 'inte-rätt-lösenord' },
    'PUT /api/users/:id': { is_seller: false, seller_domain: 'butik.example.se' },
    'PUT /api/users/save_shipping_address': {
      shipping_full_name: 'Eva Ek',
      shipping_address: 'Storgatan 1',
      shipping_postal_code: '903 25',
      shipping_city: 'Umeå',
      shipping_country: 'Sverige',
    },
    'POST /api/orders': {
      orderItems: [{ product: targets.products[0], qty: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
    },
    'PUT /api/orders/:id/update': { is_paid: true, paid_date: '2026-01-02', is_delivered: false },
    'PUT /api/orders/:id/pay': { id: 'ABC123' },
    'PUT /api/orders/:id/pay/': { id: 'ABC123' },
    'PUT /api/settings': { about_text: '<p>Om oss</p>' },
  };
  return templates[route] ?? {};
}

/** Paths to every value of a JSON value (objects and arrays included), up to depth 3. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], [...prefix, k]))];
}

function pathValue(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | null)?.[k], value);
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/** JSON text of `value` with `extras` spliced in as members of the outer object, if it is one. */
function withMembers(value: unknown, extras: [string, unknown][]): string {
  const text = JSON.stringify(value) ?? 'null';
  if (extras.length === 0 || !text.startsWith('{')) return text;
  const members = extras.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',');
  return text === '{}' ? `{${members}}` : `{${members},${text.slice(1)}`;
}

interface Body {
  payload: string;
  contentType: string | undefined;
}

function bodyFor(route: string): fc.Arbitrary<Body> {
  const template = templateFor(route);
  const paths = pathsOf(template);
  const json = (payload: string): Body => ({ payload, contentType: 'application/json' });
  return fc.oneof(
    // The valid payload with one value replaced and members added.
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), oddValue, extraMembers)
        .map(([path, value, extras]) => json(withMembers(setAt(template, path, value), extras))),
      weight: 6,
    },
    // Any JSON at all.
    fc.jsonValue({ maxDepth: 4 }).map((value) => json(JSON.stringify(value) ?? 'null')),
    // Not JSON, or cut short.
    fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constant(JSON.stringify(template)).chain((text) => fc.nat(text.length).map((n) => text.slice(0, n))),
        fc.constantFrom('{"a":1,}', "{'a':1}", '[1,2', '{"__proto__":', 'NaN', '{"a":01}', '\u0000', '{"a":"\\ud800"}'),
      )
      .map(json),
    // Prototype pollution through the body.
    fc
      .constantFrom(
        '{"__proto__":{"is_admin":true,"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"name":"x","__proto__":{"isSeller":true}}',
      )
      .map(json),
    // The right body under another content type.
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', undefined)
      .map((contentType) => ({ payload: JSON.stringify(template), contentType })),
  );
}

const HOSTILE_PARAMS = [
  '00000000-0000-4000-8000-000000000000',
  'not-an-id',
  '%00',
  '%ZZ',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  '1%20or%201%3D1',
  encodeURIComponent("'; drop table orders; --"),
  '%E2%80%AE',
  'x'.repeat(300),
];

const kindOf = (url: string) =>
  url.startsWith('/api/products') ? 'products' : url.startsWith('/api/orders') ? 'orders' : 'users';

function paramFor(url: string): fc.Arbitrary<string> {
  const real = targets[kindOf(url)];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_PARAMS), weight: 1 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
      weight: 1,
    },
  );
}

// ---------------------------------------------------------------------------------------------
// The properties

interface Failure {
  route: string;
  status: number;
  body: string;
  payload: string;
}

function checkAnswer(route: string, status: number, body: string, payload: string): Failure | null {
  if (status >= 500 || LEAK_PATTERN.test(body)) return { route, status, body: body.slice(0, 300), payload };
  return null;
}

const realTarget = (url: string) => targets[kindOf(url)][0] ?? '';

const writeRoutes = () => listApiRoutes(t.app).filter((r) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method));

describe('hostile input to every write endpoint', () => {
  it('covers the write endpoints of the running app', () => {
    const routes = writeRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(20);
    console.log(`hostile input: ${routes.length} write endpoints × 2 roles × ${RUNS} runs`);
  });

  for (const role of ['admin', 'customer'] as const) {
    it(`as ${role}: never a 500 or a stack trace, and a refused request changes nothing`, async () => {
      const who = t.cast[role];
      const failures: Failure[] = [];
      const statuses: Record<number, number> = {};
      let before = await dump();
      for (const route of writeRoutes()) {
        const key = `${route.method} ${route.url}`;
        await fc.assert(
          fc.asyncProperty(bodyFor(key), paramFor(route.url), async (body, param) => {
            const url = route.url.replace(/:[a-z]+/gi, param);
            const res = await t.app.inject({
              method: route.method as 'POST' | 'PUT' | 'DELETE',
              url,
              remoteAddress: freshAddress(),
              headers: {
                authorization: `Bearer ${await issueToken(who)}`,
                ...(body.contentType ? { 'content-type': body.contentType } : {}),
              },
              payload: body.payload,
            });
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            const failure = checkAnswer(`${key} → ${url}`, res.statusCode, res.body, body.payload.slice(0, 300));
            if (failure) failures.push(failure);
            const after = await dump();
            if (res.statusCode >= 400 && after !== before) {
              failures.push({
                route: `${key} → ${url}`,
                status: res.statusCode,
                body: 'changed the database',
                payload: body.payload.slice(0, 300),
              });
            }
            before = after;
          }),
          { numRuns: RUNS },
        );
      }
      console.log(`hostile input as ${role}: answers ${JSON.stringify(statuses)}`);
      expect(failures.slice(0, 10)).toEqual([]);
    }, 60_000);
  }

  it('answers a wrong type in any field of any template with a 400 that names the field', async () => {
    const wrongTypeFor = (value: unknown) =>
      typeof value === 'string' ? 12345 : typeof value === 'number' ? 'tolv' : typeof value === 'boolean' ? 'ja' : 'x';
    const unnamed: string[] = [];
    for (const route of writeRoutes()) {
      const key = `${route.method} ${route.url}`;
      const template = templateFor(key);
      for (const [field, value] of Object.entries(template)) {
        const url = route.url.replace(/:[a-z]+/gi, targets[kindOf(route.url)][0] ?? '');
        const res = await t.app.inject({
          method: route.method as 'POST' | 'PUT' | 'DELETE',
          url,
          remoteAddress: freshAddress(),
          headers: { authorization: `Bearer ${await issueToken(t.cast.admin)}` },
          payload: { ...template, [field]: wrongTypeFor(value) },
        });
        const message = String(res.json().message ?? '');
        if (res.statusCode !== 400 || !message.startsWith(`Invalid ${field}:`)) {
          unnamed.push(`${key} ${field}: ${res.statusCode} ${message}`);
        }
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('refuses a NUL or a lone surrogate in every text field of every template with 400', async () => {
    const failures: Failure[] = [];
    for (const route of writeRoutes()) {
      const key = `${route.method} ${route.url}`;
      const template = templateFor(key);
      const textPaths = pathsOf(template).filter(
        (path) => path.length > 0 && typeof pathValue(template, path) === 'string',
      );
      for (const path of textPaths) {
        // Malformed text (400 always), then odd but valid text (RTL marks, a combining accent,
        // an astral character), which the field's own rules may take or refuse, never with a 500.
        for (const text of ['a\u0000b', 'é\udfff', 'a\ud800b', '\u202e\u200fe\u0301𝕏']) {
          const url = route.url.replace(/:[a-z]+/gi, realTarget(route.url));
          const payload = JSON.stringify(setAt(template, path, text));
          const before = await dump();
          const res = await t.app.inject({
            method: route.method as 'POST' | 'PUT' | 'DELETE',
            url,
            remoteAddress: freshAddress(),
            headers: { authorization: `Bearer ${await issueToken(t.cast.admin)}`, 'content-type': 'application/json' },
            payload,
          });
          const failure = checkAnswer(`${key} ${path.join('.')}`, res.statusCode, res.body, payload);
          if (failure) failures.push(failure);
          if (res.statusCode >= 400 && (await dump()) !== before) {
            failures.push({ route: key, status: res.statusCode, body: 'changed the database', payload });
          }
          if (!text.includes('𝕏') && res.statusCode !== 400) {
            failures.push({ route: key, status: res.statusCode, body: 'malformed text not refused', payload });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a body over the 1 MB limit with 413, and a huge field with 400', async () => {
    const token = await issueToken(t.cast.admin);
    const before = await dump();
    for (const route of writeRoutes()) {
      if (route.url === '/api/uploads') continue;
      const url = route.url.replace(/:[a-z]+/gi, '00000000-0000-4000-8000-000000000000');
      const send = (payload: string) =>
        t.app.inject({
          method: route.method as 'POST' | 'PUT' | 'DELETE',
          url,
          remoteAddress: freshAddress(),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
      const tooBig = await send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
      expect(tooBig.statusCode, `${route.method} ${route.url}`).toBe(413);
      const template = templateFor(`${route.method} ${route.url}`);
      const huge = Object.fromEntries(Object.keys(template).map((k) => [k, '€'.repeat(250_000)]));
      const res = await send(JSON.stringify(huge));
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(res.body).not.toMatch(LEAK_PATTERN);
    }
    expect(await dump()).toBe(before);
  });
});

describe('hostile input to the read endpoints', () => {
  it('refuses a NUL in a path or query with 400', async () => {
    for (const url of [
      '/api/users/domain_seller/a%00b',
      '/api/products?name=a%00b',
      '/api/products?category=%00',
      '/api/products/%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });

  const queryValue = fc.oneof(oddString, fc.constantFrom('-1', '1e309', 'NaN', '0x10', '[]', '%00', '%ZZ'));
  it('never answers a hostile query or path with a 500', async () => {
    const reads = listApiRoutes(t.app).filter((r) => r.method === 'GET');
    const failures: Failure[] = [];
    const token = await issueToken(t.cast.admin);
    for (const route of reads) {
      await fc.assert(
        fc.asyncProperty(
          paramFor(route.url),
          fc.array(
            fc.tuple(
              fc.constantFrom(
                'pageNumber',
                'pageSize',
                'seller',
                'name',
                'category',
                'min',
                'max',
                'rating',
                'order',
                '__proto__',
              ),
              queryValue,
            ),
            { maxLength: 4 },
          ),
          fc.boolean(),
          async (param, query, signedIn) => {
            const search = query
              .map(([k, v]) => {
                let value: string;
                try {
                  value = encodeURIComponent(v);
                } catch {
                  value = '%ED%A0%80';
                }
                return `${k}=${v.startsWith('%') ? v : value}`;
              })
              .join('&');
            const url = `${route.url.replace(/:[a-z]+/gi, param)}${search ? `?${search}` : ''}`;
            const res = await t.app.inject({
              method: 'GET',
              url,
              headers: signedIn ? { authorization: `Bearer ${token}` } : {},
            });
            const failure = checkAnswer(`GET ${route.url} → ${url}`, res.statusCode, res.body, '');
            if (failure) failures.push(failure);
          },
        ),
        { numRuns: 15 },
      );
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 60_000);
});
