import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { ACCOUNTS, signIn } from './support/sign-in';

// A new product is a draft nobody but its seller sees; saved with two images it goes on
// sale with a gallery; the list shows thumbnail, short number and status; another shop's edit URL
// says at once that the product is not the seller's.

/** Two real pictures (16 × 16, made with sharp), written to a folder of their own as a seller's files would be. */
const JPEG = Buffer.from(
  'ffd8ffdb0043000d090a0b0a080d0b0a0b0e0e0d0f13201513121213271c1e17202e2931302e292d2c333a4a3e333646372c2d405741464c4e525352323e5a615a50604a51524fffdb0043010e0e0e131113261515264f352d354f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4f4fffc00011080010001003012200021101031101ffc4001500010100000000000000000000000000000004ffc40014100100000000000000000000000000000000ffc4001501010100000000000000000000000000000506ffc40014110100000000000000000000000000000000ffda000c03010002110311003f0094010a47ffd9',
  'hex',
);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100802000000909168360000000970485973000003e8000003e801b57b526b0000001949444154789c63d0a83841126218d550311a4a1ac335690000c34a68108bf371130000000049454e44ae426082',
  'hex',
);
let fixtures: string;

test.beforeAll(() => {
  fixtures = mkdtempSync(join(tmpdir(), 'torget-e2e-images-'));
  writeFileSync(join(fixtures, 'skal-framsida.jpg'), JPEG);
  writeFileSync(join(fixtures, 'skal-sida.png'), PNG);
});
test.afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** What a shopper who is not signed in sees, in a browser context of their own. */
async function asShopper(page: Page, run: (shopper: Page) => Promise<void>) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!context) throw new Error('no browser');
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('a draft is nobody’s but its seller’s until it is saved with two images, then it has a gallery', async ({
  page,
}) => {
  test.slow(); // A long journey through two browser contexts, with uploads.
  const anna = await signIn(page, ACCOUNTS.anna);
  await page.goto('/productlist/seller');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}\/edit\/seller$/);
  const id = page.url().split('/product/')[1]?.split('/')[0] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();
  await expect(page.getByText('Utkast', { exact: true })).toBeVisible();
  const number = (await page.locator('.product-number').textContent()) ?? '';
  expect(number).toMatch(/^#\d{4,}$/);

  // She leaves without saving: the draft is nowhere for a shopper.
  await page.goto('/');
  await asShopper(page, async (shopper) => {
    // The cards shown, once they are: none of them is the draft.
    const draftCards = shopper.getByRole('main').getByRole('article').filter({ hasText: 'New product' });
    await shopper.goto('/');
    await expect(shopper.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(draftCards).toHaveCount(0);
    await shopper.goto('/search/name/New product');
    await expect(shopper.getByText(/^\d+ Results?$/)).toBeVisible();
    await expect(draftCards).toHaveCount(0);
    await shopper.goto(`/seller/${anna._id}`);
    await expect(shopper.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(draftCards).toHaveCount(0);
    const response = await shopper.goto(`/product/${id}`);
    expect(response?.status()).toBe(404);
    await expect(shopper.getByRole('alert')).toHaveText('Product Not Found');
  });

  // Back to it: a name, a price with a decimal comma, stock with +, a new category, two pictures.
  await page.goto('/productlist/seller');
  const draftRow = page.getByRole('row').filter({ hasText: number });
  await expect(draftRow).toContainText('Utkast');
  await draftRow.getByRole('link', { name: /^Edit/ }).click();
  const name = `Stengodsskål ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price', { exact: true }).fill('249,50');
  await page.getByRole('button', { name: 'One more in stock' }).click();
  await page.getByRole('button', { name: 'One more in stock' }).click();
  await expect(page.getByLabel('Count In Stock')).toHaveValue('2');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Add a new category…' });
  await page.getByLabel('New category name').fill('Keramik');
  await page.getByRole('textbox', { name: 'Description' }).fill('Drejad i Umeå.');
  await page
    .getByLabel('Choose image files')
    .setInputFiles([join(fixtures, 'skal-framsida.jpg'), join(fixtures, 'skal-sida.png')]);
  const thumbs = page.getByRole('group', { name: 'Images' }).getByRole('listitem');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.first().getByRole('img')).toHaveAttribute('src', /^\/uploads\//);
  await expect(thumbs.first()).toContainText('Main image');
  const first = await thumbs.nth(0).getByRole('img').getAttribute('src');
  const second = await thumbs.nth(1).getByRole('img').getAttribute('src');
  // The PNG becomes the main image.
  await page.getByRole('button', { name: 'Move image 2 left' }).click();
  await expect(thumbs.first().getByRole('img')).toHaveAttribute('src', second ?? '');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/productlist/seller');

  // The list: thumbnail, short number, on sale.
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText(number);
  await expect(row).toContainText('On sale');
  await expect(row).toContainText('SEK 249.50');
  await expect(row.locator('img')).toHaveAttribute('src', second ?? '');

  // A shopper finds it, with a gallery whose thumbnails the arrow keys walk through.
  await asShopper(page, async (shopper) => {
    await shopper.goto(`/product/${id}`);
    const main = shopper.getByRole('main');
    await expect(main.getByRole('img', { name, exact: true })).toHaveAttribute('src', second ?? '');
    const gallery = main.getByRole('toolbar', { name: `${name}: images` });
    await expect(gallery.getByRole('button')).toHaveCount(2);
    await gallery.getByRole('button', { name: 'Show 1 of 2' }).focus();
    await shopper.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('button', { name: 'Show 2 of 2' })).toBeFocused();
    await expect(gallery.getByRole('button', { name: 'Show 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByRole('img', { name: `${name}, 2 of 2` })).toHaveAttribute('src', first ?? '');
    await shopper.goto(`/search/name/${encodeURIComponent(name)}`);
    await expect(shopper.getByRole('main').getByRole('heading', { name })).toBeVisible();
  });

  // Cleaned up, so other journeys see the demo data as it was.
  await page.goto('/productlist/seller');
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('another shop’s product edit URL says at once that it is not hers', async ({ page }) => {
  const monstera = await productNamed(page.request, 'Monstera i kruka, 60 cm'); // Gröna Fingrar
  await signIn(page, ACCOUNTS.anna);
  await page.goto(`/product/${monstera._id}/edit/seller`);
  await expect(page.getByRole('alert')).toContainText('not yours');
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
});
