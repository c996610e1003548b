import { expect, type Page, test } from '@playwright/test';
import { type ProductListJson, productNamed } from './support/catalog';
import { ACCOUNTS, bearer, type SignedIn, signIn, signInByApi } from './support/sign-in';

// Sellers and admins managing products: lists, create, edit with an image upload, delete.

/** A 1×1 PNG, small and valid, for the upload. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);

/** The managing list (drafts included) of `as`: her own products, or every product for an admin. */
async function managedCount(page: Page, as: SignedIn, seller?: string): Promise<number> {
  const response = await page.request.get('/api/products', {
    params: { scope: 'manage', pageSize: 50, ...(seller ? { seller } : {}) },
    headers: bearer(as),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ProductListJson).count;
}

/** Answers the page's own delete dialog (not a browser dialog) with the spec's question. */
async function answerDelete(page: Page, yes: boolean) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' });
  await dialog.getByRole('button', { name: yes ? 'Delete' : 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
}

function table(page: Page) {
  return page.getByRole('table');
}

function rowOf(page: Page, name: string) {
  return table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

test.describe('seller', () => {
  test('anna creates a product, edits it with an image, sees it in her list and deletes it', async ({ page }) => {
    test.slow(); // A long journey: create, two refused uploads, an upload, save, reopen, delete.
    const anna = await signIn(page, ACCOUNTS.anna);
    const own = await managedCount(page, anna, anna._id);
    await page.goto('/productlist/seller');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const column of ['NO.', 'NAME', 'PRICE', 'STOCK', 'STATUS', 'CATEGORY', 'ACTIONS']) {
      await expect(table(page).getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(table(page).locator('tbody tr')).toHaveCount(own);

    // Create: an empty product, then its edit screen.
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}\/edit\/seller$/);
    const id = page.url().split('/product/')[1]?.split('/')[0] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();

    const name = `Lammullsvantar ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price', { exact: true }).fill('129.50');
    await page.getByLabel('Category', { exact: true }).selectOption('Kläder');
    await page.getByLabel('Brand').fill('Annas Ateljé');
    await page.getByLabel('Count In Stock').fill('6');
    await page.getByRole('textbox', { name: 'Description' }).fill('Varma vantar i lammull.');
    await page.getByLabel('Shipping price', { exact: true }).fill('19');
    await page.getByLabel('Shipping info').fill('Skickas som brev.');

    // A file over 4 MB is refused with the spec's message, under the file input.
    const fileInput = page.getByLabel('Choose image files');
    await fileInput.setInputFiles({
      name: 'stor.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(4 * 1024 * 1024 + 1),
    });
    await expect(page.getByRole('alert')).toHaveText('Too big image. Max size: 4 MB.');
    // Something that is not an image: the server's message.
    await fileInput.setInputFiles({ name: 'inte-en-bild.png', mimeType: 'image/png', buffer: Buffer.from('hej') });
    await expect(page.getByRole('alert')).toHaveText('Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.');
    // A real picture: its preview shows as the main image.
    await fileInput.setInputFiles({ name: 'vante.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('group', { name: 'Images' }).getByRole('img', { name: 'View 1 of 1 (main)' });
    await expect(preview).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\.webp$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const image = (await preview.getAttribute('src')) ?? '';

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/productlist/seller');
    const row = rowOf(page, name);
    await expect(row).toContainText('SEK 129.50');
    await expect(row).toContainText('Kläder');
    await expect(row).toContainText('On sale');
    await expect(row).toContainText(/#\d{4,}/);

    // Saved: the edit screen now says 'Edit Product {id}' and shows what was saved.
    await row.getByRole('link', { name: /^Edit/ }).click();
    await expect(page).toHaveURL(`/product/${id}/edit/seller`);
    await expect(page.getByRole('heading', { level: 1, name: `Edit Product ${id}` })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Images' }).getByRole('img', { name: 'View 1 of 1 (main)' }),
    ).toHaveAttribute('src', image);
    await expect(page.getByLabel('Shipping price', { exact: true })).toHaveValue('19,00');

    // A value the shared schema refuses: its message beside the field, and the screen stays.
    await page.getByLabel('Price', { exact: true }).fill('-5');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert')).toHaveText('Price cannot be negative.');
    await expect(page.getByLabel('Price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(`/product/${id}/edit/seller`);

    // The public product page shows the upload.
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('main').getByRole('img', { name })).toHaveAttribute('src', image);

    // Delete: dismissing the confirmation keeps it; accepting removes it and the list reloads.
    await page.goto('/productlist/seller');
    await rowOf(page, name)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await answerDelete(page, false);
    await expect(rowOf(page, name)).toHaveCount(1);
    await rowOf(page, name)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await answerDelete(page, true);
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(table(page).locator('tbody tr')).toHaveCount(own);
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);
  });

  test('a plan 1 seller at the limit sees the plan message when creating', async ({ page }) => {
    await signIn(page, ACCOUNTS.sara);
    await page.goto('/productlist/seller');
    await expect(table(page).locator('tbody tr')).toHaveCount(5);
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your plan allows at most 5 products.');
    await expect(page).toHaveURL('/productlist/seller');
    await expect(table(page).locator('tbody tr')).toHaveCount(5);
  });
});

test.describe('admin', () => {
  test("the admin lists every product, 50 a page, and edits another seller's product", async ({ page }) => {
    const admin = await signIn(page, ACCOUNTS.admin);
    const anna = await signInByApi(page.request, ACCOUNTS.anna);
    const all = await managedCount(page, admin);
    // One product more than a page, so the list has a second page (drafts are in the admin's list).
    const extra: string[] = [];
    for (let n = all; n <= 50; n += 1) {
      const response = await page.request.post('/api/products', { headers: bearer(anna), data: {} });
      expect(response.status()).toBe(201);
      extra.push(((await response.json()) as { product: { _id: string } }).product._id);
    }
    const monstera = await productNamed(page.request, 'Monstera i kruka, 60 cm');
    try {
      await page.goto('/productlist');
      await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Product' })).toHaveCount(0);
      await expect(table(page).locator('tbody tr')).toHaveCount(50);
      const pager = page.getByRole('navigation', { name: 'Product list pages' });
      await pager.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL('/productlist/pageNumber/2');
      await expect(table(page).locator('tbody tr')).toHaveCount(1);

      // Edit Gröna Fingrar's Monstera, found on one of the pages.
      await page.goto('/productlist');
      await expect(table(page).locator('tbody tr')).toHaveCount(50);
      let row = rowOf(page, monstera.name);
      if ((await row.count()) === 0) {
        await page.goto('/productlist/pageNumber/2');
        await expect(table(page).locator('tbody tr')).toHaveCount(1);
        row = rowOf(page, monstera.name);
      }
      await row.getByRole('link', { name: /^Edit/ }).click();
      await expect(page).toHaveURL(`/product/${monstera._id}/edit`);
      await expect(page.getByRole('heading', { level: 1, name: `Edit Product ${monstera._id}` })).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(monstera.name);
      await page.getByLabel('Price', { exact: true }).fill('379');
      await page.getByLabel('Count In Stock').fill('9');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page).toHaveURL('/productlist');
      const saved = await productNamed(page.request, monstera.name);
      expect(saved.price).toBe(379);
      expect(saved.countInStock).toBe(9);
      expect(saved.seller._id).toBe(monstera.seller._id);
    } finally {
      for (const id of extra) await page.request.delete(`/api/products/${id}`, { headers: bearer(anna) });
    }
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  // Under 640 px the rows are cards (every column as "LABEL value"); nothing scrolls sideways.
  test('the product table shows cards that fit the screen, neither the page nor the box scrolls', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna);
    await page.goto('/productlist/seller');
    await expect(table(page).locator('tbody tr').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = page.locator('.table-scroll');
    expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(false);
    await expect(
      table(page)
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: /^Delete/ }),
    ).toBeVisible();
  });
});
