import { expect, test } from '@playwright/test';
import { confirmInPage } from './support/answer-confirm';
import { productNamed } from './support/catalog';
import { orderByApi, placeOrderByApi, SHOPS, stockOf } from './support/checkout';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// The seller cancels an unpaid PayPal order; its stock comes back, and the order page
// and the buyer's history show it cancelled, without a PayPal button.

test('the seller cancels an unpaid PayPal order; seller and buyer see it cancelled', async ({
  page,
  browser,
  baseURL,
}) => {
  const product = await productNamed(page.request, 'Randig tröja Skärgård'); // Annas Ateljé: Swish and PayPal
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const stockBefore = await stockOf(page.request, product._id);
  const orderId = await placeOrderByApi(page.request, buyer, product._id, 'PayPal');
  expect(await stockOf(page.request, product._id)).toBe(stockBefore - 1);

  await signIn(page, ACCOUNTS.anna);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText('Not Paid')).toBeVisible();
  await confirmInPage(page, 'Cancel this order? Its items go back on sale.', 'Yes, cancel it', () =>
    page.getByRole('button', { name: 'Cancel Order' }).click(),
  );
  await expect(page.getByText(/^Cancelled \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  expect(await stockOf(page.request, product._id)).toBe(stockBefore);
  expect((await orderByApi(page.request, buyer, orderId)).isPaid).toBe(false);

  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, ACCOUNTS.customer);
  await buyerPage.goto(`/order/${orderId}`);
  await expect(buyerPage.getByText('Cancelled by the seller. This order can no longer be paid.')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Pay with PayPal' })).toHaveCount(0);
  await buyerPage.goto('/orderhistory');
  const row = buyerPage.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(SHOPS.anna.name);
  await buyerContext.close();
});
