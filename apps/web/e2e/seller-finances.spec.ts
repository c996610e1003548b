import { expect, type Page, test } from '@playwright/test';
import { applyToSellByApi, registerByApi, signInFresh, startSession } from './support/session';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// The seller's Finances (Ekonomi) on My Shop: the balance with the marketplace, the money held
// back, and a month's ledger entries with their orders, in English and Svenska, phone and laptop.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const finances = (page: Page, name = 'Finances') => page.getByRole('main').getByRole('region', { name });

async function fitsEveryWidth(page: Page): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
}

test('a PayPal shop reads its balance, what is held back, and a month of sales less commission', async ({ page }) => {
  await signIn(page, ACCOUNTS.johan);
  await page.goto('/my_shop_menu');
  const section = finances(page);
  await expect(section.locator('.sales-figure').filter({ hasText: 'Balance' })).toContainText(/SEK \d+\.\d{2}/);
  await expect(section.locator('.sales-figure').filter({ hasText: 'Held back' })).toContainText(/SEK \d+\.\d{2}/);
  const rows = section.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Sale paid through the marketplace' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Commission' }).first()).toContainText('5 %');
  await expect(rows.filter({ hasText: 'VAT on commission' }).first()).toContainText('25 %');
  await expect(rows.filter({ hasText: 'Commission' }).first().getByRole('link')).toHaveText(/^T-\d{6,}$/);

  // Another month: its own entries, from the balance before it.
  const month = section.getByLabel('Month');
  const shown = await month.inputValue();
  const [year, m] = shown.split('-').map(Number);
  const earlier = m === 1 ? `${(year ?? 0) - 1}-12` : `${year}-${String((m ?? 1) - 1).padStart(2, '0')}`;
  await month.fill(earlier);
  await expect(month).toHaveValue(earlier);
  await expect(rows.filter({ hasText: 'Commission' }).first()).toBeVisible();
  await fitsEveryWidth(page);
});

test('a shop approved on plan 2 sees its yearly fee, in Svenska on a phone', async ({ page, request }) => {
  const user = await registerByApi(request, 'Ekonomi Säljare');
  await applyToSellByApi(request, user, '2');
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const approved = await request.put(`/api/users/${user._id}`, { headers: bearer(admin), data: { is_seller: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await startSession(page, await signInFresh(request, user.email, user.password));

  await page.setViewportSize(SIZES[0]);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.goto('/my_shop_menu');
  const section = finances(page, 'Ekonomi');
  await expect(section.locator('.sales-figure').filter({ hasText: 'Saldo' })).toContainText(/−\s?299,00\s?kr/u);
  await expect(section.getByRole('table').getByRole('row').filter({ hasText: 'Årsavgift för planen' })).toContainText(
    /−\s?299,00\s?kr/u,
  );
  await fitsEveryWidth(page);
});
