import { expect, type Locator, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { cartLines } from './support/checkout';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// Keyboard only: search, the cart, checkout to a placed order and the seller's product edit,
// with Tab, Shift+Tab, Enter, Space, Escape and the arrows, never the mouse. Every stop on the
// way shows where the focus is (WCAG 2.4.7), and the menus and dialogs close on Escape.

/** Whether the focused element shows a focus indicator: an outline, a ring, or a focus border. */
async function focusShown(page: Page): Promise<{ shown: boolean; element: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { shown: false, element: 'body' };
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
    const ring = (target: Element) => {
      const style = getComputedStyle(target);
      return (
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
        (style.boxShadow !== 'none' && style.boxShadow !== '')
      );
    };
    // A card whose stretched link has the focus draws the ring around the card (:has); the rich
    // text editor draws it around its frame (:focus-within).
    const card = element.closest('.product-card, .rich-text-editor-frame');
    // The header search box marks focus with its accent border, not an outline.
    const border = getComputedStyle(element);
    const focusBorder = Number.parseFloat(border.borderTopWidth) >= 2 && border.borderTopColor !== 'rgba(0, 0, 0, 0)';
    return { shown: ring(element) || (card !== null && ring(card)) || focusBorder, element: name };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, checking that
 * every element on the way shows its focus. Answers how many presses it took.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await focusShown(page);
    expect(focus.shown, `focus is not visible on ${focus.element}`).toBe(true);
    // Any of the elements `target` matches (a radio group's tab stop is whichever is checked).
    const reached = await target.evaluateAll((elements) =>
      elements.some((element) => element === document.activeElement),
    );
    if (reached) return presses;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('search: Tab to the header search, type, arrows choose a suggestion, Escape closes, Enter opens', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toBeVisible();
  // The skip link comes first, then the header; the search box is a few presses away.
  expect(await tabTo(page, box)).toBeLessThanOrEqual(8);
  await page.keyboard.type('hö');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();

  // Down, down, up: the first option is the chosen one; Escape closes the list, keeps the text.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('hö');
  await expect(box).toBeFocused();

  // The arrows open it again; Enter opens the chosen suggestion.
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  const chosen = (await options.first().textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(product|seller)\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('main')).toContainText(chosen.split('\n')[0]?.trim().slice(0, 10) ?? '');

  // A search of one's own: the text and Enter lead to the results.
  await page.goto('/');
  await tabTo(page, box);
  await page.keyboard.type('tröja');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\/name\/tr%C3%B6ja$/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});

test('menus: Enter opens the header menu, Escape closes it and gives the focus back', async ({ page }) => {
  await page.goto('/');
  const info = page.getByRole('banner').getByRole('button', { name: 'Info', exact: true });
  await tabTo(page, info);
  await page.keyboard.press('Enter');
  const about = page.getByRole('banner').getByRole('link', { name: 'About', exact: true });
  await expect(about).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(info).toBeFocused();
});

test('cart: a product to the cart, its quantity changed with the arrows, a line removed', async ({ page }) => {
  const hat = await productNamed(page.request, 'Stickad mössa i merinoull');
  const sweater = await productNamed(page.request, 'Randig tröja Skärgård');
  await page.goto(`/product/${hat._id}`);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeVisible();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  await page.goto(`/product/${sweater._id}`);
  await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }));
  await page.keyboard.press('Space');
  await expect(cartLines(page)).toHaveCount(2);

  // From the top of the cart: Tab to the hat's quantity, the arrow sets it to 2.
  const qty = page.getByLabel(`Quantity of ${hat.name}`);
  await tabTo(page, qty);
  await page.keyboard.press('ArrowDown');
  await expect(qty).toHaveValue('2');
  await expect(page.getByRole('heading', { name: /^Subtotal/ })).toContainText('(3 items)');

  // Delete the sweater: Tab on to its button, Enter.
  await tabTo(page, page.getByRole('button', { name: `Delete ${sweater.name}` }));
  await page.keyboard.press('Enter');
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page)).toContainText(hat.name);
  // The focus is not lost to the page's top: the next Tab stays in the cart's main part.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.activeElement?.closest('main') !== null);
  expect(inMain).toBe(true);
});

test('checkout: from the cart to the order placed, by keyboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.customer);
  const sweater = await productNamed(page.request, 'Randig tröja Skärgård');
  await page.goto(`/cart/${sweater._id}/1`);
  await expect(cartLines(page)).toHaveCount(1);
  await tabTo(page, page.getByRole('button', { name: 'Proceed to checkout' }));
  await page.keyboard.press('Enter');

  // Shipping: the saved address is filled in; Tab through the fields to Continue.
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Emma Karlsson');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  // Payment: the radio group takes the arrows.
  await expect(page).toHaveURL(/\/payment$/);
  // Tab stops once in the radio group (at its checked radio, or its first), the arrows move on.
  const checked = page.getByRole('radio', { checked: true });
  // The methods show once the seller's are loaded; a keyboard user waits for them too.
  await expect(page.getByRole('radio').first()).toBeVisible();
  await tabTo(page, page.getByRole('radio'));
  await page.keyboard.press('ArrowDown');
  await expect(checked).toHaveCount(1);
  const swish = page.getByRole('radio', { name: 'Swish' });
  for (let i = 0; i < 3 && !(await swish.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(swish).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/placeorder$/);
  // The summary shows once the cart's products are checked; a keyboard user waits for it too.
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("the seller's product edit: a field changed and saved by keyboard", async ({ page }) => {
  const anna = await signInByApi(page.request, ACCOUNTS.anna);
  // A product of its own, so no other spec's data changes.
  const created = await page.request.post('/api/products', { headers: bearer(anna), data: {} });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { product: { _id: string } }).product._id;
  try {
    await signIn(page, ACCOUNTS.anna);
    await page.goto(`/product/${id}/edit/seller`);
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeVisible();
    await tabTo(page, name);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Tangentbordsvantar');
    const price = page.getByLabel('Price', { exact: true });
    await tabTo(page, price);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('149');
    await tabTo(page, page.getByRole('button', { name: 'Update' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/productlist/seller');
    // The list shows the saved name (a draft is the seller's own: not on the public product API).
    await expect(page.getByRole('main').getByRole('link', { name: 'Tangentbordsvantar', exact: true })).toBeVisible();
  } finally {
    await page.request.delete(`/api/products/${id}`, { headers: bearer(anna) });
  }
});
