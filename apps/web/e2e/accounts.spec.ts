import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

// Accounts: register, sign in with redirects, profile, sign-out, guards.

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function registerViaApi(request: APIRequestContext, name: string, email: string, password: string) {
  const response = await request.post('/api/users/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; token: string };
}

/** Starts a session the way sign-in does: the API's answer stored as userInfo. */
async function startSession(page: Page, request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/users/signin', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const user: unknown = await response.json();
  await page.goto('/about');
  await page.evaluate((userInfo) => localStorage.setItem('userInfo', JSON.stringify(userInfo)), user);
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('register, update the profile, sign out, and sign in back to the guarded page', async ({ page }) => {
  const email = `konto-${unique()}@example.se`;
  const password = 'hemligt-lösen-1';
  const main = page.getByRole('main');
  const header = page.getByRole('banner');

  // A guarded page sends a visitor to sign in, remembering where they were going.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile$/);
  await expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot_password');
  await main.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/register\?redirect=\/profile$/);
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin?redirect=/profile');

  // Registration signs in and goes to the redirect target.
  await main.getByLabel('Name').fill('Astrid Kund');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm Password').fill(password);
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible();
  await expect(main.getByLabel('Name')).toHaveValue('Astrid Kund');
  await expect(main.getByLabel('Email address')).toHaveValue(email);
  // Shop fields are for sellers only.
  await expect(main.getByLabel('Shop name')).toHaveCount(0);
  const userInfo = JSON.parse((await stored(page, 'userInfo')) ?? 'null');
  expect(userInfo).toMatchObject({ name: 'Astrid Kund', email, is_admin: false, is_seller: false });
  expect(userInfo.token).toEqual(expect.any(String));

  // The header's user dropdown carries the name and the account links.
  const userMenu = header.getByRole('button', { name: 'Astrid Kund' });
  await userMenu.click();
  await expect(header.getByRole('link', { name: 'User Profile' })).toHaveAttribute('href', '/profile');
  await expect(header.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/orderhistory');
  await page.keyboard.press('Escape');

  // Profile update: a snackbar for 3 seconds, and the stored userInfo follows.
  await main.getByLabel('Name').fill('Astrid Uppdaterad');
  await main.getByRole('button', { name: 'Update' }).click();
  const snackbar = page.getByRole('status').filter({ hasText: 'Profile was updated.' });
  await expect(snackbar).toHaveText('Profile was updated.');
  await expect(header.getByRole('button', { name: 'Astrid Uppdaterad' })).toBeVisible();
  expect(JSON.parse((await stored(page, 'userInfo')) ?? 'null')).toMatchObject({ name: 'Astrid Uppdaterad' });
  await expect(page.getByText('Profile was updated.')).toBeHidden({ timeout: 4_000 });

  // The change is on the server too.
  await page.reload();
  await expect(main.getByLabel('Name')).toHaveValue('Astrid Uppdaterad');

  // Sign-out clears userInfo, cartItems and shippingAddress, and the rest of the checkout.
  await page.evaluate(() => {
    localStorage.setItem('cartItems', '[]');
    localStorage.setItem('shippingAddress', JSON.stringify({ fullName: 'Astrid', city: 'Uppsala' }));
    localStorage.setItem('paymentMethod', JSON.stringify('Swish'));
  });
  await header.getByRole('button', { name: 'Astrid Uppdaterad' }).click();
  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await stored(page, 'userInfo')).toBeNull();
  expect(await stored(page, 'cartItems')).toBeNull();
  expect(await stored(page, 'shippingAddress')).toBeNull();
  expect(await stored(page, 'paymentMethod')).toBeNull();

  // The guarded page again redirects; signing in returns to it.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile$/);
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main.getByLabel('Name')).toHaveValue('Astrid Uppdaterad');
});

test('sign-in shows the server message in a red box', async ({ page }) => {
  await page.goto('/signin');
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill('kund@torget.se');
  await main.getByLabel('Password').fill('fel-lösenord');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-in goes to the redirect, reading "profile" as /profile', async ({ page }) => {
  await page.goto('/signin?redirect=profile');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
    'href',
    '/register?redirect=/profile',
  );
  await main.getByLabel('Email address').fill('kund@torget.se');
  await main.getByLabel('Password').fill('kund1234');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a signed-in user goes straight on, and never to another site', async ({ page, request }) => {
  const email = `vidare-${unique()}@example.se`;
  await registerViaApi(request, 'Vidare Kund', email, 'hemligt-lösen-2');
  await startSession(page, request, email, 'hemligt-lösen-2');
  const origin = new URL(page.url()).origin;

  await page.goto('/signin?redirect=/profile');
  await expect(page).toHaveURL(`${origin}/profile`);
  for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    await page.goto(`/signin?redirect=${encodeURIComponent(evil)}`);
    await expect(page).toHaveURL(`${origin}/`);
  }
  await page.goto('/register?redirect=/profile');
  await expect(page).toHaveURL(`${origin}/profile`);
});

test('register checks that the passwords match', async ({ page }) => {
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill('Olik Lösen');
  await main.getByLabel('Email address').fill(`olik-${unique()}@example.se`);
  await main.getByLabel('Password', { exact: true }).fill('hemligt-lösen-1');
  await main.getByLabel('Confirm Password').fill('hemligt-lösen-2');
  // The spec's text under the confirmation field, not a browser alert.
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(main.getByRole('alert')).toHaveText('Password and confirm password do not match');
  await expect(page).toHaveURL(/\/register$/);
  expect(await stored(page, 'userInfo')).toBeNull();
});

test('register shows a taken e-mail as the server says', async ({ page }) => {
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill('Dubbel');
  await main.getByLabel('Email address').fill('kund@torget.se');
  await main.getByLabel('Password', { exact: true }).fill('hemligt-lösen-1');
  await main.getByLabel('Confirm Password').fill('hemligt-lösen-1');
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(main.getByRole('alert')).toHaveText('An account with this e-mail already exists.');
});

test('profile checks that the passwords match, and a new password works', async ({ page, request }) => {
  const email = `nytt-${unique()}@example.se`;
  await registerViaApi(request, 'Nytt Lösen', email, 'hemligt-lösen-1');
  await startSession(page, request, email, 'hemligt-lösen-1');
  await page.goto('/profile');
  const main = page.getByRole('main');
  await expect(main.getByLabel('Name')).toHaveValue('Nytt Lösen');

  await main.getByLabel('Password', { exact: true }).fill('nytt-lösen-99');
  await main.getByLabel('Confirm Password').fill('nytt-lösen-98');
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(main.getByRole('alert')).toHaveText('Password and Confirm Password Are Not Matched');

  await main.getByLabel('Confirm Password').fill('nytt-lösen-99');
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile was updated.' })).toBeVisible();
  await expect(main.getByLabel('Password', { exact: true })).toHaveValue('');
  // The answer's fresh token replaced the old one, so the session goes on.
  await page.reload();
  await expect(main.getByLabel('Name')).toHaveValue('Nytt Lösen');
  const signIn = await request.post('/api/users/signin', { data: { email, password: 'nytt-lösen-99' } });
  expect(signIn.ok()).toBe(true);
});

test("a seller's profile also carries the shop fields", async ({ page, request }) => {
  await startSession(page, request, 'anna@torget.se', 'salj1234');
  await page.goto('/profile');
  const main = page.getByRole('main');
  await expect(main.getByRole('group', { name: 'Shop' })).toBeVisible();
  await expect(main.getByLabel('Shop name')).not.toHaveValue('');
  await expect(main.getByLabel('Shop subtitle')).toBeVisible();
  await expect(main.getByLabel('Shop description')).toBeVisible();
  await expect(main.getByLabel('Shop logo')).toBeVisible();
});

test('a call answered 401 signs the user out', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() =>
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ _id: '00000000-0000-4000-8000-000000000000', name: 'Gammal', token: 'not-a-token' }),
    ),
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fprofile$/);
  expect(await stored(page, 'userInfo')).toBeNull();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the sign-in form fits the screen', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the profile waits 500 ms before its loading indicator, and its snackbar stays 3 seconds', async ({
  page,
  request,
}) => {
  // A fake clock: the spec's times are stepped through exactly, not waited for.
  await page.clock.install();
  const email = `klocka-${unique()}@example.se`;
  await registerViaApi(request, 'Klocka Kund', email, 'hemligt-lösen-1');
  await startSession(page, request, email, 'hemligt-lösen-1');
  // From here the page's time moves only when the test says so.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  // Hold the user's details back, so the page is loading for as long as the test wants.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/users/*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.goto('/profile');
  const main = page.getByRole('main');
  const loading = main.getByRole('status').filter({ hasText: 'Loading...' });
  // The screen itself shows after React's own short timers (a lazy route, Suspense): step
  // through them 20 ms at a time; the indicator's 500 ms count from about here.
  // (TanStack Query hands its results over on a zero-delay timer too, hence `stepUntil` below.)
  const stepUntil = async (shown: Locator) => {
    for (let step = 0; step < 100 && !(await shown.isVisible()); step++) await page.clock.runFor(20);
    await expect(shown).toBeVisible();
  };
  await stepUntil(main.getByRole('heading', { level: 1 }));
  await page.clock.runFor(450);
  await expect(loading).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(loading).toBeVisible();
  release();
  await stepUntil(main.getByLabel('Name'));
  await expect(main.getByLabel('Name')).toHaveValue('Klocka Kund');

  await main.getByLabel('Name').fill('Klocka Uppdaterad');
  await main.getByRole('button', { name: 'Update' }).click();
  const snackbar = page.getByRole('status').filter({ hasText: 'Profile was updated.' });
  await stepUntil(snackbar);
  await page.clock.runFor(2_900);
  await expect(snackbar).toBeVisible();
  await page.clock.runFor(200);
  await expect(snackbar).toHaveCount(0);
});
