import { expect, test } from '@playwright/test';

// The home page and the layout around it, against the freshly seeded demo marketplace.

test.describe('home page', () => {
  test('shows top sellers linking to their storefronts', async ({ page }) => {
    await page.goto('/');
    const topSellers = page.getByRole('region', { name: 'Top Sellers' });
    await expect(topSellers.getByRole('heading', { name: 'Top Sellers' })).toBeVisible();
    const sellerLinks = topSellers.getByRole('link');
    await expect(sellerLinks.first()).toBeVisible();
    expect(await sellerLinks.count()).toBeGreaterThanOrEqual(3);
    for (const link of await sellerLinks.all()) {
      await expect(link).toHaveAttribute('href', /^\/seller\/[^/]+$/);
    }
  });

  test('shows featured product cards with price, stock, rating and seller', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    await expect(featured.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    const cards = featured.getByRole('article');
    await expect(cards.first()).toBeVisible();

    const card = cards.first();
    await expect(card.getByText(/^SEK \d+\.\d{2}$/)).toBeVisible();
    await expect(card.getByText(/^In stock: \d+$/)).toBeVisible();
    await expect(card.getByText(/^\d+ reviews$/)).toBeVisible();
    await expect(card.getByRole('img', { name: /stars$/ })).toBeVisible();
    await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/product\//);
    await expect(card.locator('a[href^="/seller/"]')).toBeVisible();

    // Every card's price has the 'SEK 12.50' shape.
    const prices = await featured.getByText(/^SEK /).allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^SEK \d+\.\d{2}$/);
  });

  test('says so when there are no sellers or products yet', async ({ page }) => {
    // An empty marketplace, as the API answers it on an empty database (catalog.routes.test.ts).
    await page.route('**/api/users/top-sellers', (route) => route.fulfill({ json: [] }));
    await page.route(
      (url) => url.pathname === '/api/products',
      (route) => route.fulfill({ json: { products: [], page: 1, pages: 0, count: 0 } }),
    );
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Top Sellers' })).toContainText('No Seller Found');
    await expect(page.getByRole('region', { name: 'Featured Products' })).toContainText('No Product Found');
  });

  test('invites visitors to create an account', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?redirect=/');
  });
});

test.describe('layout', () => {
  test('category sidebar links to category searches', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Product categories' });
    const links = sidebar.getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^\/search\/category\//);
    }
  });

  test('footer shows the 2021 copyright and a Swedish address', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('2021');
    await expect(footer).toContainText('Sverige');
  });

  test('header search goes to the name search', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('lamp');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\/name\/lamp$/);
  });

  test('header shows the cart link and sign-in for visitors', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  test('Info dropdown opens, closes on Escape and lists the info pages', async ({ page }) => {
    await page.goto('/');
    const info = page.getByRole('banner').getByRole('button', { name: 'Info' });
    await expect(info).toHaveAttribute('aria-expanded', 'false');
    await info.click();
    await expect(info).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'About' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Become Seller' })).toHaveAttribute(
      'href',
      '/seller_info_1',
    );
    await page.keyboard.press('Escape');
    await expect(info).toHaveAttribute('aria-expanded', 'false');
    await expect(info).toBeFocused();
  });

  test('/categories lists category links', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    const links = page.getByRole('main').getByRole('link');
    await expect(links.first()).toBeVisible();
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^\/search\/category\//);
    }
  });

  test('a deep route renders inside the layout without crashing', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/orderhistory');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Torget', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('2021');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the two sidebar toggles open one panel at a time', async ({ page }) => {
    await page.goto('/');
    const categoriesToggle = page.getByRole('button', { name: 'Categories', exact: true });
    const menuToggle = page.getByRole('button', { name: 'Menu', exact: true });
    const categories = page.getByRole('complementary', { name: 'Product categories' });
    const menu = page.getByRole('complementary', { name: 'Menu' });

    // Closed at first: the category links are not shown on a phone.
    await expect(categoriesToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(categories).toBeHidden();

    await categoriesToggle.click();
    await expect(categoriesToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(categories.getByRole('link').first()).toBeVisible();
    await expect(categories.getByRole('link').first()).toHaveAttribute('href', /^\/search\/category\//);

    // Opening the menu closes the categories.
    await menuToggle.click();
    await expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(categoriesToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Cart' })).toBeVisible();
    await expect(categories).toBeHidden();

    // And back: opening the categories closes the menu.
    await categoriesToggle.click();
    await expect(categories.getByRole('link').first()).toBeVisible();
    await expect(menu).toBeHidden();

    // Escape closes the open panel.
    await page.keyboard.press('Escape');
    await expect(categories).toBeHidden();
  });

  test('the page does not scroll sideways', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
