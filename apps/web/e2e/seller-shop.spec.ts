import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { orderByApi, placeOrderByApi } from './support/checkout';
import { png } from './support/png';
import { applyToSellByApi, type NewUser, registerByApi, signInFresh, startSession } from './support/session';
import { ACCOUNTS, bearer, type SignedIn, signInByApi } from './support/sign-in';

// A shop owner's tools: the settings' live storefront preview, the sales overview on
// My Shop with the incoming-order filters, and the admin reading an application before approving.

/** Where the screenshots of these screens go, to be looked at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/seller-shop-shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function screenshots(page: Page, screen: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // No sideways scrolling on a phone or a laptop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${SHOTS}/${screen}-${size.name}.png`, fullPage: true });
  }
}

/** A new plan 2 seller with Swish, approved by the admin: signed in afresh, with the seller role. */
async function newSeller(request: APIRequestContext, name: string): Promise<NewUser & SignedIn> {
  const user = await registerByApi(request, name);
  await applyToSellByApi(request, user, '2');
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const approved = await request.put(`/api/users/${user._id}`, { headers: bearer(admin), data: { is_seller: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  const seller = { ...user, ...(await signInFresh(request, user.email, user.password)) };
  const swish = await request.put('/api/users/profile', {
    headers: bearer(seller),
    data: { userId: seller._id, seller_has_swish: true, seller_swish_number: '123 456 78 90' },
  });
  expect(swish.ok(), await swish.text()).toBe(true);
  return seller;
}

const main = (page: Page) => page.getByRole('main');

test('a seller sees the storefront preview follow the colours before saving', async ({ page, request }) => {
  const seller = await newSeller(request, 'Färgglad Säljare');
  await startSession(page, seller);
  await page.goto('/seller_profile');
  const form = main(page);
  const preview = form.getByTestId('storefront-preview');
  await expect(form.getByRole('heading', { level: 2, name: 'Live preview' })).toBeVisible();
  await expect(preview).toContainText('Sökandes butik');
  await expect(preview).toContainText('Storgatan 1');

  // The hex field and the picker drive the preview at once.
  await form.getByLabel('Footer background colour').fill('#123456');
  await expect(preview.locator('.storefront-footer')).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await form.getByLabel('Shop name colour picker').fill('#0a7d33');
  await expect(form.getByLabel('Name text colour')).toHaveValue('#0a7d33');
  await expect(preview.locator('.storefront-name')).toHaveCSS('color', 'rgb(10, 125, 51)');
  await form.getByLabel('Subtitle', { exact: true }).fill('Handgjort i Uppsala');
  await expect(preview).toContainText('Handgjort i Uppsala');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Koppar och fat i stengods.');
  await expect(preview.locator('.storefront-description')).toContainText('Koppar och fat i stengods.');

  // Nothing is saved yet.
  const before = await request.get(`/api/users/${seller._id}`, { headers: bearer(seller) });
  expect(((await before.json()) as { seller: { footer_background_color: string } }).seller).toMatchObject({
    footer_background_color: '',
    subtitle: '',
  });

  // "Default" puts a colour back to Torget's own.
  await form.getByRole('button', { name: 'Default footer background colour' }).click();
  await expect(form.getByLabel('Footer background colour')).toHaveValue('');
  await form.getByLabel('Footer background colour').fill('#123456');

  await screenshots(page, 'seller-profile');
  await page.setViewportSize({ width: 1366, height: 900 });
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
  const after = await request.get(`/api/users/${seller._id}`, { headers: bearer(seller) });
  expect(((await after.json()) as { seller: object }).seller).toMatchObject({
    footer_background_color: '#123456',
    name_text_color: '#0a7d33',
    subtitle: 'Handgjort i Uppsala',
    description: '<p>Koppar och fat i stengods.</p>',
  });
});

test('a seller reads the sales overview after two orders, and the orders to act on', async ({ page, request }) => {
  const seller = await newSeller(request, 'Räknande Säljare');
  const uploaded = await request.post('/api/uploads', {
    headers: bearer(seller),
    multipart: { image: { name: 'vas.png', mimeType: 'image/png', buffer: png(32, 32, [40, 90, 160]) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const created = await request.post('/api/products', { headers: bearer(seller) });
  expect(created.ok(), await created.text()).toBe(true);
  const productId = ((await created.json()) as { product?: { _id: string }; _id?: string }).product?._id;
  expect(productId).toBeTruthy();
  const saved = await request.put(`/api/products/${productId}`, {
    headers: bearer(seller),
    data: {
      name: 'Blå vas',
      price: 249.5,
      image: await uploaded.text(),
      category: 'Keramik',
      brand: 'Egen',
      countInStock: 5,
      description: '<p>En vas.</p>',
      shipping_price: 0,
      shipping_info: '',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const customer = await signInByApi(request, ACCOUNTS.customer);
  const first = await placeOrderByApi(request, customer, productId ?? '', 'Swish');
  const second = await placeOrderByApi(request, customer, productId ?? '', 'Swish');
  const totals = await Promise.all(
    [first, second].map(async (id) => (await orderByApi(request, customer, id)).totalPrice),
  );
  const revenue = `SEK ${totals.reduce((sum, total) => sum + total, 0).toFixed(2)}`;

  await startSession(page, seller);
  await page.goto('/my_shop_menu');
  const screen = main(page);
  // The spec's four buttons come first.
  await expect(screen.getByRole('navigation', { name: 'My Shop menu' }).getByRole('link')).toHaveText([
    'Products',
    'Orders',
    'View shop',
    'Settings',
  ]);
  const overview = screen.getByRole('region', { name: 'Sales overview' });
  const last30 = overview.locator('.sales-figure').filter({ hasText: 'Last 30 days' });
  await expect(last30).toContainText(revenue);
  await expect(last30).toContainText('2 orders');
  await expect(overview.locator('.sales-figure').filter({ hasText: 'This year' })).toContainText(revenue);
  await expect(overview.getByRole('link', { name: /Swish payments to confirm/ })).toHaveText(
    /^2\s*Swish payments to confirm$/,
  );
  await expect(overview.getByRole('link', { name: /Paid, to deliver/ })).toHaveText(/^0\s*Paid, to deliver$/);
  // Three left of five: low in stock, with a link to its edit screen.
  const lowStock = overview.getByRole('region', { name: /Low in stock/ });
  await expect(lowStock.getByRole('listitem')).toHaveCount(1);
  await expect(lowStock.getByRole('listitem')).toContainText('3 left');
  await expect(lowStock.getByRole('link', { name: 'Blå vas' })).toHaveAttribute(
    'href',
    `/product/${productId}/edit/seller`,
  );

  // The chart (uPlot, its own chunk) and its table, today's row last-first.
  await expect(overview.locator('.sales-chart canvas').first()).toBeVisible();
  await overview.getByText('Show the figures as a table').click();
  const todayRow = overview.getByRole('region', { name: 'Sales figures' }).getByRole('row').nth(1);
  await expect(todayRow.getByRole('cell')).toHaveText(['2', revenue]);
  await overview.getByRole('button', { name: 'This year' }).click();
  await expect(overview.getByRole('heading', { name: 'Revenue per week, this year' })).toBeVisible();
  await expect(todayRow.getByRole('cell')).toHaveText(['2', revenue]);
  await screenshots(page, 'my-shop-menu');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The to-do link opens the incoming orders filtered on the server.
  await overview.getByRole('link', { name: /Swish payments to confirm/ }).click();
  await expect(page).toHaveURL(/\/orderlist\/seller\?status=to_confirm_payment$/);
  const rows = screen.getByRole('region', { name: 'Incoming orders' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('Umeå');
  await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText('1');
  await expect(screen.getByRole('link', { name: 'To confirm payment' })).toHaveAttribute('aria-current', 'page');
  await screenshots(page, 'incoming-orders');
  await page.setViewportSize({ width: 1366, height: 900 });
  await screen.getByRole('link', { name: 'To deliver' }).click();
  await expect(screen).toContainText('Every paid order has been delivered.');
});

test('an admin reads a seller application and approves it', async ({ page, request }) => {
  const admin = await signInByApi(request, ACCOUNTS.admin);
  await startSession(page, admin);
  await page.goto('/userlist?shop=waiting');
  const row = main(page).getByRole('region', { name: 'Users table' }).getByRole('row').filter({
    hasText: 'mikael@torget.se',
  });
  await expect(row).toContainText('Waiting for approval');
  await row.getByRole('link', { name: /^Edit/ }).click();

  const application = main(page).getByRole('region', { name: 'Seller application' });
  for (const text of ['Plan 1', 'Bergs Keramik', 'Stora Gatan 40', '722 12', 'Västerås', '070-174 06 91', '559455']) {
    await expect(application).toContainText(text);
  }
  await expect(application).toContainText('Jag drejar skålar, muggar och fat');
  await screenshots(page, 'user-edit');
  await page.setViewportSize({ width: 1366, height: 900 });

  await main(page).getByLabel('Is Seller').check();
  await main(page).getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/userlist$/);
  await main(page).getByRole('link', { name: 'Open', exact: true }).click();
  await expect(
    main(page).getByRole('region', { name: 'Users table' }).getByRole('row').filter({ hasText: 'mikael@torget.se' }),
  ).toContainText('Open');
});
