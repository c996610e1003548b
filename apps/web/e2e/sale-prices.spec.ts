import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { checkoutFromCart, orderByApi, placeOrderByApi } from './support/checkout';
import { paired } from './support/screens';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// A seller puts a product on sale in the edit form; a shopper sees the sale price, the ordinary
// price struck through (each named for screen readers) and the lowest price of the 30 days before
// the sale, on the card and the product page, and buys at the sale price. The seller's list says
// how many of the plan's products are used. At 390 and 1366 px, in English and Svenska.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const DRESS = 'Sommarklänning med fickor';

/** A Stockholm wall clock `minutes` from now, as a datetime-local field takes it. */
function stockholmClock(minutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Stockholm',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const TEXT = {
  en: {
    products: /^\d+ of \d+ products$/,
    edit: 'Edit',
    salePrice: 'Sale price',
    starts: 'Sale starts',
    ends: 'Sale ends',
    update: 'Update',
    lowest: (kr: string) => `Lowest price in the last 30 days: ${kr}`,
    sek: (amount: number) => `SEK ${amount.toFixed(2)}`,
    regular: 'Regular price',
  },
  sv: {
    products: /^\d+ av \d+ produkter$/,
    edit: 'Redigera',
    salePrice: 'Rea-pris',
    starts: 'Rean börjar',
    ends: 'Rean slutar',
    update: 'Uppdatera',
    lowest: (kr: string) => `Lägsta pris senaste 30 dagarna: ${kr}`,
    sek: (amount: number) => `${amount.toFixed(2).replace('.', ',')} kr`,
    regular: 'Ordinarie pris',
  },
} as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const viewport of [PHONE, DESKTOP]) {
  for (const language of ['en', 'sv'] as const) {
    if (!paired(language, viewport.width)) continue;
    test(`a sale is set, shown with its 30-day lowest price and bought at ${viewport.width}px in ${language}`, async ({
      browser,
      baseURL,
    }) => {
      // Two browser contexts, a checkout and an order: long on a busy machine.
      test.setTimeout(180_000);
      const text = TEXT[language];
      const context = await browser.newContext({ baseURL, viewport });
      const { hostname } = new URL(baseURL ?? 'http://localhost');
      await context.addCookies([{ name: 'torget_lang', value: language, domain: hostname, path: '/' }]);
      const page = await context.newPage();
      const dress = await productNamed(page.request, DRESS);
      // A sale price of its own in each run, so each run's figures are its own.
      const salePrice =
        Math.round(dress.price * 0.6) + (viewport.width === PHONE.width ? 1 : 2) + (language === 'sv' ? 10 : 0);

      // The seller: the plan's count, then the sale in the edit form.
      await signIn(page, ACCOUNTS.anna);
      await page.goto('/productlist/seller');
      await expect(page.getByText(text.products)).toBeVisible();
      await page.goto(`/product/${dress._id}/edit/seller`);
      await page.getByLabel(text.salePrice, { exact: true }).fill(String(salePrice));
      await page.getByLabel(text.starts).fill(stockholmClock(-1));
      await page.getByLabel(text.ends).fill(stockholmClock(7 * 24 * 60));
      await shot(page, `sale-edit-${language}-${viewport.width}`);
      await page.getByRole('button', { name: text.update }).click();
      await expect(page).toHaveURL(/\/productlist\/seller$/);

      // The shopper, in a context of their own: the product page, then the shop's card.
      const shopper = await browser.newContext({ baseURL, viewport });
      await shopper.addCookies([{ name: 'torget_lang', value: language, domain: hostname, path: '/' }]);
      const buyerPage = await shopper.newPage();
      const onSale = await productNamed(buyerPage.request, DRESS);
      expect(onSale).toMatchObject({ onSale: true, salePrice, price: dress.price });
      const lowest = (onSale as unknown as { lowestPrice30d: number }).lowestPrice30d;
      // The lowest price of the 30 days before this sale: the ordinary price, or an earlier run's
      // sale price when one ran in those days (the history keeps it).
      expect(lowest).toBeGreaterThan(0);
      expect(lowest).toBeLessThanOrEqual(dress.price);
      await buyerPage.goto(`/product/${dress._id}`);
      const main = buyerPage.getByRole('main');
      await expect(main.locator('s.price-regular').first()).toHaveText(text.sek(dress.price));
      // Beside the name on wide screens, in the buy box on phones: one of them shown.
      await expect(
        main
          .getByText(text.lowest(text.sek(lowest)))
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      // Screen readers hear which price is which: the names are in the text, hidden from sight only.
      await expect(main.locator('.product-price-now').first()).toContainText(text.regular);
      await expect(main.locator('.price-on-sale').first()).toContainText(text.sek(salePrice));
      await shot(buyerPage, `sale-product-${language}-${viewport.width}`);
      await buyerPage.goto(`/seller/${dress.seller._id}`);
      const card = main.getByRole('article').filter({ hasText: DRESS });
      await expect(card.locator('s.price-regular')).toHaveText(text.sek(dress.price));
      await expect(card.getByText(text.lowest(text.sek(lowest)))).toBeVisible();
      await shot(buyerPage, `sale-card-${language}-${viewport.width}`);

      // Bought at the sale price, in a size still in stock (the dress is sold in sizes with no
      // price of their own, so the sale is theirs too): through the cart in English, by the API in
      // Svenska.
      const detail = await buyerPage.request.get(`/api/products/${dress._id}`);
      const { variants } = (await detail.json()) as { variants: { _id: string; countInStock: number }[] };
      const size = variants.find((variant) => variant.countInStock > 0);
      if (!size) throw new Error(`${DRESS} has no size in stock`);
      const buyer = await signInByApi(buyerPage.request, ACCOUNTS.customer);
      let orderId: string;
      if (language === 'en') {
        await signIn(buyerPage, ACCOUNTS.customer);
        await buyerPage.goto(`/cart/${dress._id}/1?variant=${size._id}`);
        await expect(buyerPage.getByRole('list', { name: 'Cart items' })).toContainText(text.sek(salePrice));
        orderId = await checkoutFromCart(buyerPage, 'Swish');
      } else {
        orderId = await placeOrderByApi(buyerPage.request, buyer, dress._id, 'Swish', size._id);
      }
      const order = (await orderByApi(buyerPage.request, buyer, orderId)) as unknown as {
        orderItems: { price: number }[];
      };
      expect(order.orderItems[0]?.price).toBe(salePrice);
      await shopper.close();
      await context.close();
    });
  }
}

test('a product made with Create Product and left with Cancel is gone, and never counted', async ({ page }) => {
  const anna = await signIn(page, ACCOUNTS.anna);
  const mine = async () => {
    const response = await page.request.get('/api/products', {
      params: { scope: 'manage', seller: anna._id, pageSize: 50 },
      headers: { Authorization: `Bearer ${anna.token}` },
    });
    return (await response.json()) as { count: number; planProducts: { count: number; max: number } };
  };
  const before = await mine();
  await page.goto('/productlist/seller');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}\/edit\/seller$/);
  const id = page.url().split('/product/')[1]?.split('/')[0] ?? '';
  // While it exists, the draft does not count against the plan.
  expect((await mine()).planProducts).toEqual(before.planProducts);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/productlist\/seller$/);
  await expect
    .poll(async () =>
      (await page.request.get(`/api/products/${id}`, { headers: { Authorization: `Bearer ${anna.token}` } })).status(),
    )
    .toBe(404);
  expect((await mine()).count).toBe(before.count);
  await expect(page.getByText(`${before.planProducts.count} of ${before.planProducts.max} products`)).toBeVisible();
});
