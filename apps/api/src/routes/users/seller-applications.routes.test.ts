/**
 * The admin's user list filtered by shop status, and a seller application's fields
 * (plan, shop name, address, …) readable by admins before approval, and by no one else but the
 * applicant.
 */
import type { UserDetails, UserListEntry } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '#api/db/schema.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let adminToken: string;
let customerToken: string;
let applicantId: string;
let applicantToken: string;
const emails = { open: '', waiting: '', closed: '' };

const APPLICATION = {
  plan: '2' as const,
  name: 'Mikaels Möbler',
  address: 'Verkstadsgatan 4',
  postNumber: '413 27',
  city: 'Göteborg',
  phone: '031-12 34 56',
  organisationNumber: '556677-8899',
  description: '<p>Begagnade möbler, renoverade för hand.</p>',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { name: 'Admin', isAdmin: true });
  adminToken = (await signInAs(t.app, admin.email)).token;
  const open = await createSeller(db);
  const applicant = await createUser(db, { name: 'Mikael Sökande', wantsToBeSeller: true });
  await db.insert(sellers).values({ userId: applicant.id, email: applicant.email, ...APPLICATION });
  const closed = await createUser(db, { name: 'Kim Kund' });
  applicantId = applicant.id;
  applicantToken = (await signInAs(t.app, applicant.email)).token;
  customerToken = (await signInAs(t.app, closed.email)).token;
  Object.assign(emails, { open: open.user.email, waiting: applicant.email, closed: closed.email });
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/users/?shop= (admin)', () => {
  it('keeps the users of one shop status, with a matching count', async () => {
    for (const status of ['open', 'waiting', 'closed'] as const) {
      const res = await get(`/api/users/?shop=${status}`, adminToken);
      expect(res.statusCode).toBe(200);
      const listed = (res.json() as UserListEntry[]).map((u) => u.email);
      expect(listed).toContain(emails[status]);
      for (const other of Object.values(emails).filter((e) => e !== emails[status])) {
        expect(listed).not.toContain(other);
      }
      expect(res.headers['x-total-count']).toBe(String(listed.length));
    }
  });

  it('lists everyone without a filter and refuses an unknown one', async () => {
    const all = (await get('/api/users/?shop=', adminToken)).json() as UserListEntry[];
    expect(all.map((u) => u.email)).toEqual(expect.arrayContaining(Object.values(emails)));
    expect((await get('/api/users/?shop=maybe', adminToken)).statusCode).toBe(400);
    expect((await get('/api/users/?shop=open', customerToken)).statusCode).toBe(403);
  });
});

describe('an application’s fields', () => {
  it('are read by an admin before the approval', async () => {
    const res = await get(`/api/users/${applicantId}`, adminToken);
    expect(res.statusCode).toBe(200);
    const details = res.json() as UserDetails;
    expect(details).toMatchObject({ is_seller: false, wants_to_be_seller: true });
    expect(details.seller).toMatchObject({
      plan: '2',
      name: APPLICATION.name,
      address: APPLICATION.address,
      post_number: APPLICATION.postNumber,
      city: APPLICATION.city,
      phone: APPLICATION.phone,
      organisation_number: APPLICATION.organisationNumber,
      description: APPLICATION.description,
    });
  });

  it('are the applicant’s own, and nobody else’s', async () => {
    expect(((await get(`/api/users/${applicantId}`, applicantToken)).json() as UserDetails).seller?.city).toBe(
      APPLICATION.city,
    );
    const other = await get(`/api/users/${applicantId}`, customerToken);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(APPLICATION.organisationNumber);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/users/${applicantId}` });
    expect(visitor.body).not.toContain(APPLICATION.organisationNumber);
  });
});
