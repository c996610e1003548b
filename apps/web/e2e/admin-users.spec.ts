import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { applyToSellByApi } from './support/session';

// Admin user management: the admin menu, the user list with shop status, user edit
// (roles and seller domain) and delete with confirmation.

const ADMIN = { email: 'admin@torget.se', password: 'admin1234' };

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function registerViaApi(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${unique()}@example.se`;
  const response = await request.post('/api/users/register', { data: { name, email, password: 'hemligt-lösen-1' } });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { _id: string; token: string };
  return { ...user, name, email };
}

/** Starts a session the way sign-in does: the API's answer stored as userInfo. */
async function startSession(page: Page, request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/users/signin', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const user: unknown = await response.json();
  await page.goto('/about');
  await page.evaluate((userInfo) => localStorage.setItem('userInfo', JSON.stringify(userInfo)), user);
}

const userRow = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Users table' }).getByRole('row').filter({ hasText: email });

test('the admin signs in to the user list, which shows each shop status', async ({ page, request }) => {
  // A user who applied to sell waits for approval.
  const applicant = await registerViaApi(request, 'Sökande Säljare');
  await applyToSellByApi(request, applicant, '1');

  await page.goto('/userlist');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fuserlist$/);
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(ADMIN.email);
  await main.getByLabel('Password').fill(ADMIN.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/userlist$/);

  await expect(main.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(main.getByRole('columnheader')).toHaveText(['NAME', 'EMAIL', 'SELLER', 'ADMIN', 'ACTIONS']);

  await expect(userRow(page, 'anna@torget.se')).toContainText('Open');
  await expect(userRow(page, 'kund@torget.se')).toContainText('Closed');
  await expect(userRow(page, applicant.email)).toContainText('Waiting for approval');
  await expect(userRow(page, 'admin@torget.se').getByRole('cell').nth(3)).toHaveText('YES');
  await expect(userRow(page, 'kund@torget.se').getByRole('cell').nth(3)).toHaveText('NO');
  // An admin cannot delete their own account.
  await expect(userRow(page, 'admin@torget.se').getByRole('button', { name: /^Delete/ })).toBeDisabled();

  // The list filters by shop status on the server.
  await main
    .getByRole('navigation', { name: 'Show users by shop status' })
    .getByRole('link', { name: 'Waiting for approval' })
    .click();
  await expect(page).toHaveURL(/\/userlist\?shop=waiting$/);
  await expect(userRow(page, applicant.email)).toBeVisible();
  await expect(userRow(page, 'anna@torget.se')).toHaveCount(0);
  await expect(userRow(page, 'kund@torget.se')).toHaveCount(0);
  await main.getByRole('link', { name: 'Open', exact: true }).click();
  await expect(userRow(page, 'anna@torget.se')).toBeVisible();
  await expect(userRow(page, applicant.email)).toHaveCount(0);
});

test('the admin approves a plan 2 applicant with a domain', async ({ page, request }) => {
  const customer = await registerViaApi(request, 'Blivande Säljare');
  // Own domains come with plan 2; the server refuses one on a plan 1 shop, for admins too.
  await applyToSellByApi(request, customer, '2');
  await startSession(page, request, ADMIN.email, ADMIN.password);
  await page.goto('/userlist');
  const row = userRow(page, customer.email);
  await expect(row).toContainText('Waiting for approval');
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${customer._id}/edit$`));

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: `Edit User ${customer.name}` })).toBeVisible();
  const isSeller = main.getByLabel('Is Seller');
  const isAdmin = main.getByLabel('Is Admin');
  const domain = main.getByLabel('Seller domain');
  await expect(isSeller).not.toBeChecked();
  await expect(isAdmin).not.toBeChecked();
  // The domain only means something for a seller.
  await expect(domain).toBeDisabled();
  await isSeller.check();
  await expect(domain).toBeEnabled();

  // A bad domain is refused with the server's message, and nothing changes.
  await domain.fill('http://inte en domän');
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(main.getByRole('alert')).toContainText('domain');
  await expect(page).toHaveURL(/\/edit$/);

  const shopDomain = `butik-${unique()}.example.se`;
  await domain.fill(shopDomain);
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/userlist$/);
  await expect(userRow(page, customer.email)).toContainText('Open');

  await userRow(page, customer.email).getByRole('link', { name: /^Edit/ }).click();
  await expect(main.getByLabel('Is Seller')).toBeChecked();
  await expect(main.getByLabel('Seller domain')).toHaveValue(shopDomain);
  await main.getByRole('link', { name: 'Back to users' }).click();
  await expect(page).toHaveURL(/\/userlist$/);
});

test('the admin deletes a user after confirming', async ({ page, request }) => {
  const doomed = await registerViaApi(request, 'Ska Bort');
  await startSession(page, request, ADMIN.email, ADMIN.password);
  await page.goto('/userlist');
  const row = userRow(page, doomed.email);
  await expect(row).toBeVisible();

  // The page asks in its own dialog (not window.confirm), in the spec's words.
  const question = page.getByRole('dialog', { name: 'Are you sure to delete?' });

  // Cancelling keeps the user.
  await row.getByRole('button', { name: /^Delete/ }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(row).toBeVisible();
  await expect(page.getByText('User deleted successfully.')).toHaveCount(0);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('main').getByText('User deleted successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
  const gone = await request.post('/api/users/signin', { data: { email: doomed.email, password: 'hemligt-lösen-1' } });
  expect(gone.status()).toBe(401);
});

test('the admin menu and the header Admin dropdown lead to the admin screens', async ({ page, request }) => {
  await startSession(page, request, ADMIN.email, ADMIN.password);
  await page.goto('/admin_menu');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(10);
  expect(await Promise.all((await links.all()).map((link) => link.getAttribute('href')))).toEqual([
    '/productlist',
    '/orderlist',
    '/userlist',
    '/admin_settings',
    '/admin_payments',
    '/admin_payouts',
    '/admin_applications',
    '/admin_finances',
    '/orderlist/withdrawals',
    '/admin_reports',
  ]);
  // The seller applications entry says how many applications wait.
  await expect(menu.getByRole('link', { name: /^Seller applications \(\d+ pending\)$/ })).toBeVisible();
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/userlist$/);

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Admin', exact: true }).click();
  await header.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/userlist$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('a customer is sent through sign-in to the home page from the admin screens', async ({ page, request }) => {
  await startSession(page, request, 'kund@torget.se', 'kund1234');
  await page.goto('/userlist');
  // Signed in already, sign-in sends them on home, and they stay there: no loop back to the
  // admin screen (which sent them to sign-in, which sent them back, …).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/$/);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  // Under 640 px the rows are cards (every column as "LABEL value"); nothing scrolls sideways.
  test('the user table shows cards that fit the screen, neither the page nor the box scrolls', async ({
    page,
    request,
  }) => {
    await startSession(page, request, ADMIN.email, ADMIN.password);
    await page.goto('/userlist');
    const box = page.getByRole('region', { name: 'Users table' });
    await expect(box.getByRole('row').nth(1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const scrolls = await box.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(scrolls).toBe(false);
    await expect(box.getByRole('row').nth(1).getByRole('link', { name: /^Edit/ })).toBeVisible();
  });
});
