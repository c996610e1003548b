/**
 * The seller's public e-mail is a shop field of its own, filled with the login
 * e-mail when the shop is made and changeable in the settings; anyone but the seller and admins
 * sees that e-mail, never the login e-mail.
 */
import type { PublicSeller, UserDetails } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#api/test/fixtures.ts';
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

const settings = {
  seller_name: 'Eriks Ekoodlingar',
  seller_address: 'Odlarvägen 3',
  seller_post_number: '761 40',
  seller_city: 'Norrtälje',
  seller_phone: '0176-12 34 56',
  seller_organisation_number: '556016-0680',
};

const profile = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: body });
const userAs = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: token ? bearer(token) : {} });

describe('the shop’s public e-mail', () => {
  it('starts as the login e-mail, can be changed, and is all that others see', async () => {
    const user = await createUser(t.database.db, { email: 'erik.login@example.se', name: 'Erik Ek' });
    const erik = await signInAs(t.app, 'erik.login@example.se');
    const applied = await profile(erik.token, {
      ...settings,
      seller_description: 'Grönsaker',
      wants_to_be_seller: true,
      seller_plan: '1',
      seller_type: 'business',
      seller_legal_name: 'Erik Ek AB',
      seller_self_certified: true,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as UserDetails).seller?.email).toBe('erik.login@example.se');
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
      payload: { is_seller: true },
    });
    expect(approved.statusCode).toBe(200);

    const changed = await profile(erik.token, { ...settings, seller_email: ' Butik@Ekoodling.SE ' });
    expect(changed.statusCode, changed.body).toBe(200);
    const own = changed.json() as UserDetails;
    expect(own).toMatchObject({ email: 'erik.login@example.se', seller: { email: 'butik@ekoodling.se' } });

    const visitor = (await userAs(user.id)).json() as PublicSeller;
    expect(visitor.email).toBe('butik@ekoodling.se');
    expect(visitor.seller.email).toBe('butik@ekoodling.se');
    expect(JSON.stringify(visitor)).not.toContain('erik.login@example.se');
    await createUser(t.database.db, { email: 'annan@example.se' });
    const otherToken = (await signInAs(t.app, 'annan@example.se')).token;
    expect(JSON.stringify((await userAs(user.id, otherToken)).json())).not.toContain('erik.login@example.se');

    // The seller and admins still see the login e-mail.
    expect(((await userAs(user.id, erik.token)).json() as UserDetails).email).toBe('erik.login@example.se');
    expect(((await userAs(user.id, adminToken)).json() as UserDetails).email).toBe('erik.login@example.se');
  });

  it('is filled with the login e-mail when an admin makes a user a seller, and checked as an e-mail', async () => {
    const user = await createUser(t.database.db, { email: 'direkt@example.se', name: 'Dora Direkt' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: bearer(adminToken),
      payload: { is_seller: true },
    });
    expect(((await userAs(user.id)).json() as PublicSeller).seller.email).toBe('direkt@example.se');
    const dora = await signInAs(t.app, 'direkt@example.se');
    const bad = await profile(dora.token, { ...settings, seller_email: 'inte en adress' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('seller_email');
  });
});
