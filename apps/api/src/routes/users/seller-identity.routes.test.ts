/**
 * Who a seller is (docs/decisions/260-seller-identity.md): an application and the shop settings
 * say business or private person, the legal name and the number that fits, checked with the
 * `organisationsnummer` and `personnummer` packages; buyers see the type and a business's number,
 * and a private seller's personal number reaches nobody but the seller (masked) and admins.
 */
import type { PublicSeller, UserDetails } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerPersonalNumbers, sellers, users } from '#api/db/schema.ts';
import { createProduct, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.database.db, { email: 'admin@example.se', isAdmin: true });
  adminToken = (await signInAs(t.app, 'admin@example.se')).token;
});
afterAll(() => t.close());

/** A real personal identity number (its tenth digit is the Luhn check digit), and one off by one. */
const PERSONAL_NUMBER = '19790412-5619';
const PERSONAL_NUMBER_WRONG = '19790412-5618';
/** A real organisation number (Telefonaktiebolaget LM Ericsson), and one with a wrong check digit. */
const ORGANISATION_NUMBER = '556016-0680';
const ORGANISATION_NUMBER_WRONG = '556016-0681';

const contact = {
  wants_to_be_seller: true,
  seller_plan: '1',
  seller_name: 'Identitetsbutiken',
  seller_address: 'Storgatan 1',
  seller_post_number: '111 51',
  seller_city: 'Stockholm',
  seller_phone: '08-123 456',
  seller_self_certified: true,
};
const business = {
  ...contact,
  seller_type: 'business',
  seller_legal_name: 'Identitetsbutiken AB',
  seller_organisation_number: ORGANISATION_NUMBER,
};
const privatePerson = {
  ...contact,
  seller_type: 'private',
  seller_legal_name: 'Petra Privat',
  seller_personal_number: PERSONAL_NUMBER,
};

const profile = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: body });
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

let counter = 0;
async function applicant(): Promise<{ id: string; token: string }> {
  counter += 1;
  const email = `identitet${counter}@example.se`;
  await createUser(t.database.db, { email, name: `Sökande ${counter}` });
  const me = await signInAs(t.app, email);
  return { id: me._id, token: me.token };
}

async function approve(id: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: bearer(adminToken),
    payload: { is_seller: true },
  });
  expect(res.statusCode).toBe(200);
}

describe('applying as a business', () => {
  it('keeps the type, legal name, the organisation number written NNNNNN-NNNN and the certification time', async () => {
    const me = await applicant();
    const res = await profile(me.token, { ...business, seller_organisation_number: '5560160680' });
    expect(res.statusCode, res.body).toBe(200);
    const seller = (res.json() as UserDetails).seller;
    expect(seller).toMatchObject({
      type: 'business',
      legal_name: 'Identitetsbutiken AB',
      organisation_number: ORGANISATION_NUMBER,
    });
    expect(seller?.self_certified_at).toEqual(expect.any(String));
    expect(seller?.personal_number).toBeUndefined();
  });

  it('refuses a wrong check digit, a personal number and missing identity fields, naming the field', async () => {
    const me = await applicant();
    for (const [change, field, message] of [
      [{ seller_organisation_number: ORGANISATION_NUMBER_WRONG }, 'seller_organisation_number', 'check digit'],
      [{ seller_organisation_number: '790412-5619' }, 'seller_organisation_number', 'personal identity number'],
      [{ seller_organisation_number: '' }, 'seller_organisation_number', 'Organisation number is required.'],
      [{ seller_type: 'company' }, 'seller_type', 'business or as a private person'],
      [{ seller_legal_name: '' }, 'seller_legal_name', 'Legal name is required.'],
      [{ seller_self_certified: false }, 'seller_self_certified', 'comply with EU law'],
      [{ seller_self_certified: undefined }, 'seller_self_certified', 'comply with EU law'],
    ] as const) {
      const res = await profile(me.token, { ...business, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
      expect(res.json().message).toContain(message);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.wantsToBeSeller).toBe(false);
  });
});

describe("the spec's application, which states no type", () => {
  it('is taken as the spec sends it; the identity is then missing until the seller states it', async () => {
    const me = await applicant();
    const { seller_type: _type, seller_legal_name: _name, seller_self_certified: _certified, ...spec } = business;
    const res = await profile(me.token, spec);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.wantsToBeSeller).toBe(true);
    const [shop] = await t.database.db.select().from(sellers).where(eq(sellers.userId, me.id));
    expect(shop).toMatchObject({ sellerType: '', legalName: '', selfCertifiedAt: null });
  });
});

describe('applying as a private person', () => {
  it('refuses a wrong check digit or a missing personal number', async () => {
    const me = await applicant();
    for (const [change, message] of [
      [{ seller_personal_number: PERSONAL_NUMBER_WRONG }, 'not valid'],
      [{ seller_personal_number: '19791332-5619' }, 'not valid'],
      [{ seller_personal_number: '' }, 'Personal identity number is required.'],
    ] as const) {
      const res = await profile(me.token, { ...privatePerson, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('seller_personal_number');
      expect(res.json().message).toContain(message);
    }
    expect(
      await t.database.db.select().from(sellerPersonalNumbers).where(eq(sellerPersonalNumbers.sellerId, me.id)),
    ).toHaveLength(0);
  });

  it('shows the number masked to the seller, whole to an admin, and never publicly', async () => {
    const me = await applicant();
    // A ten-digit number is read as the package reads it and kept as ÅÅÅÅMMDD-NNNN.
    const res = await profile(me.token, {
      ...privatePerson,
      seller_personal_number: '7904125619',
      // A private seller shows no organisation number, whatever is sent.
      seller_organisation_number: ORGANISATION_NUMBER,
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = (res.json() as UserDetails).seller;
    expect(own).toMatchObject({ type: 'private', legal_name: 'Petra Privat', organisation_number: '' });
    expect(own?.personal_number).toBe('19790412-****');
    expect(res.body).not.toContain('5619');

    const [stored] = await t.database.db
      .select()
      .from(sellerPersonalNumbers)
      .where(eq(sellerPersonalNumbers.sellerId, me.id));
    expect(stored?.personalNumber).toBe(PERSONAL_NUMBER);

    expect((await get(`/api/users/${me.id}`, me.token)).json().seller.personal_number).toBe('19790412-****');
    expect((await get(`/api/users/${me.id}`, adminToken)).json().seller.personal_number).toBe(PERSONAL_NUMBER);

    await approve(me.id);
    const product = await createProduct(t.database.db, me.id, { name: 'Privat stol' });
    await createUser(t.database.db, { email: 'kund-identitet@example.se' });
    const customer = await signInAs(t.app, 'kund-identitet@example.se');
    const publicAnswers = [
      await get(`/api/users/${me.id}`),
      await get(`/api/users/${me.id}`, customer.token),
      await get(`/api/products/${product.id}`),
      await get(`/api/products?seller=${me.id}`),
      await get(`/api/users/top-sellers`),
    ];
    for (const answer of publicAnswers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('5619');
      expect(answer.body).not.toContain('790412');
      expect(answer.body).not.toContain('personal_number');
    }
    const storefront = publicAnswers[0]?.json() as PublicSeller;
    expect(storefront.seller).toMatchObject({ type: 'private', legal_name: 'Petra Privat', organisation_number: '' });
  });

  it('forgets the personal number when the seller becomes a business in the settings', async () => {
    const me = await applicant();
    expect((await profile(me.token, privatePerson)).statusCode).toBe(200);
    await approve(me.id);
    const { wants_to_be_seller: _w, seller_plan: _p, ...settings } = business;
    const res = await profile(me.token, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as UserDetails).seller).toMatchObject({
      type: 'business',
      organisation_number: ORGANISATION_NUMBER,
    });
    expect(
      await t.database.db.select().from(sellerPersonalNumbers).where(eq(sellerPersonalNumbers.sellerId, me.id)),
    ).toHaveLength(0);
    const [row] = await t.database.db.select().from(sellers).where(eq(sellers.userId, me.id));
    expect(row?.sellerType).toBe('business');
  });

  it('lets the settings keep a stored personal number, and asks for one when there is none', async () => {
    const me = await applicant();
    expect((await profile(me.token, business)).statusCode).toBe(200);
    await approve(me.id);
    const { wants_to_be_seller: _w, seller_plan: _p, ...settings } = privatePerson;
    const missing = await profile(me.token, { ...settings, seller_personal_number: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('seller_personal_number');
    expect((await profile(me.token, settings)).statusCode).toBe(200);
    const kept = await profile(me.token, { ...settings, seller_personal_number: '', seller_legal_name: 'Petra P' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as UserDetails).seller).toMatchObject({
      legal_name: 'Petra P',
      personal_number: '19790412-****',
    });
  });
});
