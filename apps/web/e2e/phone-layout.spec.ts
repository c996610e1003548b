import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { placeOrderByApi } from './support/checkout';
import { ACCOUNTS, type Account, signIn, signInByApi } from './support/sign-in';

// On a phone: every route of the spec fits a 390 px phone and a 1 366 px laptop
// (nothing wider than the viewport, no sideways scrolling); on the phone the header stays compact,
// Add to Cart is in the first screen of a product page and order history shows cards.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

interface DemoIds {
  productId: string;
  sellerId: string;
  orderId: string;
  customerId: string;
}

/** Places one Swish order for the customer through the API, so the order routes have something. */
async function demoIds(page: Page): Promise<DemoIds> {
  const product = await productNamed(page.request, 'Randig tröja Skärgård'); // Annas Ateljé
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const orderId = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
  return { productId: product._id, sellerId: product.seller._id, orderId, customerId: buyer._id };
}

/** The spec's routes (apps/web/src/app/router.tsx) with the account each needs, if any. */
function routes(ids: DemoIds): { account: Account | null; paths: string[] }[] {
  return [
    {
      account: null,
      paths: [
        '/',
        `/seller/${ids.sellerId}`,
        `/seller/${ids.sellerId}/pageNumber/1`,
        '/cart',
        `/product/${ids.productId}`,
        '/signin',
        '/register',
        '/forgot_password',
        '/reset_password/not-a-real-token',
        '/search/name',
        '/search/name/sommarklänning',
        '/search/category/Kläder',
        '/search/category/all/name/tröja',
        '/search/category/all/name/all/min/0/max/0/rating/0/order/newest/pageNumber/1',
        '/categories',
        '/seller_info_1',
        '/seller_info_2',
        '/about',
        '/privacy',
        '/privacy_policy',
        '/no-such-page',
      ],
    },
    {
      account: ACCOUNTS.customer,
      paths: [
        `/cart/${ids.productId}/1`,
        '/shipping',
        '/payment',
        '/placeorder',
        '/map',
        `/order/${ids.orderId}`,
        '/orderhistory',
        '/profile',
        '/become_seller/1',
        '/seller_application',
      ],
    },
    {
      account: ACCOUNTS.anna,
      paths: [
        `/product/${ids.productId}/edit/seller`,
        '/productlist/seller',
        '/productlist/seller/pageNumber/1',
        '/orderlist/seller',
        '/my_shop_menu',
        '/seller_profile',
        `/order/${ids.orderId}`,
      ],
    },
    {
      account: ACCOUNTS.admin,
      paths: [
        `/product/${ids.productId}/edit`,
        '/productlist',
        '/productlist/pageNumber/2',
        '/orderlist',
        '/userlist',
        `/user/${ids.customerId}/edit`,
        '/admin_menu',
        '/admin_settings',
      ],
    },
  ];
}

/**
 * The elements that stick out of the viewport sideways: wider than it, or reaching past its right
 * edge. Elements that are not shown are left out: closed panels, and what an ancestor clips away
 * (`overflow: hidden` or `clip`, as visually hidden text and table heads on phones are). A
 * scrolling box (`overflow: auto`) does not excuse its content: nothing may scroll sideways.
 */
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticksOut = (box: DOMRect) => box.width > width + 0.5 || box.right > width + 0.5;
    const clippedAway = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if ((overflowX === 'hidden' || overflowX === 'clip') && !sticksOut(parent.getBoundingClientRect())) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      if (!sticksOut(box) || clippedAway(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
      found.push(`${name} (left ${Math.round(box.left)}, width ${Math.round(box.width)})`);
    }
    return found;
  });
}

/** Waits for the route's page to settle: its chunk loaded, the data shown. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('no route is wider than the screen', async ({ page, browser, baseURL }) => {
      test.setTimeout(180_000);
      const ids = await demoIds(page);
      for (const group of routes(ids)) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width: viewport.width, height: viewport.height },
        });
        const visitor = await context.newPage();
        if (group.account) await signIn(visitor, group.account);
        for (const path of group.paths) {
          await visitor.goto(path);
          await settle(visitor);
          const scroll = await visitor.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(scroll.scrollWidth, `${path}: page scrolls sideways`).toBeLessThanOrEqual(scroll.innerWidth);
          expect(await overflowingElements(visitor), `${path}: elements wider than the screen`).toEqual([]);
          // Kept in the test's output folder, for a person to look at the layouts.
          const file = `${viewport.name}-${group.account?.email.split('@')[0] ?? 'visitor'}${path.replace(/\W+/g, '-')}.png`;
          await visitor.screenshot({ path: test.info().outputPath(file) });
        }
        await context.close();
      }
    });
  });
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header stays compact and holds brand, search, cart and both panel toggles', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('searchbox', { name: 'Search products' })).toBeInViewport();
    await expect(banner.getByRole('link', { name: /^Cart/ })).toBeInViewport();
    for (const name of ['Torget', 'Categories', 'Menu']) {
      await expect(
        page.getByRole(name === 'Torget' ? 'link' : 'button', { name, exact: true }).first(),
      ).toBeInViewport();
    }
    // The phone bar and the header together: what sits above the page's content.
    const bottom = await page.evaluate(() => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect();
      return header ? header.bottom + window.scrollY : Number.POSITIVE_INFINITY;
    });
    expect(bottom).toBeLessThanOrEqual(112);
  });

  test('a product page shows image, name, price, stock and Add to Cart in the first screen', async ({ page }) => {
    const product = await productNamed(page.request, 'Randig tröja Skärgård');
    await page.goto(`/product/${product._id}`);
    await settle(page);
    const main = page.getByRole('main');
    const addToCart = main.getByRole('button', { name: 'Add to Cart' });
    await expect(addToCart).toBeVisible();
    const box = await addToCart.boundingBox();
    expect(box, 'Add to Cart has a box').not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeInViewport();
    await expect(main.getByRole('img', { name: product.name }).first()).toBeInViewport({ ratio: 0.3 });
    await expect(main.getByText('In Stock').first()).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('product-390.png') });
  });

  test('order history shows each order as a card with a visible Details link', async ({ page }) => {
    const ids = await demoIds(page);
    await signIn(page, ACCOUNTS.customer);
    await page.goto('/orderhistory');
    await settle(page);
    const row = page.getByRole('row').filter({ hasText: ids.orderId });
    await expect(row).toBeVisible();
    // A card: the order's cells stack, so the row is taller than one line and fits the screen.
    const rowBox = await row.boundingBox();
    expect(rowBox?.width ?? 0).toBeLessThanOrEqual(390);
    expect(rowBox?.height ?? 0).toBeGreaterThan(120);
    const details = row.getByRole('link', { name: 'Details' });
    await details.scrollIntoViewIfNeeded();
    await expect(details).toBeInViewport();
    await expect(details).toHaveAttribute('href', `/order/${ids.orderId}`);
    await page.screenshot({ path: test.info().outputPath('orderhistory-390.png'), fullPage: true });
  });
});
