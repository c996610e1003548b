import { expect, test } from '@playwright/test';

// A common password is refused by the server, and the register and profile screens
// show its reason (the reset screen: password-reset.spec.ts).

const COMMON_REFUSED = /This password is too common and easy to guess/;
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test('register and profile show why a common password was refused', async ({ page }) => {
  const main = page.getByRole('main');
  const email = `vanligt-${unique()}@example.se`;

  await page.goto('/register');
  await main.getByLabel('Name').fill('Vera Vanlig');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password', { exact: true }).fill('iloveyou123');
  await main.getByLabel('Confirm Password').fill('iloveyou123');
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(main.getByText(COMMON_REFUSED)).toBeVisible();
  await expect(page).toHaveURL(/\/register/);

  // An uncommon password registers, and lands on the profile.
  await main.getByLabel('Password', { exact: true }).fill('vera-egna-lösen');
  await main.getByLabel('Confirm Password').fill('vera-egna-lösen');
  await main.getByRole('button', { name: 'Register' }).click();
  await expect(page).not.toHaveURL(/\/register/);

  await page.goto('/profile');
  await main.getByLabel('Password', { exact: true }).fill('qwertyuiop');
  await main.getByLabel('Confirm Password').fill('qwertyuiop');
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(main.getByText(COMMON_REFUSED)).toBeVisible();
});
