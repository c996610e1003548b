import type { SignedInUser, UserDetails } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers, users } from '#api/db/schema.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ mainHosts: ['localhost', '127.0.0.1', 'torget.test'] });
  await createUser(t.database.db, { email: 'admin@example.se', isAdmin: true });
  admin = await signInAs(t.app, 'admin@example.se');
});
afterAll(() => t.close());

const profile = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: body });

const application = {
  userId: 'ignored',
  seller_name: 'Eriks Ekoodlingar',
  seller_description: '<p>Grönsaker från <strong>Roslagen</strong>.</p>',
  wants_to_be_seller: true,
  seller_plan: '1',
  seller_address: 'Odlarvägen 3',
  seller_post_number: '76140',
  seller_city: 'Norrtälje',
  seller_phone: '0176-12 34 56',
  seller_organisation_number: '556016-0680',
  seller_type: 'business',
  seller_legal_name: 'Eriks Ekoodlingar AB',
  seller_self_certified: true,
};

const settings = {
  seller_name: 'Min Butik',
  seller_address: 'Storgatan 1',
  seller_post_number: '111 51',
  seller_city: 'Stockholm',
  seller_phone: '08-123 456',
  seller_organisation_number: '556016-0680',
};

describe('applying to become a seller', () => {
  it('stores the application with its plan and shows it as waiting for approval', async () => {
    await createUser(t.database.db, { email: 'sokande@example.se', name: 'Erik Ek' });
    const me = await signInAs(t.app, 'sokande@example.se');
    const res = await profile(me.token, application);
    expect(res.statusCode).toBe(200);
    const user = res.json() as UserDetails;
    expect(user).toMatchObject({ wants_to_be_seller: true, is_seller: false });
    expect(user.seller).toMatchObject({
      name: 'Eriks Ekoodlingar',
      plan: '1',
      post_number: '761 40',
      organisation_number: '556016-0680',
      description: '<p>Grönsaker från <strong>Roslagen</strong>.</p>',
    });
    const again = await profile(me.token, application);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already applied to become a seller.');
  });

  it('refuses a seller applying again with the Swedish message', async () => {
    await createSeller(t.database.db, { user: { email: 'redan@example.se' } });
    const me = await signInAs(t.app, 'redan@example.se');
    const res = await profile(me.token, application);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Du är redan en säljare.');
  });

  it('requires the contact fields and checks Swedish formats, writing nothing on failure', async () => {
    await createUser(t.database.db, { email: 'slarvig@example.se' });
    const me = await signInAs(t.app, 'slarvig@example.se');
    for (const [change, field, message] of [
      [{ seller_address: '' }, 'seller_address', 'Address is required.'],
      [{ seller_phone: '' }, 'seller_phone', 'Phone is required.'],
      [{ seller_post_number: '7614' }, 'seller_post_number', 'NNN NN'],
      [{ seller_organisation_number: '556016-0681' }, 'seller_organisation_number', 'check digit'],
      [{ seller_organisation_number: '556016-06' }, 'seller_organisation_number', 'NNNNNN-NNNN'],
      [{ seller_plan: '3' }, 'seller_plan', 'plan'],
    ] as const) {
      const res = await profile(me.token, { ...application, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
      expect(res.json().message).toContain(message);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me._id));
    expect(row?.wantsToBeSeller).toBe(false);
    expect(await t.database.db.select().from(sellers).where(eq(sellers.userId, me._id))).toHaveLength(0);
  });
});

describe('approval and revocation', () => {
  it('approves an applicant, mails them, and revoking hides their shop without deleting it', async () => {
    await createUser(t.database.db, { email: 'godkann@example.se', name: 'Gun Godkänd' });
    const me = await signInAs(t.app, 'godkann@example.se');
    await profile(me.token, application);
    const before = t.mails.length;
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me._id}`,
      headers: bearer(admin.token),
      payload: { _id: me._id, is_seller: true },
    });
    expect(approve.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)).toMatchObject({ to: 'godkann@example.se' });
    expect(t.mails.at(-1)?.text).toContain('/seller_profile');

    // The approved seller can now create products; revoked, they cannot, and nothing is deleted.
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(me.token) })).statusCode).toBe(
      201,
    );
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me._id}`,
      headers: bearer(admin.token),
      payload: { is_seller: false },
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(me.token) })).statusCode).toBe(
      403,
    );
    const list = await t.app.inject({ method: 'GET', url: `/api/products?seller=${me._id}` });
    expect(list.json().count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${me._id}` })).statusCode).toBe(404);
    expect(await t.database.db.select().from(sellers).where(eq(sellers.userId, me._id))).toHaveLength(1);
  });
});

describe('shop settings', () => {
  let seller: SignedInUser;
  beforeAll(async () => {
    await createSeller(t.database.db, { user: { email: 'installning@example.se' }, seller: { plan: '2' } });
    seller = await signInAs(t.app, 'installning@example.se');
  });

  it('saves the full settings form', async () => {
    const res = await profile(seller.token, {
      ...settings,
      seller_subtitle: 'Handplockat',
      seller_has_logo: true,
      seller_logo: '/uploads/logo.webp',
      seller_banner_background_image: '/uploads/banner.webp',
      seller_description_background_color: '#112233',
      seller_name_text_color: '#FFFFFF',
      seller_has_swish: true,
      seller_swish_number: '123 118 11 89',
      seller_has_paypal: true,
      seller_domain: 'Butik.Example.SE',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as UserDetails).seller).toMatchObject({
      has_logo: true,
      logo: '/uploads/logo.webp',
      description_background_color: '#112233',
      swish_number: '1231181189',
      has_paypal: true,
      domain: 'butik.example.se',
    });
  });

  it('requires the settings fields and checks colours, Swish and logo', async () => {
    for (const [change, expected] of [
      [{ seller_name: '' }, 'Shop name is required.'],
      [{ seller_city: '' }, 'City is required.'],
      [{ seller_footer_text_color: 'red' }, 'Colours are written #RRGGBB.'],
      [{ seller_name_text_color: '#12345' }, 'Colours are written #RRGGBB.'],
      [{ seller_has_swish: true, seller_swish_number: '' }, 'Please enter a swish number.'],
      [{ seller_has_logo: true, seller_logo: '' }, 'Please choose a logo image.'],
      [{ seller_logo: 'https://evil.example/x.png' }, 'uploaded to Torget'],
      [{ seller_banner_background_image: 'javascript:alert(1)' }, 'uploaded to Torget'],
      [{ seller_domain: 'http://shop.se/path' }, 'domain'],
    ] as const) {
      const res = await profile(seller.token, { ...settings, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(expected);
    }
  });

  it('sanitises the description: no script, no event handler survives', async () => {
    const res = await profile(seller.token, {
      ...settings,
      seller_description:
        '<p onclick="x()">Hej<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">länk</a></p>',
    });
    const description = (res.json() as UserDetails).seller?.description ?? '';
    expect(description).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(description).toContain('Hej');
  });

  it('allows a domain only from plan 2, unique across shops, never a main host', async () => {
    await createSeller(t.database.db, { user: { email: 'plan1-doman@example.se' }, seller: { plan: '1' } });
    const planOne = await signInAs(t.app, 'plan1-doman@example.se');
    const refused = await profile(planOne.token, { ...settings, seller_domain: 'gratis.example.se' });
    expect(refused.statusCode).toBe(403);

    await createSeller(t.database.db, { user: { email: 'tva@example.se' }, seller: { plan: '2' } });
    const other = await signInAs(t.app, 'tva@example.se');
    const taken = await profile(other.token, { ...settings, seller_domain: 'BUTIK.example.se' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That domain is already used by another shop.');
    expect((await profile(other.token, { ...settings, seller_domain: 'torget.test' })).statusCode).toBe(400);
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other._id}`,
      headers: bearer(admin.token),
      payload: { seller_domain: 'butik.example.se' },
    });
    expect(byAdmin.statusCode).toBe(409);
  });

  it('refuses shop settings from a customer without a shop', async () => {
    await createUser(t.database.db, { email: 'bara-kund@example.se' });
    const customer = await signInAs(t.app, 'bara-kund@example.se');
    expect((await profile(customer.token, settings)).statusCode).toBe(403);
  });
});

describe('GET /api/users/domain_seller/:hostname', () => {
  it("answers the id of the active seller on that domain, or '0'", async () => {
    const { user } = await createSeller(t.database.db, { seller: { domain: 'shop-anna.test' } });
    const ask = (host: string) => t.app.inject({ method: 'GET', url: `/api/users/domain_seller/${host}` });
    expect((await ask('shop-anna.test')).body).toBe(user.id);
    expect((await ask('SHOP-ANNA.TEST')).body).toBe(user.id);
    expect((await ask('shop-anna.test:8080')).body).toBe(user.id);
    expect((await ask('unknown.test')).body).toBe('0');
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, user.id));
    expect((await ask('shop-anna.test')).body).toBe('0');
  });
});

describe('the shop’s logo', () => {
  let seller: SignedInUser;
  beforeAll(async () => {
    await createSeller(t.database.db, { user: { email: 'logga@example.se' }, seller: { hasLogo: false, logo: '' } });
    seller = await signInAs(t.app, 'logga@example.se');
  });
  const shopOf = (res: { json(): unknown }) => (res.json() as UserDetails).seller;

  it('is shown once chosen, when the payload says nothing of has_logo (the profile form sends none)', async () => {
    const chosen = await profile(seller.token, { seller_logo: '/uploads/ny-logga.webp' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(shopOf(chosen)).toMatchObject({ logo: '/uploads/ny-logga.webp', has_logo: true });
    // What the public sees of the shop shows it too.
    const seen = await t.app.inject({ method: 'GET', url: `/api/users/${seller._id}` });
    expect((seen.json() as { seller: { has_logo: boolean } }).seller.has_logo).toBe(true);
  });

  it('stays off when the seller turns it off, and stays as it is when the same logo is sent again', async () => {
    const off = await profile(seller.token, {
      ...settings,
      seller_logo: '/uploads/ny-logga.webp',
      seller_has_logo: false,
    });
    expect(shopOf(off)).toMatchObject({ logo: '/uploads/ny-logga.webp', has_logo: false });
    const same = await profile(seller.token, { seller_logo: '/uploads/ny-logga.webp' });
    expect(shopOf(same)).toMatchObject({ has_logo: false });
    // A new image is a new choice: shown.
    const other = await profile(seller.token, { seller_logo: '/uploads/annan-logga.webp' });
    expect(shopOf(other)).toMatchObject({ logo: '/uploads/annan-logga.webp', has_logo: true });
  });

  it('is hidden once removed, and the spec’s alert stays for the logo turned on without one', async () => {
    const removed = await profile(seller.token, { seller_logo: '' });
    expect(shopOf(removed)).toMatchObject({ logo: '', has_logo: false });
    const alert = await profile(seller.token, { ...settings, seller_has_logo: true, seller_logo: '' });
    expect(alert.statusCode).toBe(400);
    expect(alert.json().message).toContain('Please choose a logo image.');
  });
});
