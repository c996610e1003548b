import { type Browser, expect, type Page, test } from '@playwright/test';
import { swedishCatalogue } from '../src/locales/sv';
import { productNamed } from './support/catalog';
import { placeOrderByApi } from './support/checkout';
import { png } from './support/png';
import { paired } from './support/screens';
import { applyToSellByApi, type NewUser, registerByApi, signInFresh, startSession } from './support/session';
import { ACCOUNTS, bearer, type SignedIn, signIn, signInByApi, signInOn } from './support/sign-in';

// People read numbers, not ids: the order page's heading is the order number (T-100001) and its
// lines lead with the product numbers (#1001), the id only in small text. The header's menu
// counts the unread messages on one's orders. A logo chosen in the shop settings is shown at
// once. A seller signed in on her own domain on a phone still reads her shop's name. Each at
// 390 and 1 366 px, in Svenska and English; screenshots of the order page and the shop's domain
// in Svenska go to E2E_SHOTS_DIR, to be looked at.

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--host-resolver-rules=MAP shop-anna.test 127.0.0.1',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  },
});

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/numbers-shots';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const LANGUAGES = ['sv', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
// Annas Ateljé sells it with Swish; 24 in stock, enough for these orders.
const PRODUCT = 'T-shirt i ekologisk bomull';

/** A UI text as the language shows it (the keys are the English texts). */
function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const plural = typeof count === 'number' ? (count === 1 ? `${key}_one` : `${key}_other`) : key;
  const template =
    language === 'sv'
      ? (swedishCatalogue[plural] ?? swedishCatalogue[key] ?? key)
      : count === 1
        ? key.replace(' messages', ' message')
        : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}

/** A browser of that language (Accept-Language decides a first visit) at that size. */
async function pageFor(
  browser: Browser,
  baseURL: string | undefined,
  language: Language,
  width: number,
  height: number,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    locale: language === 'sv' ? 'sv-SE' : 'en-US',
  });
  return { context, page: await context.newPage() };
}

async function unreadOf(page: Page, user: SignedIn): Promise<number> {
  const response = await page.request.get(`/api/users/${user._id}`, { headers: bearer(user) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { unreadMessages?: number }).unreadMessages ?? -1;
}

for (const language of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    if (!paired(language, viewport.width)) continue;
    test(`the order page leads with the order and product numbers, and the header counts unread messages, ${language} at ${viewport.width}px`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await pageFor(browser, baseURL, language, viewport.width, viewport.height);
      const product = await productNamed(page.request, PRODUCT);
      const buyer = await signInByApi(page.request, ACCOUNTS.customer);
      const anna = await signInByApi(page.request, ACCOUNTS.anna);
      const id = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
      const order = (await (await page.request.get(`/api/orders/${id}`, { headers: bearer(buyer) })).json()) as {
        orderNumber: string;
      };
      const productNumber = (
        (await (await page.request.get(`/api/products/${product._id}`)).json()) as { number: number }
      ).number;
      // The seller writes on the order: one more unread message for the buyer.
      const written = await page.request.post(`/api/orders/${id}/messages`, {
        headers: bearer(anna),
        data: { text: 'Tack! Vi skickar i morgon.' },
      });
      expect(written.status()).toBe(201);
      const unread = await unreadOf(page, buyer);
      expect(unread).toBeGreaterThanOrEqual(1);

      await signIn(page, ACCOUNTS.customer);
      await page.goto('/');
      const badgeName = text(language, '{{count}} unread messages', { count: unread });
      // Wide: beside the account menu; on a phone: on the Menu toggle of the phone bar.
      const holder =
        viewport.width < 640
          ? page.locator('.mobile-bar').getByRole('button', { name: text(language, 'Menu') })
          : page.locator('.site-header .user-menu > .dropdown-toggle');
      await expect(holder).toBeVisible();
      // The count describes the button; its name stays what it was ('Menu', the user's name).
      await expect(holder).toHaveAccessibleDescription(badgeName);
      await expect(holder).toHaveAccessibleName(viewport.width < 640 ? text(language, 'Menu') : 'Emma Karlsson');
      await expect(holder.locator('.unread-count')).toBeVisible();
      await expect(holder.locator('.unread-count')).toHaveText(String(unread));

      await page.goto(`/order/${id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(text(language, 'Order {{id}}', { id: order.orderNumber }));
      await expect(heading).not.toContainText(id);
      await expect(heading).toBeInViewport();
      await expect(page).toHaveTitle(new RegExp(order.orderNumber));
      // The id in small secondary text under the heading.
      const idLine = page.locator('.order-id-line');
      await expect(idLine).toContainText(id);
      const sizes = await page.evaluate(() => ({
        heading: Number.parseFloat(getComputedStyle(document.querySelector('h1') as Element).fontSize),
        id: Number.parseFloat(getComputedStyle(document.querySelector('.order-id-line') as Element).fontSize),
        body: Number.parseFloat(getComputedStyle(document.body).fontSize),
      }));
      expect(sizes.id).toBeLessThan(sizes.body);
      expect(sizes.id).toBeLessThan(sizes.heading);
      // The line leads with the product number.
      await expect(page.locator('.order-item-name').first()).toContainText(`#${productNumber} ${PRODUCT}`);
      // Opening the page read the thread: the header's count follows without a reload.
      await expect(page.getByText('Tack! Vi skickar i morgon.')).toBeVisible();
      const left = unread - 1;
      if (left === 0) await expect(holder.locator('.unread-count')).toHaveCount(0);
      else
        await expect(holder).toHaveAccessibleDescription(text(language, '{{count}} unread messages', { count: left }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (language === 'sv') {
        await page.screenshot({ path: `${SHOTS}/order-page-sv-${viewport.name}.png`, fullPage: true });
      }
      await context.close();
    });
  }
}

test('a signed-out visitor asks for no unread count', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    // One's own details (/api/users/{id}), which carry the count; not the top sellers' list.
    if (/^\/api\/users\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(page.locator('.unread-count')).toHaveCount(0);
});

test.describe('the shop’s logo', () => {
  let seller: NewUser & SignedIn;
  test.beforeAll(async ({ request }) => {
    const user = await registerByApi(request, 'Loggans Säljare');
    await applyToSellByApi(request, user, '2');
    const admin = await signInByApi(request, ACCOUNTS.admin);
    const approved = await request.put(`/api/users/${user._id}`, { headers: bearer(admin), data: { is_seller: true } });
    expect(approved.ok(), await approved.text()).toBe(true);
    seller = { ...user, ...(await signInFresh(request, user.email, user.password)) };
  });

  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORTS) {
      if (!paired(language, viewport.width)) continue;
      test(`a logo chosen in the settings shows in the preview and the shop at once, ${language} at ${viewport.width}px`, async ({
        browser,
        baseURL,
      }) => {
        const { context, page } = await pageFor(browser, baseURL, language, viewport.width, viewport.height);
        const t = (key: string, values?: Record<string, string>) => text(language, key, values);
        await startSession(page, seller);
        await page.goto('/seller_profile');
        const form = page.getByRole('main');
        const hasLogo = form.getByLabel(t('Has logo'), { exact: true });
        const preview = form.getByTestId('storefront-preview');
        const previewLogo = preview.locator('.storefront-logo');
        // A logo left from an earlier run of this test: removed, which turns 'Has logo' off.
        const remove = form.getByRole('button', { name: t('Remove logo') });
        if (await remove.isVisible()) {
          await remove.click();
          await expect(hasLogo).not.toBeChecked();
          await expect(previewLogo).toHaveCount(0);
        }
        await expect(hasLogo).not.toBeChecked();

        await form.getByLabel(t('Logo image'), { exact: true }).setInputFiles({
          name: 'logo.png',
          mimeType: 'image/png',
          buffer: png(48, 48, [200, 40, 60]),
        });
        await expect(form.getByRole('img', { name: t('Logo preview') })).toHaveAttribute('src', /^\/uploads\//);
        // Chosen is shown: the box is ticked for the seller and the preview shows the logo.
        await expect(hasLogo).toBeChecked();
        await expect(previewLogo).toBeVisible();
        await form.getByRole('button', { name: t('Update'), exact: true }).click();
        await expect(page.getByText(t('Profile Updated Successfully'))).toBeVisible();
        const saved = await page.request.get(`/api/users/${seller._id}`, { headers: bearer(seller) });
        const shop = ((await saved.json()) as { seller: { has_logo: boolean; logo: string; name: string } }).seller;
        expect(shop).toMatchObject({ has_logo: true, logo: expect.stringMatching(/^\/uploads\//) });
        await page.goto(`/seller/${seller._id}`);
        await expect(page.getByRole('img', { name: t('{{name}} logo', { name: shop.name }) })).toBeVisible();

        // The seller may still turn it off: the preview hides it, and so does the shop once saved.
        await page.goto('/seller_profile');
        await expect(hasLogo).toBeChecked();
        await hasLogo.uncheck();
        await expect(previewLogo).toHaveCount(0);
        await form.getByRole('button', { name: t('Update'), exact: true }).click();
        await expect(page.getByText(t('Profile Updated Successfully'))).toBeVisible();
        const off = await page.request.get(`/api/users/${seller._id}`, { headers: bearer(seller) });
        expect(((await off.json()) as { seller: { has_logo: boolean } }).seller.has_logo).toBe(false);
        // On without an image: the spec's alert.
        await form.getByRole('button', { name: t('Remove logo') }).click();
        await hasLogo.check();
        await form.getByRole('button', { name: t('Update'), exact: true }).click();
        await expect(form.getByRole('alert').filter({ hasText: t('Please choose a logo image.') })).toBeVisible();
        await context.close();
      });
    }
  }
});

for (const viewport of VIEWPORTS) {
  test(`Anna signed in on her own domain reads her shop's name beside the actions, in Svenska at ${viewport.width}px`, async ({
    browser,
    baseURL,
  }) => {
    const port = new URL(baseURL ?? '').port;
    const origin = `http://shop-anna.test:${port}`;
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signInOn(page, origin, ACCOUNTS.anna);
    await page.goto(`${origin}/`);
    await page.locator('.shop-header').getByRole('button', { name: 'Svenska' }).click();
    const header = page.locator('.shop-header');
    await expect(header.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Min butik/ })).toBeVisible();
    const name = header.locator('.shop-brand-name');
    await expect(name).toHaveText('Annas Ateljé');
    // The whole name fits: not cut to "A…".
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `${SHOTS}/shop-domain-sv-${viewport.name}.png`, fullPage: false });
    await context.close();
  });
}
