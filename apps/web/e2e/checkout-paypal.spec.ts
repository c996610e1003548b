import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { cartLines, orderByApi } from './support/checkout';
import { ACCOUNTS, signIn } from './support/sign-in';

// Checkout with PayPal. PayPal's SDK script is routed to a local stub whose button
// drives the app's real createOrder and onApprove callbacks; the server talks to the PayPal
// stand-in that playwright.config.ts starts (PAYPAL_API_BASE), and verifies the capture there.

const PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? 3130);
const SDK_STUB = fileURLToPath(new URL('./support/paypal-sdk-stub.js', import.meta.url));

test('full PayPal checkout: the stub button pays through the stand-in and the order is paid', async ({ page }) => {
  const sdkRequests: URL[] = [];
  await page.route('https://www.paypal.com/sdk/js**', async (route) => {
    sdkRequests.push(new URL(route.request().url()));
    await route.fulfill({ path: SDK_STUB, contentType: 'application/javascript' });
  });
  // The stub's test-control calls, forwarded to the stand-in.
  await page.route('https://www.paypal.com/__standin/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${PAYPAL_PORT}${pathname}` });
    await route.fulfill({ response });
  });

  const buyer = await signIn(page, ACCOUNTS.customer);
  const product = await productNamed(page.request, 'Bluetooth-högtalare Fjord Mini'); // Nordisk Elektronik: PayPal only

  await page.goto(`/cart/${product._id}/1`);
  await expect(cartLines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Only PayPal is offered by this shop, and it is chosen.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

  await expect(page.getByText('Not Paid')).toBeVisible();
  const payButton = page.getByRole('button', { name: 'Pay with PayPal' });
  await expect(payButton).toBeVisible();
  // The SDK was asked for with our client id, SEK and capture.
  expect(sdkRequests).toHaveLength(1);
  const sdk = sdkRequests[0];
  expect(sdk?.searchParams.get('client-id')).toBe('standin-client-id');
  expect(sdk?.searchParams.get('currency')).toBe('SEK');
  expect(sdk?.searchParams.get('intent')).toBe('capture');

  await payButton.click();
  await expect(page.getByText(/^Paid at \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(page.getByText('Not Paid')).toHaveCount(0);
  await expect(payButton).toHaveCount(0);

  // The server marked it paid only after checking the capture with the stand-in.
  const order = await orderByApi(page.request, buyer, orderId);
  expect(order.isPaid).toBe(true);
  expect(order.paymentMethod).toBe('PayPal');
  expect(order.paymentResult?.status).toBe('COMPLETED');

  await page.goto('/orderhistory');
  const row = page.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(row).toContainText('Nordisk Elektronik');
});
