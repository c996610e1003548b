import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
// The API suite's loopback SMTP listener: one implementation for both suites.
import { type SmtpListener, startSmtpListener } from '../../api/src/test/smtp-listener';
import { mailText } from './support/mail-text';
import { applyToSellByApi, type NewUser, registerByApi, signInFresh, startSession } from './support/session';
import { ACCOUNTS, bearer, type SignedIn, signIn, signInByApi } from './support/sign-in';

// The payout account in the shop settings: a new seller sets one, sees it masked with the hold,
// and is mailed; a seeded seller sees theirs masked, in Svenska too. The server under test sends
// mail to SMTP_URL, which playwright.config.ts points at this port.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/payout-account-shots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

let smtp: SmtpListener;
test.beforeAll(async () => {
  smtp = await startSmtpListener(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

async function screenshots(page: Page, screen: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // No sideways scrolling on a phone or a laptop.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.getByRole('heading', { name: /Payout account|Utbetalningskonto/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${screen}-${size.name}.png` });
  }
}

/** A new plan 1 seller, approved by the admin: signed in afresh, with the seller role. */
async function newSeller(request: APIRequestContext, name: string): Promise<NewUser & SignedIn> {
  const user = await registerByApi(request, name);
  await applyToSellByApi(request, user, '1');
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const approved = await request.put(`/api/users/${user._id}`, { headers: bearer(admin), data: { is_seller: true } });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { ...user, ...(await signInFresh(request, user.email, user.password)) };
}

async function payoutMailTo(email: string): Promise<string | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // The approval mail went to the same address first.
    const found = smtp.inbox
      .filter((m) => m.to.includes(email.toLowerCase()))
      .map((m) => mailText(m.raw))
      .find((text) => /utbetalningskonto/i.test(text));
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const payoutSection = (page: Page) => page.getByRole('region', { name: /^(Payout account|Utbetalningskonto)$/ });

test('a new seller sets a payout account, sees it masked with the hold, and is mailed', async ({ page, request }) => {
  const seller = await newSeller(request, 'Konto Säljare');
  await startSession(page, seller);
  await page.goto('/seller_profile');
  const section = payoutSection(page);
  await expect(section.getByRole('heading', { name: 'Payout account' })).toBeVisible();

  // No account yet: the form is open. A wrong Bankgiro check digit is refused by the field.
  await section.getByLabel('Account type').selectOption({ label: 'Bankgiro' });
  await section.getByLabel('Bankgiro number').fill('5050-1056');
  await section.getByRole('button', { name: 'Save payout account' }).click();
  const bankgiro = section.getByLabel('Bankgiro number');
  await expect(bankgiro).toHaveAttribute('aria-invalid', 'true');
  await expect(bankgiro).toHaveAccessibleDescription(/That Bankgiro number is not valid: check the digits\./);
  await expect(bankgiro).toBeFocused();

  // A Swedish bank account whose account number does not fit its clearing number.
  await section.getByLabel('Account type').selectOption({ label: 'Swedish bank account' });
  await section.getByLabel('Clearing number').fill('8327-9');
  await section.getByLabel('Account number').fill('123 456 789-0');
  await screenshots(page, 'payout-form');
  await section.getByRole('button', { name: 'Save payout account' }).click();
  await expect(
    section.getByText('That account number does not fit the clearing number.', { exact: false }),
  ).toBeVisible();

  await section.getByLabel('Account number').fill('123 456 789-7');
  await section.getByRole('button', { name: 'Save payout account' }).click();
  await expect(page.getByText('Payout account saved')).toBeVisible();

  // Shown masked, with its bank and the hold; the whole number is nowhere on the page.
  await expect(section.getByText('•••• 7897')).toBeVisible();
  await expect(section).toContainText('Swedbank');
  await expect(section).toContainText('ending in 7897');
  await expect(
    section.getByRole('status').filter({ hasText: 'payouts to a new account wait three days' }),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText('456789');
  await expect(section.getByRole('button', { name: 'Change' })).toBeFocused();
  await screenshots(page, 'payout-masked');

  // The same after a reload: the browser is never given the number.
  await page.reload();
  await expect(payoutSection(page).getByText('•••• 7897')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('456789');

  // Change opens the form on the type select; Cancel keeps the account.
  await payoutSection(page).getByRole('button', { name: 'Change' }).click();
  await expect(payoutSection(page).getByLabel('Account type')).toBeFocused();
  await payoutSection(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(payoutSection(page).getByText('•••• 7897')).toBeVisible();

  const mail = await payoutMailTo(seller.email);
  expect(mail).toContain('Bankkonto (Swedbank) •••• 7897');
  expect(mail).toContain('was changed to: Bank account (Swedbank) •••• 7897');
  expect(mail).not.toContain('1234567897');
});

test('a seeded seller sees their account masked and not held, in Svenska with Swedish messages', async ({ page }) => {
  await signIn(page, ACCOUNTS.anna);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.goto('/seller_profile');
  const section = payoutSection(page);
  await expect(section.getByRole('heading', { name: 'Utbetalningskonto' })).toBeVisible();
  await expect(section.getByText('•••• 7897')).toBeVisible();
  await expect(section).toContainText('Svenskt bankkonto');
  await expect(section).not.toContainText('tre dagar');
  await screenshots(page, 'payout-seeded-sv');

  await section.getByRole('button', { name: 'Ändra' }).click();
  await section.getByLabel('Kontotyp').selectOption({ label: 'IBAN' });
  await section.getByLabel('IBAN', { exact: true }).fill('SE45 5000 0000 0583 9825 7467');
  await section.getByRole('button', { name: 'Spara utbetalningskonto' }).click();
  await expect(section.getByLabel('IBAN', { exact: true })).toHaveAccessibleDescription(
    /IBAN-numret är inte giltigt: kontrollera landskoden och siffrorna\./,
  );
  await section.getByRole('button', { name: 'Avbryt' }).click();
  await expect(section.getByText('•••• 7897')).toBeVisible();
});
