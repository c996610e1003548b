import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { LANGUAGES, paired, type UiLanguage, WIDTHS } from './support/screens';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// A seller imports a CSV file with one bad row: the check refuses that row, with its number and
// reason, and offers nothing to apply; fixed, the file applies. A shopper saves a product with its
// heart and finds it under Saved products; a visitor's heart leads to sign-in.

const TEXT = {
  en: {
    file: 'CSV file to import',
    check: 'Import CSV',
    apply: 'Apply the import',
    refused: 'Refused rows',
    priceNotNumber: 'Price must be a number.',
    create: 'To create',
    applied: 'Applied: 1 created, 0 changed.',
    save: 'Save',
    saved: 'Saved products',
  },
  sv: {
    file: 'CSV-fil att importera',
    check: 'Importera CSV',
    apply: 'Verkställ importen',
    refused: 'Avvisade rader',
    priceNotNumber: 'Pris måste vara ett tal.',
    create: 'Skapas',
    applied: 'Klart: 1 skapade, 0 ändrade.',
    save: 'Spara',
    saved: 'Sparade produkter',
  },
} as const;

let folder: string;
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'torget-e2e-csv-'));
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function inLanguage(page: Page, baseURL: string | undefined, language: UiLanguage) {
  const { hostname } = new URL(baseURL ?? 'http://localhost');
  await page.context().addCookies([{ name: 'torget_lang', value: language, domain: hostname, path: '/' }]);
}

for (const size of WIDTHS) {
  for (const language of LANGUAGES) {
    if (!paired(language, size.width)) continue;
    const text = TEXT[language];
    test.describe(`${size.width} px, ${language}`, () => {
      test.use({ viewport: { width: size.width, height: size.height } });

      test('a seller imports a CSV with one bad row, sees it refused, fixes it and applies', async ({
        page,
        baseURL,
      }) => {
        await inLanguage(page, baseURL, language);
        await signIn(page, ACCOUNTS.anna);
        const name = `CSV-vas ${size.width} ${language}`;
        const header = 'product_number;name;price;count_in_stock;category';
        const bad = join(folder, `bad-${size.width}-${language}.csv`);
        writeFileSync(bad, `\uFEFF${header}\r\n;${name};12,50;3;Inredning\r\n;Trasig rad;tolv;1;Inredning\r\n`);
        await page.goto('/productlist/seller');
        await page.getByLabel(text.file).setInputFiles(bad);
        await page.getByRole('button', { name: text.check, exact: true }).click();
        const refused = page.getByRole('table', { name: text.refused });
        await expect(refused).toBeVisible();
        await expect(refused.getByRole('row')).toHaveCount(2);
        await expect(refused.getByRole('row').nth(1)).toContainText('3');
        await expect(refused.getByRole('row').nth(1)).toContainText(text.priceNotNumber);
        await expect(page.getByRole('button', { name: text.apply })).toHaveCount(0);
        await page.screenshot({
          path: test.info().outputPath(`csv-refused-${size.width}-${language}.png`),
          fullPage: true,
        });

        const fixed = join(folder, `fixed-${size.width}-${language}.csv`);
        writeFileSync(fixed, `\uFEFF${header}\r\n;${name};12,50;3;Inredning\r\n`);
        await page.getByLabel(text.file).setInputFiles(fixed);
        await page.getByRole('button', { name: text.check, exact: true }).click();
        await expect(page.getByRole('table', { name: text.create })).toContainText(name);
        await page.getByRole('button', { name: text.apply }).click();
        await expect(page.getByText(text.applied)).toBeVisible();
        // Without an image the new product is a draft in the seller's list.
        await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

        // Gone again, so the specs that count Anna's products and the admin's pages find the demo's.
        const anna = await signInByApi(page.request, ACCOUNTS.anna);
        const mine = await page.request.get('/api/products', {
          params: { scope: 'manage', seller: anna._id, name, pageSize: 50 },
          headers: bearer(anna),
        });
        const made = ((await mine.json()) as { products: { _id: string; name: string }[] }).products.filter(
          (product) => product.name === name,
        );
        expect(made).toHaveLength(1);
        for (const product of made) {
          const deleted = await page.request.delete(`/api/products/${product._id}`, { headers: bearer(anna) });
          expect(deleted.ok(), await deleted.text()).toBe(true);
        }
      });

      test('a shopper saves a product and sees it in the list; a visitor is asked to sign in', async ({
        page,
        baseURL,
      }) => {
        await inLanguage(page, baseURL, language);
        const product = await productNamed(page.request, 'Randig tröja Skärgård');
        // A visitor's heart leads to sign-in and back.
        await page.goto(`/product/${product._id}`);
        await page.getByRole('button', { name: `${text.save} ${product.name}` }).click();
        await expect(page).toHaveURL(/\/signin\?redirect=/);

        const shopper = await signInByApi(page.request, ACCOUNTS.customer);
        await page.request.delete(`/api/users/me/favourites/${product._id}`, { headers: bearer(shopper) });
        await signIn(page, ACCOUNTS.customer);
        await page.goto(`/product/${product._id}`);
        const heart = page.getByRole('button', { name: `${text.save} ${product.name}` });
        await expect(heart).toHaveAttribute('aria-pressed', 'false');
        const box = await heart.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
        await heart.click();
        await expect(heart).toHaveAttribute('aria-pressed', 'true');
        await page.goto('/favourites');
        await expect(page.getByRole('heading', { level: 1, name: text.saved })).toBeVisible();
        const card = page.getByRole('main').getByRole('article').filter({ hasText: product.name });
        await expect(card).toBeVisible();
        await expect(card.getByRole('button', { name: `${text.save} ${product.name}` })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await page.screenshot({
          path: test.info().outputPath(`favourites-${size.width}-${language}.png`),
          fullPage: true,
        });
        // Removed with the card's heart, it leaves the list.
        await card.getByRole('button', { name: `${text.save} ${product.name}` }).click();
        await page.reload();
        await expect(page.getByRole('main').getByRole('article').filter({ hasText: product.name })).toHaveCount(0);
      });
    });
  }
}
