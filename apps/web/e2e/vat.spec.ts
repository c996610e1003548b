import { expect, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { placeOrderByApi } from './support/checkout';
import { paired } from './support/screens';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// Prices include moms: the product page says so with its rate, and the order summary says how
// much of the total is moms per rate, in English and Svenska, at both widths. The demo's books
// are sold at 6 %, everything else at 25 %.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const BOOK = 'Mord i Gamla stan';

for (const viewport of [PHONE, DESKTOP]) {
  for (const language of ['en', 'sv'] as const) {
    if (!paired(language, viewport.width)) continue;
    test(`a book's page and order show its 6 % moms at ${viewport.width}px in ${language}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport, locale: language === 'sv' ? 'sv-SE' : 'en-US' });
      const page = await context.newPage();
      const book = await productNamed(page.request, BOOK);
      await page.goto(`/product/${book._id}`);
      const note = language === 'sv' ? 'inkl. 6 % moms' : 'incl. 6% VAT';
      await expect(page.getByText(note).filter({ visible: true }).first()).toBeVisible();

      const buyer = await signInByApi(page.request, ACCOUNTS.customer);
      const id = await placeOrderByApi(page.request, buyer, book._id, 'Swish');
      await signIn(page, ACCOUNTS.customer);
      await page.goto(`/order/${id}`);
      const summary = page.getByRole('region', { name: language === 'sv' ? 'Ordersammanfattning' : 'Order Summary' });
      // 189 kr + 39 kr shipping at 6 %: 12,91 kr of moms (228 × 6 / 106 = 12.905…).
      const vatRow = summary.getByText(language === 'sv' ? 'varav moms 6 %' : 'of which VAT 6%');
      await expect(vatRow).toBeVisible();
      await expect(summary).toContainText(language === 'sv' ? '12,91 kr' : 'SEK 12.91');
      await page.screenshot({
        path: test.info().outputPath(`order-vat-${language}-${viewport.width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }
}

test('a seller sets a product’s moms rate in the edit form', async ({ page }) => {
  await signIn(page, ACCOUNTS.anna);
  await page.goto('/productlist/seller');
  await page.getByRole('link', { name: /Edit/ }).first().click();
  const rate = page.getByLabel('VAT rate');
  await expect(rate).toHaveValue('25');
  await expect(rate.locator('option')).toHaveText(['25%', '12%', '6%']);
});
