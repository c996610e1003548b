import { expect, type Page, test } from '@playwright/test';

// Search in the browser: suggestions as the shopper types, counts beside the filters, a price
// range of one's own, and the category page's heading and breadcrumb. Against the demo data.

interface Suggestions {
  products: { _id: string; name: string; price: number }[];
  shops: { _id: string; name: string }[];
}

interface Facets {
  categories: { name: string; count: number }[];
  prices: { min: number; max: number | null; count: number }[];
  ratings: { rating: number; count: number }[];
  capped: boolean;
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search products' });
}

function suggestionList(page: Page) {
  return page.getByRole('listbox', { name: 'Suggestions' });
}

test.describe('suggestions as you type', () => {
  test('two letters bring products and shops; arrows, Enter and Escape work from the keyboard', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('h');
    // One letter asks nothing.
    await expect(suggestionList(page)).toBeHidden();

    const answered = page.waitForResponse((r) => r.url().includes('/api/products/suggest?q=h%C3%B6'));
    await box.fill('hö');
    const expected = (await (await answered).json()) as Suggestions;
    expect(expected.products.length + expected.shops.length).toBeGreaterThan(0);
    expect(expected.products.length + expected.shops.length).toBeLessThanOrEqual(8);

    const options = suggestionList(page).getByRole('option');
    await expect(options).toHaveCount(expected.products.length + expected.shops.length);
    await expect(options.first()).toContainText(expected.products[0]?.name ?? expected.shops[0]?.name ?? '');
    // The combobox is expanded and announces how many there are.
    await expect(page.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /suggestions?\./ })).toContainText(
      `${expected.products.length + expected.shops.length} suggestion`,
    );

    // Down chooses the first; the search box points at it; Enter opens it.
    await box.press('ArrowDown');
    const first = options.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await box.press('Enter');
    const target = expected.products[0] ? `/product/${expected.products[0]._id}` : `/seller/${expected.shops[0]?._id}`;
    await expect(page).toHaveURL(new RegExp(`${target}$`));

    // Escape closes the list; a second Escape clears the box.
    await box.fill('fotb');
    await expect(suggestionList(page)).toBeVisible();
    await box.press('Escape');
    await expect(suggestionList(page)).toBeHidden();
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('Enter without a choice still searches the typed text', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('mössa');
    await expect(suggestionList(page)).toBeVisible();
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\/name\/m%C3%B6ssa$/);
    await expect(suggestionList(page)).toBeHidden();
  });

  test('a suggestion is chosen with the pointer', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('fotboll');
    const option = suggestionList(page).getByRole('option', { name: /Fotboll storlek 5/ });
    await option.click();
    await expect(page.getByRole('heading', { level: 1, name: /Fotboll storlek 5/ })).toBeVisible();
  });
});

test.describe('filters that show what they give', () => {
  test('each department, price and rating shows its count; empty ones are dimmed', async ({ page, request }) => {
    await page.goto('/search/name/klänning');
    const facets = (await (
      await request.get('/api/products/facets', { params: { name: 'klänning' } })
    ).json()) as Facets;
    const filters = page.getByRole('complementary', { name: 'Search filters' });
    for (const category of facets.categories) {
      const link = filters.getByRole('link', { name: new RegExp(`^${category.name} \\(${category.count}\\)$`) });
      await expect(link).toBeAttached();
      if (category.count === 0) await expect(link).toHaveClass(/is-empty/);
      else await expect(link).not.toHaveClass(/is-empty/);
    }
    expect(facets.categories.some((c) => c.count > 0)).toBe(true);
    expect(facets.categories.some((c) => c.count === 0)).toBe(true);
    const tenToHundred = facets.prices.find((p) => p.min === 10 && p.max === 100);
    await expect(filters.getByRole('link', { name: `SEK 10-100 (${tenToHundred?.count})` })).toBeAttached();
    const fourUp = facets.ratings.find((r) => r.rating === 4);
    await expect(
      filters.getByRole('link', { name: new RegExp(`& up \\(${fourUp?.count}\\)$`) }).first(),
    ).toBeAttached();
  });

  test('a price range of my own narrows the results', async ({ page }) => {
    await page.goto('/search/name/all');
    const filters = page.getByRole('complementary', { name: 'Search filters' });
    const toggle = page.getByRole('button', { name: 'Filters' });
    if (await toggle.isVisible()) await toggle.click();
    await filters.getByLabel('Lowest price (SEK)').fill('200');
    await filters.getByLabel('Highest price (SEK)').fill('100');
    await filters.getByRole('button', { name: 'Go' }).click();
    await expect(filters.getByRole('alert')).toHaveText('The lowest price must not be above the highest.');
    await filters.getByLabel('Highest price (SEK)').fill('499,50');
    await filters.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/\/min\/200\/max\/499\.5\//);
    // The URL changes before the narrowed results replace the previous ones: read until they have.
    const shownPrices = async () =>
      (
        await page
          .getByRole('main')
          .getByRole('article')
          .getByText(/^SEK \d+\.\d{2}$/)
          .allTextContents()
      ).map((text) => Number(text.replace('SEK ', '')));
    await expect
      .poll(async () => {
        const prices = await shownPrices();
        return prices.length > 0 && prices.every((sek) => sek >= 200 && sek <= 499.5);
      })
      .toBe(true);
  });

  test('the category page has the category as its heading and a breadcrumb', async ({ page }) => {
    await page.goto('/categories');
    const firstCategory = page.getByRole('main').getByRole('link').first();
    const name = (await firstCategory.textContent())?.trim() ?? '';
    await firstCategory.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Home', name]);
    await expect(crumbs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
