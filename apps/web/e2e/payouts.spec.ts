import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { confirmInPage } from './support/answer-confirm';
import { ACCOUNTS, signIn } from './support/sign-in';

// An admin pays the sellers: creates a payout batch of the demo shops whose money is released,
// downloads the bank file and marks the batch sent (English, laptop, then fitting a phone); the
// batch reads the same in Svenska on a phone and a laptop.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

async function fitsWidth(page: Page, size: (typeof SIZES)[number]): Promise<void> {
  await page.setViewportSize(size);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
}

test('an admin creates a payout batch, downloads the bank file and marks it sent', async ({ page }) => {
  await page.setViewportSize(SIZES[1]);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin_menu');
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/admin_payouts$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  await confirmInPage(
    page,
    'Create a payout batch of every seller who can be paid now? Nothing is paid until you mark it sent.',
    'Create batch',
    () => main.getByRole('button', { name: 'Create payout batch' }).click(),
  );
  await expect(main.getByText(/Payout batch Torget T-\d+ created\./)).toBeVisible();
  const batch = main.getByRole('article').first();
  await expect(batch.getByRole('heading', { level: 2 })).toContainText(/Torget T-\d+: SEK \d+\.\d{2}/);
  await expect(batch).toContainText('Not sent');
  const rows = batch.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(/SEK \d+\.\d{2}/);
  await expect(rows.nth(1)).toContainText('••••');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: /^Download file/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^torget-payout-T-\d+\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('payee,account_type,account,bic,amount,reference');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines[1]).toMatch(/,(bank_account|bankgiro|iban),[^,•]+,[^,]*,\d+\.\d{2},Torget T-\d+$/);

  await confirmInPage(
    page,
    'Mark this batch sent? Do it only after the bank has accepted the file: the payouts are booked and every seller in it is mailed.',
    'Mark sent',
    () => batch.getByRole('button', { name: /^Mark sent/ }).click(),
  );
  await expect(main.getByText(/marked sent; the sellers are mailed\./)).toBeVisible();
  await expect(batch).toContainText('Sent ');
  await expect(batch.getByRole('button', { name: /^Mark sent/ })).toHaveCount(0);
  await fitsWidth(page, SIZES[1]);
  // The same screen on a phone: the batch and its lines still fit.
  await fitsWidth(page, SIZES[0]);
  await expect(batch.getByRole('button', { name: /^Download file/ })).toBeVisible();
});

test('the payouts read in Svenska on a phone', async ({ page }) => {
  await page.setViewportSize(SIZES[0]);
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.goto('/admin_payouts');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Utbetalningar' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Skapa utbetalningsomgång' })).toBeVisible();
  const batch = main.getByRole('article').first();
  await expect(batch).toContainText('Skickad');
  await expect(batch.getByRole('heading', { level: 2 })).toContainText(/Torget T-\d+: [\d\s\u00a0]+,\d{2}\s?kr/u);
  await expect(batch.getByRole('button', { name: /^Ladda ner fil/ })).toBeVisible();
  await fitsWidth(page, SIZES[0]);
  await fitsWidth(page, SIZES[1]);
});
