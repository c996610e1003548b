import { expect, test } from '@playwright/test';
import { ACCOUNTS, signIn, signInOn } from './support/sign-in';

// Custom domains: Chromium resolves the seeded seller's domain shop-anna.test to this
// machine, so the app runs on a host that is not the marketplace's.

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--host-resolver-rules=MAP shop-anna.test 127.0.0.1',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  },
});

interface TopSeller {
  _id: string;
  seller: { name: string };
}

test.describe('a seller on their own domain', () => {
  let port = '';
  let annaId = '';
  let other: TopSeller;

  test.beforeEach(async ({ request, baseURL }) => {
    port = new URL(baseURL ?? '').port;
    const owner = await request.get('/api/users/domain_seller/shop-anna.test');
    expect(owner.ok()).toBe(true);
    annaId = (await owner.text()).trim();
    expect(annaId).not.toBe('0');
    const sellers = (await (await request.get('/api/users/top-sellers')).json()) as TopSeller[];
    const found = sellers.find((seller) => seller._id !== annaId);
    if (!found) throw new Error('The demo data has a second seller.');
    other = found;
  });

  test('/ on the domain is the branded storefront, without the marketplace header', async ({ page }) => {
    await page.goto(`http://shop-anna.test:${port}/`);
    const name = page.getByRole('heading', { level: 1, name: 'Annas Ateljé' });
    await expect(name).toBeVisible();
    await expect(name).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('img', { name: 'Annas Ateljé logo' })).toBeVisible();
    await expect(page.getByText('Handsydda kläder i naturmaterial')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    // No marketplace: no header, brand, search or top sellers.
    await expect(page.locator('.site-header, .mobile-bar')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Torget', exact: true })).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByText('Top Sellers')).toHaveCount(0);
    await expect(page).toHaveURL(`http://shop-anna.test:${port}/`);
  });

  test('/ on the domain shows the storefront at once: the server wrote its seller into the page', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/users/domain_seller/') || path === `/api/users/${annaId}`) asked.push(path);
    });
    await page.goto(`http://shop-anna.test:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Annas Ateljé' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    // Neither which seller owns the domain nor that seller's profile was asked for.
    expect(asked).toEqual([]);
  });

  test('an admin on a seller’s domain gets no admin menu; on the main site they do', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    // A session is the host's it was opened on: the admin signs in on the domain too.
    await signInOn(page, `http://shop-anna.test:${port}`, ACCOUNTS.admin);
    await page.goto(`http://shop-anna.test:${port}/profile`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Torget Admin' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.goto(`http://localhost:${port}/profile`);
    await expect(header.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  });

  test('the seller sees their shop status on their own domain', async ({ page }) => {
    await signInOn(page, `http://shop-anna.test:${port}`, ACCOUNTS.anna);
    await page.goto(`http://shop-anna.test:${port}/profile`);
    await expect(page.getByRole('banner').getByRole('button', { name: 'My Shop' })).toBeVisible();
  });

  test('the seller’s own storefront by id stays on the domain', async ({ page }) => {
    await page.goto(`http://shop-anna.test:${port}/seller/${annaId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Annas Ateljé' })).toBeVisible();
    await expect(page).toHaveURL(`http://shop-anna.test:${port}/seller/${annaId}`);
  });

  test('another seller’s storefront on the domain goes to the main site', async ({ page }) => {
    const response = await page.goto(`http://shop-anna.test:${port}/seller/${other._id}`);
    // The server answers the redirect itself, before any page loads.
    const first = response?.request().redirectedFrom();
    expect(first?.url()).toBe(`http://shop-anna.test:${port}/seller/${other._id}`);
    expect((await first?.response())?.status()).toBe(302);
    await expect(page).toHaveURL(`http://localhost:${port}/seller/${other._id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.seller.name })).toBeVisible();
  });
});
