import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
// The API suite's loopback SMTP listener: one implementation for both suites.
import { type SmtpListener, startSmtpListener } from '../../api/src/test/smtp-listener';
import { mailText } from './support/mail-text';

// Password reset by e-mail through a real SMTP listener on loopback: the server under
// test sends to SMTP_URL, which playwright.config.ts points at this port.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

let smtp: SmtpListener;

test.beforeAll(async () => {
  smtp = await startSmtpListener(SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.close();
});

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function registerViaApi(request: APIRequestContext, name: string, email: string, password: string) {
  const response = await request.post('/api/users/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Holds the answer to `path` back a little, so the status text shown while waiting can be seen. */
async function slowDown(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

async function signIn(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

test('a mailed link sets a new password; the old password and the used link stop working', async ({
  page,
  request,
}) => {
  const email = `aterstall-${unique()}@example.se`;
  const oldPassword = 'gammalt-lösen-1';
  const newPassword = 'nytt-lösen-2';
  await registerViaApi(request, 'Greta Glömsk', email, oldPassword);
  const main = page.getByRole('main');

  // Forgot password, from the sign-in screen.
  await page.goto('/signin');
  await main.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  await expect(main.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await slowDown(page, '/api/users/forgot_password');
  await main.getByLabel('Email address').fill(email);
  await main.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main.getByText('Sending email...')).toBeVisible();
  await expect(main.getByText('Email was sent.')).toBeVisible();
  await expect(main.getByText('Sending email...')).toHaveCount(0);

  // The mail arrives at the SMTP listener with a link to /reset_password/{token}.
  await expect.poll(() => smtp.inbox.some((mail) => mail.to.includes(email)), { timeout: 15_000 }).toBe(true);
  const mail = smtp.inbox.find((m) => m.to.includes(email));
  if (!mail) throw new Error('no mail');
  const text = mailText(mail.raw);
  expect(text).toContain('Greta Glömsk');
  const link = /https?:\/\/\S+\/reset_password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  // The link's own origin is the server's; the browser follows it on the test's base URL.
  const resetPath = new URL(link ?? '').pathname;

  await page.goto(resetPath);
  await expect(main.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('New Password').fill(newPassword);
  await main.getByLabel('Confirm Password').fill(`${newPassword}x`);
  // The spec's text under the confirmation field, not a browser alert.
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('alert')).toHaveText('Password and confirm password do not match');
  await expect(main.getByLabel('Confirm Password')).toHaveAccessibleDescription(
    'Password and confirm password do not match',
  );
  await expect(main.getByText('Resetting password...')).toHaveCount(0);

  // A common password is refused by the server, which says why; the link still works.
  await main.getByLabel('New Password').fill('Password123');
  await main.getByLabel('Confirm Password').fill('Password123');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByText(/This password is too common/)).toBeVisible();

  await main.getByLabel('New Password').fill(newPassword);
  await main.getByLabel('Confirm Password').fill(newPassword);
  await slowDown(page, '/api/users/reset_password');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByText('Resetting password...')).toBeVisible();
  await expect(main.getByText('Password was reset.')).toBeVisible();
  await main.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // The old password no longer works; the new one does.
  await signIn(page, email, oldPassword);
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Greta Glömsk' })).toBeVisible();

  // The link works once only.
  await page.goto(resetPath);
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('New Password').fill('tredje-lösen-3');
  await main.getByLabel('Confirm Password').fill('tredje-lösen-3');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('alert')).toHaveText(/invalid or has expired/);
  await expect(main.getByText('Password was reset.')).toHaveCount(0);
  const stillNew = await request.post('/api/users/signin', { data: { email, password: newPassword } });
  expect(stillNew.ok()).toBe(true);
});

test('an unknown e-mail gets the same answer and no mail', async ({ page }) => {
  const email = `okand-${unique()}@example.se`;
  await page.goto('/forgot_password');
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main.getByText('Email was sent.')).toBeVisible();
  await page.waitForTimeout(500);
  expect(smtp.inbox.some((mail) => mail.to.includes(email))).toBe(false);
});
