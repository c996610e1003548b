/**
 * The admin's user list searches by name or e-mail (any case, accents folded), filters by role
 * and shop status, pages with `page` as with `pageNumber`, names the field of a bad parameter,
 * and answers the spec's call without parameters as before.
 */
import type { UserListEntry } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, type Session } from '#api/modules/orders/order-test-kit.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await customer(t, 'Admin Adminsson', true);
  buyer = await customer(t, 'Kim Köpare');
  const db = t.database.db;
  await createUser(db, { name: 'Åsa Löfgren', email: 'asa.lofgren@exempel.se' });
  await createUser(db, { name: 'Bertil Öberg', email: 'bertil@post.se', wantsToBeSeller: true });
  await createSeller(db, { user: { name: 'Cecilia Sjö', email: 'cecilia@butik.se' } });
  await createUser(db, { name: 'Borttagen', email: 'gone@exempel.se', deletedAt: new Date() });
  // Enough of one kind to page: 60 customers named Pelle, a second apart (two made in the same
  // microsecond would tie on created_at, and their order would be the ids').
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < 60; i++) {
    await createUser(db, {
      name: `Pelle Nummer ${i}`,
      email: `pelle${i}@exempel.se`,
      createdAt: new Date(start + i * 1000),
    });
  }
});
afterAll(() => t.close());

const list = async (query: string, who: Session = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/${query}`, headers: bearer(who.token) });
  return { status: res.statusCode, body: res.json(), total: Number(res.headers['x-total-count']), res };
};
const names = (body: unknown) => (body as UserListEntry[]).map((u) => u.name);

describe('GET /api/users/?search=&role=&shop_status=&page=', () => {
  it('finds a user by e-mail or name, in any case and without accents', async () => {
    expect(names((await list('?search=asa.lofgren@exempel.se')).body)).toEqual(['Åsa Löfgren']);
    expect(names((await list('?search=LÖFGREN')).body)).toEqual(['Åsa Löfgren']);
    expect(names((await list('?search=lofgren')).body)).toEqual(['Åsa Löfgren']);
    expect(names((await list('?search=obe')).body)).toEqual(['Bertil Öberg']);
    // An e-mail typed from its start, in any case; a domain (starting with '@') anywhere in it.
    expect(names((await list('?search=Bertil@')).body)).toEqual(['Bertil Öberg']);
    expect((await list('?search=ertil@post.se')).body).toEqual([]);
    expect(names((await list('?search=@post.se')).body)).toEqual(['Bertil Öberg']);
    // Every word must match, in any order.
    expect(names((await list('?search=sjö cecilia')).body)).toEqual(['Cecilia Sjö']);
    expect((await list('?search=cecilia öberg')).body).toEqual([]);
  });

  it('takes a LIKE wildcard as itself, and never finds a deleted account', async () => {
    expect((await list('?search=%25')).body).toEqual([]);
    expect((await list('?search=_')).body).toEqual([]);
    expect((await list('?search=gone@exempel.se')).body).toEqual([]);
  });

  it('filters by role and by shop status', async () => {
    expect(names((await list('?role=admin')).body)).toEqual(['Admin Adminsson']);
    expect(names((await list('?role=seller')).body)).toEqual(['Cecilia Sjö']);
    expect(names((await list('?shop_status=open')).body)).toEqual(['Cecilia Sjö']);
    expect(names((await list('?shop_status=applied')).body)).toEqual(['Bertil Öberg']);
    const customers = await list('?role=customer&search=exempel');
    expect(customers.total).toBe(61);
    expect(names(customers.body)).not.toContain('Admin Adminsson');
    const closed = await list('?shop_status=closed');
    // Everyone but the seller and the applicant: 60 Pelles, Åsa, Kim and the admin.
    expect(closed.total).toBe(63);
    // The filters add up.
    expect((await list('?role=admin&shop_status=open')).body).toEqual([]);
  });

  it('pages with `page` as with `pageNumber`, newest first, the filters kept in the links', async () => {
    const first = await list('?search=pelle');
    expect(first.total).toBe(60);
    expect(first.body).toHaveLength(50);
    const second = await list('?search=pelle&page=2');
    expect(second.body).toHaveLength(10);
    expect(names(second.body)).toEqual(names((await list('?search=pelle&pageNumber=2')).body));
    expect(String(second.res.headers.link)).toContain('search=pelle');
    expect(String(second.res.headers.link)).not.toContain('page=2&');
    const all = [...names(first.body), ...names(second.body)];
    expect(new Set(all).size).toBe(60);
    // Created in order 0 … 59, listed newest first.
    expect(all[0]).toBe('Pelle Nummer 59');
    expect(all[59]).toBe('Pelle Nummer 0');
  });

  it('answers the spec call without parameters as before: everyone not deleted, newest first', async () => {
    const plain = await list('');
    expect(plain.status).toBe(200);
    expect(plain.total).toBe(65);
    expect(plain.body).toHaveLength(50);
    expect(Object.keys((plain.body as UserListEntry[])[0] ?? {}).sort()).toEqual(
      ['_id', 'createdAt', 'email', 'is_admin', 'is_seller', 'name', 'wants_to_be_seller'].sort(),
    );
  });

  it('answers 400 naming the field of a bad parameter', async () => {
    for (const [query, field] of [
      ['?role=owner', 'role'],
      ['?shop_status=waiting', 'shop_status'],
      ['?page=0', 'page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message, query).toContain(`Invalid ${field} in querystring`);
    }
  });

  it('is for admins only', async () => {
    expect((await list('?search=pelle', buyer)).status).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/?search=pelle' });
    expect(res.statusCode).toBe(401);
  });
});
