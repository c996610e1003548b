import { expect, type Page, test } from '@playwright/test';
import { applyToSellByApi, registerByApi, startSession } from './support/session';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// Guards and menus by role (spec sections 2, 4 and 6): seller-only screens, the checkout's
// step guards, and the right sidebar's entries for each kind of user.

const menuEntries = async (page: Page) => {
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('complementary', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Cart' })).toBeVisible();
  return menu.getByRole('listitem').allInnerTexts();
};

test.describe('phone menu', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('lists what each role may open', async ({ browser, baseURL }) => {
    const entriesOf = async (account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS] | null) => {
      const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      if (account) await signIn(page, account);
      await page.goto('/about');
      const entries = await menuEntries(page);
      await context.close();
      return entries;
    };
    expect(await entriesOf(null)).toEqual(['Cart', 'Sign In']);
    expect(await entriesOf(ACCOUNTS.customer)).toEqual(['User Profile', 'Cart', 'My outgoing orders', 'Sign Out']);
    expect(await entriesOf(ACCOUNTS.anna)).toEqual([
      'My Shop',
      'User Profile',
      'Cart',
      'My outgoing orders',
      'Sign Out',
    ]);
    expect(await entriesOf(ACCOUNTS.admin)).toEqual([
      'Admin',
      'User Profile',
      'Cart',
      'My outgoing orders',
      'Sign Out',
    ]);
  });
});

test('seller screens send visitors to sign-in and back, customers home, and let sellers in', async ({
  page,
  browser,
  baseURL,
}) => {
  for (const path of ['/my_shop_menu', '/productlist/seller', '/orderlist/seller']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/signin?redirect=${encodeURIComponent(path)}`);
  }
  await page.getByRole('main').getByLabel('Email address').fill(ACCOUNTS.customer.email);
  await page.getByRole('main').getByLabel('Password').fill(ACCOUNTS.customer.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  // Signed in, but not a seller: the guard sends them to sign-in, which takes them home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

  const sellerContext = await browser.newContext({ baseURL });
  const seller = await sellerContext.newPage();
  await signIn(seller, ACCOUNTS.anna);
  await seller.goto('/my_shop_menu');
  const menu = seller.getByRole('main');
  await expect(menu.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/productlist/seller');
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orderlist/seller');
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/seller_profile');
  await expect(menu.getByRole('link', { name: 'View shop' })).toHaveAttribute('href', /^\/seller\/[0-9a-f-]{36}$/);
  await sellerContext.close();
});

test('checkout steps: payment needs an address, place order a payment method', async ({ page, request }) => {
  const buyer = await registerByApi(request, 'Stegvis Köpare');
  await startSession(page, buyer);

  // No shipping address stored: the payment step goes back to shipping.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Address' })).toBeVisible();

  // An address but no usable payment method: place order goes back to payment.
  await page.evaluate(() => {
    localStorage.setItem(
      'shippingAddress',
      JSON.stringify({
        fullName: 'Stegvis Köpare',
        address: 'Storgatan 1',
        city: 'Uppsala',
        postalCode: '753 20',
        country: 'Sverige',
      }),
    );
    localStorage.setItem('paymentMethod', JSON.stringify('Kontanter'));
  });
  await page.goto('/placeorder');
  await expect(page).toHaveURL(/\/payment$/);

  // An empty cart has no seller to pay, and Place Order cannot be pressed.
  await expect(page.getByRole('main')).toContainText('Cart is empty.');
  await page.evaluate(() => localStorage.setItem('paymentMethod', JSON.stringify('Swish')));
  await page.goto('/placeorder');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
});

test('a seller who takes neither PayPal nor Swish offers no payment method', async ({ page, request }) => {
  // A new shop, approved by the admin, with one product and no payment method set up yet.
  const seller = await registerByApi(request, 'Ny Butiksägare');
  const asSeller = { Authorization: `Bearer ${seller.token}` };
  await applyToSellByApi(request, seller, '1', { seller_name: 'Ännu Ingen Kassa' });
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const approved = await request.put(`/api/users/${seller._id}`, { headers: bearer(admin), data: { is_seller: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  const created = await request.post('/api/products', { headers: asSeller, data: {} });
  const { product } = (await created.json()) as { product: { _id: string } };
  const updated = await request.put(`/api/products/${product._id}`, {
    headers: asSeller,
    data: {
      name: 'Kassalös kruka',
      price: 120,
      image: '/uploads/kruka.webp',
      category: 'Hem & inredning',
      brand: 'Lerverk',
      countInStock: 3,
      description: 'Drejad.',
      shipping_price: 0,
      shipping_info: '',
    },
  });
  expect(updated.ok(), await updated.text()).toBe(true);

  const buyer = await registerByApi(request, 'Kassa Köpare');
  await startSession(page, buyer);
  await page.goto(`/cart/${product._id}/1`);
  await expect(page.getByRole('link', { name: 'Kassalös kruka' })).toBeVisible();
  await page.evaluate(() =>
    localStorage.setItem(
      'shippingAddress',
      JSON.stringify({
        fullName: 'Kassa Köpare',
        address: 'Gatan 2',
        city: 'Lund',
        postalCode: '222 22',
        country: 'Sverige',
      }),
    ),
  );
  await page.goto('/payment');
  await expect(page.getByRole('main')).toContainText('No payment methods available.');
});
