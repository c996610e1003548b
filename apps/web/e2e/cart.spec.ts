import { expect, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { cartLines, SHOPS, sek } from './support/checkout';

// The cart: one seller per cart, quantities, subtotal, delete, kept in browser storage.

const CONFLICT = "Can't add to cart. Buy from the first item's seller, named in the message, in this order.";

test('a second seller is refused, quantities change the subtotal, and Delete empties the cart', async ({ page }) => {
  const hat = await productNamed(page.request, 'Stickad mössa i merinoull'); // Annas Ateljé
  const book = await productNamed(page.request, 'Skogens hemligheter'); // Bokhörnan i Uppsala
  expect(hat.seller.seller.name).toBe(SHOPS.anna.name);
  expect(book.seller.seller.name).toBe(SHOPS.karin.name);

  await page.goto('/cart');
  await expect(page.getByRole('main')).toContainText('Cart is empty. Go shopping');
  await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();

  // /cart/{id} adds one, then shows the plain cart so a reload does not add again.
  await page.goto(`/cart/${hat._id}`);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).getByRole('link', { name: hat.name })).toHaveAttribute('href', `/product/${hat._id}`);
  const subtotal = page.getByRole('heading', { name: /^Subtotal/ });
  await expect(subtotal).toHaveText(`Subtotal (1 items) : ${sek(hat.price)}`);
  await expect(page.locator('.cart-link .badge')).toContainText('1');

  // Another shop's product is refused with the spec's message naming the first item's shop.
  await page.goto(`/cart/${book._id}/2`);
  const conflict = page.getByRole('alert').filter({ hasText: CONFLICT });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(
    `Your cart holds items from ${SHOPS.anna.name}: buy from them in this order, or empty the cart first.`,
  );
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(hat.name);
  await expect(cartLines(page)).not.toContainText(book.name);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cartItems') ?? '[]'));
  expect(stored).toEqual([
    expect.objectContaining({ product: hat._id, qty: 1, seller: expect.objectContaining({ _id: hat.seller._id }) }),
  ]);

  // Quantity 1..countInStock; the subtotal counts units.
  const qty = page.getByLabel(`Quantity of ${hat.name}`);
  await expect(qty.locator('option')).toHaveCount(hat.countInStock);
  await qty.selectOption('3');
  await expect(subtotal).toHaveText(`Subtotal (3 items) : ${sek(hat.price, 3)}`);
  await page.reload();
  await expect(subtotal).toHaveText(`Subtotal (3 items) : ${sek(hat.price, 3)}`);

  // The same product again replaces its line.
  await page.goto(`/cart/${hat._id}/2`);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(subtotal).toHaveText(`Subtotal (2 items) : ${sek(hat.price, 2)}`);

  await page.getByRole('button', { name: `Delete ${hat.name}` }).click();
  await expect(page.getByRole('main')).toContainText('Cart is empty.');
  await expect(page.getByRole('link', { name: 'Go shopping' })).toHaveAttribute('href', '/');
  await expect(subtotal).toHaveText('Subtotal (0 items) : SEK 0.00');
  await expect(page.getByRole('button', { name: 'Proceed to checkout' })).toBeDisabled();
  await expect(page.locator('.cart-link .badge')).toHaveCount(0);
});

test('the product page adds the chosen quantity and checkout asks for sign-in', async ({ page }) => {
  const book = await productNamed(page.request, 'Mord i Gamla stan');
  await page.goto(`/product/${book._id}`);
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: /^Subtotal/ })).toHaveText(
    `Subtotal (2 items) : ${sek(book.price, 2)}`,
  );
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=shipping$/);
});
