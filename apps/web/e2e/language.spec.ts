import { expect, type Page, test } from '@playwright/test';
import { defaultCatalogue } from '../src/locales/en';
import { swedishCatalogue } from '../src/locales/sv';
import { productNamed } from './support/catalog';
import { cartLines } from './support/checkout';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// Svenska / English: switching to Svenska changes every visible UI text of home,
// product, cart, checkout and order pages (no English text of the catalogue is left), prices
// and dates follow Intl sv-SE, <html lang> follows the choice, the server writes it from the
// cookie, and the Swedish catalogue is its own chunk, loaded only when chosen. Then back.
// The seller's and admin's screens get the same check; they only look (no form is saved), as the
// other specs read the same data.

const sv = (english: string) => {
  const text = swedishCatalogue[english];
  if (text === undefined) throw new Error(`No Swedish text for '${english}'.`);
  return text;
};

/** A text node's whole text, or an attribute a screen reader reads, matching an English UI text. */
function englishPatterns(): { english: string; pattern: RegExp }[] {
  const english = new Map<string, string>();
  for (const [key, swedish] of Object.entries(swedishCatalogue)) {
    const base = key.replace(/_(one|other)$/, '');
    if (swedish !== base && swedish !== key) english.set(base, key);
  }
  // The default UI's own forms of counted texts ('1 review').
  for (const [key, text] of Object.entries(defaultCatalogue)) english.set(text, key);
  return [...english.keys()]
    .map((text) => text.trim())
    .filter((text) => text.length > 1)
    .map((text) => {
      // A {{count}} is a number ('1 order' is English, 'Lägg order' is not); other values any text.
      const pattern = text
        .split(/(\{\{\w+\}\})/)
        .map((part) =>
          part === '{{count}}'
            ? '\\d+'
            : /^\{\{\w+\}\}$/.test(part)
              ? '.+?'
              : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { english: text, pattern: new RegExp(`^${pattern}$`) };
    });
}

/** The visible texts of the page: each text node, and the labels and placeholders of visible elements. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const parent = node.parentElement;
      // Screen-reader-only texts count too (they are the page's words), hidden panels do not.
      if (text !== '' && parent && parent.closest('[hidden], [aria-hidden="true"]') === null) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest('[hidden]') !== null) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    texts.push(document.title.replace(/ \| Torget$/, ''));
    return texts;
  });
}

const patterns = englishPatterns();

async function expectNoEnglish(page: Page, where: string) {
  // Wait for the page's data and the language's texts to be in place.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  const texts = await visibleTexts(page);
  const left = texts.flatMap((text) =>
    patterns.filter(({ pattern }) => pattern.test(text)).map(({ english }) => `'${text}' (${english})`),
  );
  expect(left, `English UI texts left on ${where}`).toEqual([]);
}

test('Svenska: every UI text of the buying journey in Swedish, then back to the spec texts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, ACCOUNTS.customer);
  // Annas Ateljé's T-shirt (24 in stock): the striped jumper is what the other specs buy.
  const product = await productNamed(page.request, 'T-shirt i ekologisk bomull');

  // The default UI: the spec's texts, <html lang="en">, and no Swedish chunk loaded.
  const first = await page.goto('/');
  expect(await first?.text()).toMatch(/<html lang="en"/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  expect(scripts.filter((path) => /\/sv-[\w-]+\.js$/.test(path))).toEqual([]);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Svenska' })).toBeVisible();

  // The switch in the header loads the Swedish chunk and changes the page at once.
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('heading', { name: sv('Featured Products') })).toBeVisible();
  expect(scripts.filter((path) => /\/sv-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('torget_lang'))).toBe('sv');
  // The server writes the remembered choice into the page it serves.
  const reloaded = await page.reload();
  expect(await reloaded?.text()).toMatch(/<html lang="sv"/);
  await expectNoEnglish(page, 'home');

  // Product: Swedish price format, the description marked as Swedish, Add to Cart in Swedish.
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('button', { name: sv('Add to Cart') })).toBeVisible();
  await expect(page.locator('.product-price')).toHaveText(/^\d[\d\s]*,\d{2}\s?kr$/u);
  await expect(page.locator('.product-description')).toHaveAttribute('lang', 'sv');
  await expectNoEnglish(page, 'the product page');

  await page.getByRole('button', { name: sv('Add to Cart') }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: sv('Cart items') }).getByRole('listitem')).toHaveCount(1);
  await expectNoEnglish(page, 'the cart');

  await page.getByRole('button', { name: sv('Proceed to checkout') }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expectNoEnglish(page, 'shipping');
  await page.getByRole('button', { name: sv('Continue') }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expectNoEnglish(page, 'payment');
  await page.getByRole('radio', { name: 'Swish' }).check();
  await page.getByRole('button', { name: sv('Continue') }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expectNoEnglish(page, 'place order');
  await page.getByRole('button', { name: sv('Place Order') }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expectNoEnglish(page, 'the order page');

  // Back to English: the spec's texts again, on this page and the next.
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Order Total');
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.locator('.product-price')).toHaveText(/^SEK \d+\.\d{2}$/);
  await page.goto('/cart');
  await expect(page.getByText('Cart is empty.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('torget_lang'))).toBe('en');
  await expect(cartLines(page)).toHaveCount(0);
});

test('the phone header keeps the switch in its compact row', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Svenska' });
  await expect(toggle).toBeInViewport();
  await toggle.click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'English' })).toBeInViewport();
  const bottom = await page.evaluate(() => document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0);
  expect(bottom).toBeLessThanOrEqual(112);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** Chooses Svenska with the header's switch (remembered for the next pages of this test). */
async function chooseSvenska(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

/** Back to the spec's texts with the footer's switch. */
async function chooseEnglish(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test("Svenska on the seller's screens, then back to the spec texts", async ({ page }) => {
  await signIn(page, ACCOUNTS.anna);
  const product = await productNamed(page.request, 'T-shirt i ekologisk bomull');
  await chooseSvenska(page);

  await page.goto('/my_shop_menu');
  await expect(page.getByRole('heading', { name: sv('Sales overview') })).toBeVisible();
  await expect(page.getByRole('link', { name: sv('Products'), exact: true })).toBeVisible();
  // Prices of the overview in Swedish ('1 234,00 kr').
  await expect(page.locator('.sales-figure-value').first()).toHaveText(/^[\d\s]+,\d{2}\s?kr$/u);
  await expectNoEnglish(page, 'the My Shop menu');

  await page.goto('/productlist/seller');
  await expect(page.getByRole('heading', { name: sv('My Shop / Products') })).toBeVisible();
  await expect(page.getByRole('button', { name: sv('Create Product') })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoEnglish(page, "the seller's product list");

  await page.goto(`/product/${product._id}/edit/seller`);
  await expect(
    page.getByRole('heading', { name: sv('Edit Product {{id}}').replace('{{id}}', product._id) }),
  ).toBeVisible();
  await expect(page.getByLabel(sv('Count In Stock'))).toBeVisible();
  await expectNoEnglish(page, 'the product edit screen');

  await page.goto('/seller_profile');
  await expect(page.getByRole('heading', { name: sv('My Shop / Settings') })).toBeVisible();
  await expect(page.getByRole('heading', { name: sv('Live preview') })).toBeVisible();
  await expectNoEnglish(page, 'the shop settings');

  await page.goto('/orderlist/seller');
  await expect(page.getByRole('heading', { name: sv('My Shop / Orders') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: sv('Show orders') })).toBeVisible();
  await expectNoEnglish(page, 'the incoming orders');
  await page.goto('/orderlist/seller?status=to_deliver');
  await expect(page.getByRole('link', { name: sv('To deliver') })).toHaveAttribute('aria-current', 'page');
  await expectNoEnglish(page, 'the incoming orders to deliver');

  // Back to English: the spec's texts again.
  await chooseEnglish(page);
  await expect(page.getByRole('heading', { name: 'My Shop / Orders' })).toBeVisible();
  await page.goto('/my_shop_menu');
  await expect(page.getByRole('heading', { name: 'Sales overview' })).toBeVisible();
  await expect(page.locator('.sales-figure-value').first()).toHaveText(/^SEK \d+\.\d{2}$/);
});

test("Svenska on the admin's screens, then back to the spec texts", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  // Anna's user: a seller, so her edit screen shows the shop she applied with.
  const anna = await signInByApi(page.request, ACCOUNTS.anna);
  await chooseSvenska(page);

  await page.goto('/admin_menu');
  await expect(page.getByRole('navigation', { name: sv('Admin menu') })).toBeVisible();
  await expectNoEnglish(page, 'the admin menu');

  await page.goto('/userlist');
  await expect(page.getByRole('heading', { name: sv('Users') })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: sv('Users table') })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await expectNoEnglish(page, 'the user list');

  await page.goto(`/user/${anna._id}/edit`);
  await expect(page.getByLabel(sv('Is Seller'))).toBeChecked();
  await expect(page.getByRole('heading', { name: sv('Shop'), exact: true })).toBeVisible();
  await expectNoEnglish(page, "a user's edit screen");

  await page.goto('/admin_settings');
  await expect(page.getByRole('heading', { name: sv('Site texts') })).toBeVisible();
  await expect(page.getByLabel(sv('About text'))).toBeVisible();
  await expectNoEnglish(page, 'the admin settings');

  await page.goto('/productlist');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoEnglish(page, "the admin's product list");

  await page.goto('/orderlist');
  await expect(page.getByRole('heading', { name: sv('Orders') })).toBeVisible();
  await expectNoEnglish(page, "the admin's order list");

  // Back to English: the spec's texts again.
  await chooseEnglish(page);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.goto('/admin_settings');
  await expect(page.getByRole('heading', { name: 'Site texts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});
