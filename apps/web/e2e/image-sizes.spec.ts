import { expect, type Locator, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';

// Image widths and no layout shift: a phone loads the small copies of the images, and the
// storefront and seller info pages do not move as their content arrives.

test.use({ viewport: { width: 390, height: 844 } });

/** The URL the browser chose for an image, once it has loaded. */
async function chosenSource(page: Page, selector: string | Locator): Promise<{ src: string; naturalWidth: number }> {
  const image = (typeof selector === 'string' ? page.locator(selector) : selector).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, naturalWidth: img.naturalWidth }));
}

/** The sum of the layout shifts the page has had (Layout Instability API, as Lighthouse's CLS counts them). */
function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('a product card on a phone loads its 320 or 640 px copy, not the full image', async ({ page }) => {
  await page.goto('/');
  // A demo product's card: other specs may have added newer products whose pictures are not
  // stored images.
  const demoCard = page.getByRole('article').filter({ hasText: 'T-shirt i ekologisk bomull' });
  const card = await chosenSource(page, demoCard.locator('.product-card-image img'));
  expect(card.src).toMatch(/\/uploads\/[^/]+\.w(320|640)\.webp$/);
  expect(card.naturalWidth).toBeLessThanOrEqual(640);
});

test('the storefront uses the copies for its cards, logo and banner', async ({ page, request }) => {
  const product = await productNamed(request, 'Randig tröja Skärgård'); // Annas Ateljé: logo and banner
  await page.goto(`/seller/${product.seller._id}`);
  expect((await chosenSource(page, '.product-card-image img')).src).toMatch(/\.w(320|640)\.webp$/);
  expect((await chosenSource(page, 'img.storefront-logo')).src).toMatch(/\.w320\.webp$/);
  const banner = await page.locator('.storefront-banner').evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(banner).toMatch(/\/uploads\/[^/"]+\.w640\.webp/);
});

for (const path of ['/seller_info_1', '/seller_info_2', 'storefront']) {
  test(`${path} does not shift as its content arrives`, async ({ page, request }) => {
    const url =
      path === 'storefront' ? `/seller/${(await productNamed(request, 'Randig tröja Skärgård')).seller._id}` : path;
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1')).toBeVisible();
    expect(await layoutShiftTotal(page)).toBeLessThanOrEqual(0.05);
  });
}
