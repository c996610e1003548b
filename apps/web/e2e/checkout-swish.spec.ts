import { expect, test } from '@playwright/test';
import { confirmInPage } from './support/answer-confirm';
import { productNamed } from './support/catalog';
import { cartLines, checkoutFromCart, orderByApi, SHOPS, sek, stockOf } from './support/checkout';
import { ACCOUNTS, signIn } from './support/sign-in';

// Checkout with Swish: the buyer pays by Swish with the QR code, the seller marks the
// order paid and delivered with dates; an unpaid Swish order can be deleted and its stock returns.
// The test server has no GOOGLE_API_KEY, so the address map takes its not-configured path.

test('full Swish checkout; the seller marks paid and delivered; the buyer sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await signIn(page, ACCOUNTS.customer);
  const product = await productNamed(page.request, 'Randig tröja Skärgård'); // Annas Ateljé: Swish and PayPal
  const details = (await (await page.request.get(`/api/products/${product._id}`)).json()) as {
    shipping_price: number;
  };
  const stockBefore = await stockOf(page.request, product._id);

  await page.goto(`/product/${product._id}`);
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartLines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  // Shipping: step two of four, prefilled from the address saved on the user.
  await expect(page).toHaveURL(/\/shipping$/);
  const steps = page.getByRole('navigation', { name: 'Checkout steps' });
  await expect(steps.getByRole('listitem')).toHaveText([/^Sign-in/, 'Shipping', 'Payment', 'Place order']);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Shipping');
  await expect(page.getByLabel('Full Name')).toHaveValue('Emma Karlsson');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Vasagatan 12');
  await expect(page.getByLabel('City')).toHaveValue('Göteborg');
  await expect(page.getByLabel('Postal Code')).toHaveValue('411 24');
  await expect(page.getByLabel('Country')).toHaveValue('Sverige');

  // The map without a Maps key says so and leads back to the shipping form.
  await page.getByRole('link', { name: 'Choose on map' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByText('Address confirmation on a map is not configured.')).toBeVisible();
  await page.getByRole('link', { name: /shipping page/ }).click();
  await expect(page).toHaveURL(/\/shipping$/);

  await page.getByLabel('Address', { exact: true }).fill('Kungsgatan 5');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Payment: both of Anna's methods; Swish is the default because she has a Swish number.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Swish' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Place order: address, method, the line and the totals (tax 0).
  await expect(page).toHaveURL(/\/placeorder$/);
  const main = page.getByRole('main');
  await expect(main).toContainText('Kungsgatan 5, 411 24 Göteborg, Sverige');
  await expect(main).toContainText('Swish');
  await expect(main).toContainText(`2 x ${sek(product.price)} = ${sek(product.price, 2)}`);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const itemsOre = Math.round(product.price * 100) * 2;
  const shippingOre = Math.round(details.shipping_price * 100) * 2;
  await expect(summary).toContainText(`Items${sek(itemsOre / 100)}`);
  await expect(summary).toContainText(`Shipping${sek(shippingOre / 100)}`);
  await expect(summary).toContainText('TaxSEK 0.00');
  await expect(summary).toContainText(`Order Total${sek((itemsOre + shippingOre) / 100)}`);
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The order page: unpaid, undelivered, with the seller's Swish number, the amount and a QR code.
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  // The heading names the order by its number; the id the URL carries is under it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order T-\d{6,}$/);
  await expect(page.locator('.order-id-line')).toContainText(orderId);
  await expect(page.getByText('Not Paid')).toBeVisible();
  await expect(page.getByText('Not Delivered')).toBeVisible();
  const swish = page.getByRole('region', { name: 'Pay with Swish' });
  await expect(swish).toContainText(SHOPS.anna.swishNumber);
  await expect(swish).toContainText(sek((itemsOre + shippingOre) / 100));
  const qr = page.getByRole('img', { name: 'Swish QR code' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  // The buyer does not get the seller's form; the cart is empty and stock went down.
  await expect(page.getByRole('checkbox', { name: 'Paid' })).toHaveCount(0);
  await expect(page.locator('.cart-link .badge')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cartItems'))).toBeNull();
  expect(await stockOf(page.request, product._id)).toBe(stockBefore - 2);

  // The seller opens the order from the shop's order list and marks it paid and delivered.
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, ACCOUNTS.anna);
  await sellerPage.goto('/orderlist/seller');
  const row = sellerPage.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('Emma Karlsson');
  // Incoming orders show the time of day too; the buyer's history only the date.
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await row.getByRole('link', { name: /^Details/ }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/order/${orderId}$`));

  const paid = sellerPage.getByRole('checkbox', { name: 'Paid' });
  const paidDate = sellerPage.getByLabel('Payment date');
  const delivered = sellerPage.getByRole('checkbox', { name: 'Delivered' });
  const deliveredDate = sellerPage.getByLabel('Delivery date');
  await expect(paidDate).toBeDisabled();
  await expect(deliveredDate).toBeDisabled();
  await paid.check();
  await expect(paidDate).toBeEnabled();
  // The date starts as today; an emptied date gives the spec's message beside it, and nothing is sent.
  await expect(paidDate).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await paidDate.fill('');
  await sellerPage.getByRole('button', { name: 'Update' }).click();
  await expect(sellerPage.getByRole('alert')).toHaveText('Please enter the payment date.');
  await expect(paidDate).toHaveAttribute('aria-invalid', 'true');
  await paidDate.fill('2026-01-15');
  await delivered.check();
  await expect(deliveredDate).toBeEnabled();
  await expect(deliveredDate).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await deliveredDate.fill('');
  await sellerPage.getByRole('button', { name: 'Update' }).click();
  await expect(sellerPage.getByRole('alert')).toHaveText('Please enter the delivery date.');
  await deliveredDate.fill('2026-01-17');
  await sellerPage.getByRole('button', { name: 'Update' }).click();
  await expect(sellerPage.getByText('Order was updated.')).toBeVisible();
  await expect(sellerPage.getByText('Paid at 2026-01-15')).toBeVisible();
  await expect(sellerPage.getByText('Delivered at 2026-01-17')).toBeVisible();
  // Paid: no more QR code, and no Delete.
  await expect(sellerPage.getByRole('img', { name: 'Swish QR code' })).toHaveCount(0);
  await expect(sellerPage.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await sellerContext.close();

  // The buyer's order history shows both dates; the details say so too.
  await page.goto('/orderhistory');
  const historyRow = page.getByRole('row').filter({ hasText: orderId });
  await expect(historyRow).toContainText(SHOPS.anna.name);
  await expect(historyRow).toContainText('2026-01-15');
  await expect(historyRow).toContainText('2026-01-17');
  await historyRow.getByRole('link', { name: /^Details/ }).click();
  await expect(page.getByText('Paid at 2026-01-15')).toBeVisible();
  await expect(page.getByText('Delivered at 2026-01-17')).toBeVisible();
  const order = await orderByApi(page.request, buyer, orderId);
  expect(order).toMatchObject({ isPaid: true, isDelivered: true, paymentMethod: 'Swish' });
});

test('the buyer deletes an unpaid Swish order and its stock comes back', async ({ page }) => {
  await signIn(page, ACCOUNTS.customer);
  const book = await productNamed(page.request, 'Skogens hemligheter'); // Bokhörnan: Swish only
  const stockBefore = await stockOf(page.request, book._id);

  await page.goto(`/cart/${book._id}/3`);
  await expect(cartLines(page)).toHaveCount(1);
  const orderId = await checkoutFromCart(page, 'Swish');
  expect(orderId).not.toBe('');
  expect(await stockOf(page.request, book._id)).toBe(stockBefore - 3);
  await expect(page.getByRole('region', { name: 'Pay with Swish' })).toContainText(SHOPS.karin.swishNumber);

  await confirmInPage(page, 'Are you sure to delete?', 'Delete', () =>
    page.getByRole('button', { name: 'Delete Order' }).click(),
  );
  await expect(page.getByText('Order was deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Order History' })).toBeVisible();
  expect(await stockOf(page.request, book._id)).toBe(stockBefore);

  await page.goto('/orderhistory');
  await expect(page.getByRole('row').filter({ hasText: orderId })).toHaveCount(0);
});
