import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { ACCOUNTS, signIn, signInOn } from './support/sign-in';

// A seller's domain is the seller's whole shop. Chromium resolves the seeded seller's
// domain shop-anna.test to this machine; every step of a purchase there is in Annas Ateljé's own
// layout, never the marketplace's, and shows none of another seller's products.

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

const SHOP_NAME = 'Annas Ateljé';

interface ListedProduct {
  _id: string;
  name: string;
  seller: { _id: string };
}

let port = '';
let annaId = '';
/** Names of Anna's products, and one product of another seller. */
let annaNames = new Set<string>();
let foreign: ListedProduct;

test.beforeEach(async ({ request, baseURL }) => {
  port = new URL(baseURL ?? '').port;
  annaId = (await (await request.get('/api/users/domain_seller/shop-anna.test')).text()).trim();
  expect(annaId).not.toBe('0');
  const all = (await (await request.get('/api/products?pageSize=100')).json()) as { products: ListedProduct[] };
  annaNames = new Set(all.products.filter((p) => p.seller._id === annaId).map((p) => p.name));
  const other = all.products.find((p) => p.seller._id !== annaId);
  if (!other || annaNames.size === 0) throw new Error('The demo data has products of Anna and of another seller.');
  foreign = other;
});

const onDomain = (path: string) => `http://shop-anna.test:${port}${path}`;

/** The page is in the shop's layout: its header, no marketplace header, sidebars or admin menu. */
async function expectShopChrome(page: Page) {
  const header = page.locator('.shop-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('link', { name: SHOP_NAME, exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Cart/ })).toBeVisible();
  await expect(page.locator('.site-header, .mobile-bar, .sidebar')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Torget', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
  await expect(page.locator('.storefront-footer')).toHaveCount(1);
  expect(new URL(page.url()).hostname).toBe('shop-anna.test');
}

/** Every product card on the page is one of Anna's. */
async function expectOnlyAnnasProducts(page: Page) {
  const names = await page.locator('.product-card-name').allTextContents();
  for (const name of names) expect(annaNames, name).toContain(name.trim());
  await expect(page.getByText(foreign.name, { exact: true })).toHaveCount(0);
}

async function step(page: Page, testInfo: TestInfo, name: string) {
  await expectShopChrome(page);
  await expectOnlyAnnasProducts(page);
  // Kept in the test's output folder and attached to its report.
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a shopper buys on the shop's domain, in its layout at every step (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);

    await page.goto(onDomain('/'));
    await expect(page.getByRole('heading', { level: 1, name: SHOP_NAME })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await step(page, testInfo, `${viewport.name} 1 storefront`);
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noHorizontalScroll()).toBe(true);

    await page.locator('.product-card-name a').first().click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await step(page, testInfo, `${viewport.name} 2 product`);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(onDomain('/cart'));
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('.shop-cart-count')).toHaveText(/1$/);
    await step(page, testInfo, `${viewport.name} 3 cart`);

    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await step(page, testInfo, `${viewport.name} 4 sign in`);
    await page.getByLabel('Email address').fill(ACCOUNTS.customer.email);
    await page.getByLabel('Password').fill(ACCOUNTS.customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(onDomain('/shipping'));
    await expect(page.getByLabel('Full Name')).toHaveValue('Emma Karlsson');
    await step(page, testInfo, `${viewport.name} 5 shipping`);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(onDomain('/payment'));
    await page.getByRole('radio', { name: 'Swish' }).check();
    await step(page, testInfo, `${viewport.name} 6 payment`);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(onDomain('/placeorder'));
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
    await step(page, testInfo, `${viewport.name} 7 place order`);
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: 'Pay with Swish' })).toBeVisible();
    // The signed-in shopper's menu is in the shop's header; the cart is empty again.
    await expect(page.locator('.shop-header').getByRole('button', { name: 'Emma Karlsson' })).toBeVisible();
    await expect(page.locator('.shop-cart-count')).toHaveCount(0);
    await step(page, testInfo, `${viewport.name} 8 order`);
    expect(await noHorizontalScroll()).toBe(true);
  });
}

test('the first paint is the shop: its header is in the first render, and needs no request', async ({ page }) => {
  // Records what #root holds the first time React puts anything in it.
  await page.addInitScript(() => {
    const record = window as unknown as { firstRender?: { header: boolean; marketplace: boolean } };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.childElementCount === 0) return;
      record.firstRender = {
        header: root.querySelector('.shop-header .shop-brand-name')?.textContent === 'Annas Ateljé',
        marketplace: root.querySelector('.site-header, .mobile-bar, .sidebar') !== null,
      };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  // No API answers at all: the layout comes from the site the server wrote into the page.
  await page.route('**/api/**', (route) => route.abort());
  await page.goto(onDomain('/cart'));
  const header = page.locator('.shop-header');
  await expect(header.getByRole('link', { name: SHOP_NAME, exact: true })).toBeVisible();
  await expect(header.locator('.shop-brand-logo')).toBeVisible();
  await expect(page.locator('.site-header, .mobile-bar, .sidebar')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { firstRender?: unknown }).firstRender)).toEqual({
    header: true,
    marketplace: false,
  });
});

test('the shop’s search finds only its own products, shown in its layout', async ({ page }, testInfo) => {
  await page.goto(onDomain('/'));
  // Closed, the search is one button (the spec's domain home has no search box on show).
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.locator('.shop-header').getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('searchbox', { name: `Search ${SHOP_NAME}` });
  await expect(box).toBeFocused();
  // The search row opens under the whole header, as wide as the page.
  const row = await box.evaluate((input) => input.closest('search')?.getBoundingClientRect().width ?? 0);
  expect(row).toBe(await page.evaluate(() => document.documentElement.clientWidth));
  const path = testInfo.outputPath('search-open.png');
  await page.screenshot({ path });
  await testInfo.attach('search open', { path, contentType: 'image/png' });
  await box.press('Escape');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.locator('.shop-header').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: `Search ${SHOP_NAME}` }).fill('');
  await page.getByRole('searchbox', { name: `Search ${SHOP_NAME}` }).press('Enter');
  await expect(page).toHaveURL(onDomain('/search/name'));
  await expect(page.locator('.product-card').first()).toBeVisible();
  await expectShopChrome(page);
  await expectOnlyAnnasProducts(page);
  // The whole catalogue is many sellers' products; here only Anna's are counted.
  const names = await page.locator('.product-card-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThanOrEqual(annaNames.size);
});

test('the seller gets the My Shop menu in the shop’s header; nobody else does', async ({ page }) => {
  await signInOn(page, onDomain(''), ACCOUNTS.anna);
  await page.goto(onDomain('/profile'));
  const header = page.locator('.shop-header');
  await header.getByRole('button', { name: 'My Shop' }).click();
  await expect(header.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/productlist/seller');
  await page.goto(onDomain('/productlist/seller'));
  await expectShopChrome(page);
});

test('an admin screen on the domain ends on the main host', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const response = await page.goto(onDomain('/admin_menu'));
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
  await expect(page).toHaveURL(`http://localhost:${port}/admin_menu`);
  // In-app navigation to an admin screen on the domain leaves too (the client guard). A session
  // is the host's it was opened on: the admin signs in on the domain too.
  await signInOn(page, onDomain(''), ACCOUNTS.admin);
  await page.goto(onDomain('/profile'));
  await expect(page.locator('.shop-header').getByRole('button', { name: 'Torget Admin' })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/userlist');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(`http://localhost:${port}/userlist`);
});

test('another seller’s product on the domain ends on the main host', async ({ page }) => {
  const response = await page.goto(onDomain(`/product/${foreign._id}`));
  expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
  await expect(page).toHaveURL(`http://localhost:${port}/product/${foreign._id}`);
  await expect(page.locator('.site-header')).toBeVisible();
  // Adding it to the cart by address on the domain goes there too.
  await page.goto(onDomain(`/cart/${foreign._id}/1`));
  await expect(page).toHaveURL(`http://localhost:${port}/cart`);
});
