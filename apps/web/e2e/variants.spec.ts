import { type Browser, expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { paired } from './support/screens';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// Products with variants, in English and in Svenska, on a phone and a laptop: a buyer picks size
// M in blue of the demo's linen dress (sold-out values struck through and said so) and buys it, and
// the order names the variant; a seller builds six variants from two options and sets their stock.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/variant-shots';

// Each journey goes through several screens, on a shared machine.
test.describe.configure({ timeout: 120_000 });
const DRESS = 'Linneklänning Midsommar';

const TEXT = {
  en: {
    add: 'Add to Cart',
    checkout: 'Proceed to checkout',
    continue: 'Continue',
    place: 'Place Order',
    cartItems: 'Cart items',
    soldOut: 'sold out',
    choose: 'Choose Storlek and Färg to add it to the cart.',
    addOption: 'Add option',
    values: 'Values',
    bulkStock: 'Stock for every variant',
    setStock: 'Set stock',
    stock: 'Stock',
    update: 'Update',
    variants: 'Variants',
    sum: '27: the sum of the variants',
  },
  sv: {
    add: 'Lägg i varukorgen',
    checkout: 'Gå till kassan',
    continue: 'Fortsätt',
    place: 'Lägg order',
    cartItems: 'Varor i varukorgen',
    soldOut: 'slutsåld',
    choose: 'Välj Storlek och Färg för att lägga varan i varukorgen.',
    addOption: 'Lägg till alternativ',
    values: 'Värden',
    bulkStock: 'Lagersaldo för alla varianter',
    setStock: 'Sätt lagersaldo',
    stock: 'Lagersaldo',
    update: 'Uppdatera',
    variants: 'Varianter',
    sum: '27: summan av varianternas',
  },
} as const;

async function chooseSvenska(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

/** A screenshot; `fits` also checks the screen has no sideways scroll (the variant screens). */
async function shot(page: Page, name: string, fits = true) {
  if (fits) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function pageAs(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

interface Variant {
  _id: string;
  values: string[];
  countInStock: number;
  price: number | null;
}

async function variantsOf(
  page: Page,
  id: string,
  headers: Record<string, string> = {},
): Promise<{ countInStock: number; variants: Variant[] }> {
  const response = await page.request.get(`/api/products/${id}`, { headers });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { countInStock: number; variants: Variant[] };
}

for (const language of ['en', 'sv'] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    if (!paired(language, viewport.width)) continue;
    const tag = `${language}-${viewport.width}`;

    test(`${tag}: a buyer picks size M in blue and buys it; the order names the variant`, async ({
      browser,
      baseURL,
    }) => {
      const text = TEXT[language];
      const { context, page } = await pageAs(browser, baseURL, viewport);
      const dress = await productNamed(page.request, DRESS);
      const before = await variantsOf(page, dress._id);
      const mBlue = before.variants.find((v) => v.values.join() === 'M,Blå');
      expect(mBlue?.countInStock).toBeGreaterThan(0);

      await signIn(page, ACCOUNTS.customer);
      if (language === 'sv') await chooseSvenska(page);
      await page.goto(`/product/${dress._id}`);
      const add = page.getByRole('button', { name: text.add });
      await expect(add).toBeDisabled();
      await expect(page.getByText(text.choose)).toBeVisible();

      const sizes = page.getByRole('group', { name: 'Storlek' });
      const colours = page.getByRole('group', { name: 'Färg' });
      await colours.getByRole('radio', { name: 'Blå' }).check();
      // XL in blue is sold out: struck through, and its name says so.
      const xl = sizes.getByRole('radio', { name: new RegExp(`^XL\\W+${text.soldOut}$`) });
      await expect(xl).toBeVisible();
      await expect(sizes.locator('label', { hasText: 'XL' })).toHaveCSS('text-decoration-line', 'line-through');
      await sizes.getByRole('radio', { name: 'M', exact: true }).check();
      await expect(sizes.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
      await expect(add).toBeEnabled();
      // The price follows the choice: XL has its own.
      await xl.press('ArrowLeft');
      await expect(sizes.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
      await sizes.getByRole('radio', { name: 'M', exact: true }).check();
      await shot(page, `product-${tag}`);
      await add.click();

      const lines = page.getByRole('list', { name: text.cartItems }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      await expect(lines.first()).toContainText(`${DRESS} – M, Blå`);
      await shot(page, `cart-${tag}`);
      await page.getByRole('button', { name: text.checkout }).click();
      await expect(page).toHaveURL(/\/shipping$/);
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(/\/payment$/);
      await page.getByRole('radio', { name: 'Swish' }).check();
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(/\/placeorder$/);
      await page.getByRole('button', { name: text.place }).click();
      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('main')).toContainText(`${DRESS} – M, Blå`);
      await shot(page, `order-${tag}`, false);

      const after = await variantsOf(page, dress._id);
      expect(after.variants.find((v) => v._id === mBlue?._id)?.countInStock).toBe((mBlue?.countInStock ?? 0) - 1);
      expect(after.countInStock).toBe(before.countInStock - 1);
      await context.close();
    });

    test(`${tag}: a seller builds six variants from two options and sets their stock`, async ({ browser, baseURL }) => {
      const text = TEXT[language];
      const { context, page } = await pageAs(browser, baseURL, viewport);
      const anna = await signInByApi(page.request, ACCOUNTS.anna);
      const created = await page.request.post('/api/products', { headers: bearer(anna), data: {} });
      expect(created.ok(), await created.text()).toBe(true);
      const id = ((await created.json()) as { product: { _id: string } }).product._id;

      await signIn(page, ACCOUNTS.anna);
      if (language === 'sv') await chooseSvenska(page);
      await page.goto(`/product/${id}/edit/seller`);
      const section = page.getByRole('region', { name: text.variants });
      await section.getByRole('button', { name: text.addOption }).click();
      await section.getByLabel(text.values).fill('S, M, L');
      await section.getByRole('button', { name: text.addOption }).click();
      await section.getByLabel(text.values).nth(1).fill('Blå, Grön');
      // The first option is named Size (Storlek), the second Colour (Färg); the seller may rename them.
      const rows = section.getByRole('list', { name: text.variants }).getByRole('listitem');
      await expect(rows).toHaveCount(6);
      await expect(rows.first()).toContainText('S, Blå');
      await expect(rows.last()).toContainText('L, Grön');
      await section.getByLabel(text.bulkStock).fill('4');
      await section.getByRole('button', { name: text.setStock }).click();
      await section.getByLabel(`${text.stock} M, Blå`, { exact: true }).fill('7');
      await expect(page.getByText(text.sum)).toBeVisible();
      await page.getByLabel(language === 'sv' ? 'Namn' : 'Name', { exact: true }).fill(`Tunika ${tag}`);
      await page.getByLabel(language === 'sv' ? 'Pris' : 'Price', { exact: true }).fill('349');
      await shot(page, `builder-${tag}`);
      await page.getByRole('button', { name: text.update }).click();
      await expect(page).toHaveURL(/\/productlist\/seller$/);

      // A draft (no image yet): its seller reads it.
      const saved = await variantsOf(page, id, bearer(anna));
      expect(saved.variants.map((v) => v.values.join(' '))).toEqual([
        'S Blå',
        'S Grön',
        'M Blå',
        'M Grön',
        'L Blå',
        'L Grön',
      ]);
      expect(saved.variants.map((v) => v.countInStock)).toEqual([4, 4, 7, 4, 4, 4]);
      expect(saved.countInStock).toBe(27);
      // Removed again, so Anna's product count stays as the other specs expect.
      await page.request.delete(`/api/products/${id}`, { headers: bearer(anna) });
      await context.close();
    });
  }
}
