import { expect, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { placeOrderByApi, stockOf } from './support/checkout';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// A sale between opening the edit form and saving it is not undone; the form says the
// product changed and shows it reloaded.

test('saving an edit opened before a sale is refused and the form reloads the product', async ({ page }) => {
  const product = await productNamed(page.request, 'Randig tröja Skärgård'); // Annas Ateljé
  await signIn(page, ACCOUNTS.anna);
  await page.goto(`/product/${product._id}/edit/seller`);
  const stock = page.getByLabel('Count In Stock');
  const opened = await stockOf(page.request, product._id);
  await expect(stock).toHaveValue(String(opened));

  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  await placeOrderByApi(page.request, buyer, product._id, 'Swish');

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert')).toContainText('This product changed since you opened it');
  await expect(stock).toHaveValue(String(opened - 1));
  expect(await stockOf(page.request, product._id)).toBe(opened - 1);
});
