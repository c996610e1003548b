import { type Browser, expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { paired } from './support/screens';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// The right of withdrawal, in English and in Svenska, on a phone and a laptop: a buyer withdraws
// from two of the three lines of a paid Swish order in two steps and gets the confirmation; the
// seller finds it in Returns, accepts it with the offered refund and puts the items back in stock;
// the buyer then sees the refund on the order. The printable standard form is there too.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/withdrawal-shots';
// Products without variants: a line of one names no size.
const LINES = ['T-shirt i ekologisk bomull', 'Mössa med tofs, senapsgul', 'Stickad mössa i merinoull'];
const WITHDRAWN = ['T-shirt i ekologisk bomull', 'Stickad mössa i merinoull'] as const;

const TEXT = {
  en: {
    withdraw: 'Withdraw from purchase',
    continue: 'Continue',
    confirm: 'Confirm withdrawal',
    received: 'Your withdrawal was received on',
    requested: 'Withdrawal requested on',
    accepted: 'Withdrawal accepted on',
    returns: 'Returns',
    amount: 'Refund amount (SEK)',
    accept: 'Accept and refund',
    refund: 'Refund',
    form: 'Standard withdrawal form (printable)',
    step2: 'Step 2 of 2: confirm your withdrawal',
    money: (sek: number) => `SEK ${sek.toFixed(2)}`,
  },
  sv: {
    withdraw: 'Ångra köp',
    continue: 'Fortsätt',
    confirm: 'Bekräfta ångerköp',
    received: 'Ditt ångerköp togs emot',
    requested: 'Ångerköp begärt',
    accepted: 'Ångerköp godkänt',
    returns: 'Returer',
    amount: 'Belopp att återbetala (kr)',
    accept: 'Godkänn och återbetala',
    refund: 'Återbetalning',
    form: 'Standardformulär för ångerrätt (utskrivbart)',
    step2: 'Steg 2 av 2: bekräfta ditt ångerköp',
    money: (sek: number) => `${sek.toFixed(2).replace('.', ',')}\u00a0kr`,
  },
} as const;

/** A paid Swish order of one of each of the three products from Annas Ateljé; answers its id, number and prices. */
async function paidThreeLineOrder(page: Page) {
  const products = await Promise.all(LINES.map((name) => productNamed(page.request, name)));
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const placed = await page.request.post('/api/orders', {
    headers: bearer(buyer),
    data: {
      orderItems: products.map((product) => ({ product: product._id, qty: 1 })),
      shippingAddress: {
        fullName: 'Emma Karlsson',
        address: 'Storgatan 1',
        city: 'Umeå',
        postalCode: '903 25',
        country: 'Sverige',
      },
      paymentMethod: 'Swish',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { _id: string; orderNumber: string } }).order;
  const seller = await signInByApi(page.request, ACCOUNTS.anna);
  const paid = await page.request.put(`/api/orders/${order._id}/update`, {
    headers: bearer(seller),
    data: { is_paid: true, paid_date: '2026-11-20', is_delivered: false, delivered_date: '' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const price = (name: string) => products.find((product) => product.name === name)?.price ?? 0;
  return { ...order, refund: WITHDRAWN.reduce((sum, name) => sum + price(name), 0) };
}

async function chooseSvenska(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

async function shot(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function pageAs(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

for (const language of ['en', 'sv'] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    if (!paired(language, viewport.width)) continue;
    test(`${language} at ${viewport.width} px: a buyer withdraws two of three lines, the seller accepts and refunds, the buyer sees the refund`, async ({
      page,
      browser,
      baseURL,
    }) => {
      const text = TEXT[language];
      const tag = `${language}-${viewport.width}`;
      await page.setViewportSize(viewport);
      const order = await paidThreeLineOrder(page);

      // The buyer: step one picks two lines and a reason, step two confirms.
      await signIn(page, ACCOUNTS.customer);
      if (language === 'sv') await chooseSvenska(page);
      await page.goto(`/order/${order._id}`);
      await page.getByRole('button', { name: text.withdraw, exact: true }).click();
      for (const name of WITHDRAWN) await page.getByRole('checkbox', { name }).check();
      await page.getByLabel(language === 'sv' ? 'Skäl (frivilligt)' : 'Reason (optional)').fill('Fel storlek');
      await shot(page, `withdraw-step1-${tag}`);
      await page.getByRole('button', { name: text.continue, exact: true }).click();
      const step2 = page.getByRole('region', { name: text.step2 });
      for (const name of WITHDRAWN) await expect(step2).toContainText(`1 × ${name}`);
      await expect(step2).not.toContainText(LINES[1] ?? '');
      await shot(page, `withdraw-step2-${tag}`);
      await step2.getByRole('button', { name: text.confirm }).click();
      await expect(page.getByText(text.received)).toBeVisible();
      await expect(page.getByRole('list', { name: language === 'sv' ? 'Orderstatus' : 'Order status' })).toContainText(
        text.requested,
      );
      // One line is left to withdraw, so the button stays.
      await expect(page.getByRole('button', { name: text.withdraw, exact: true })).toBeVisible();
      await shot(page, `withdraw-received-${tag}`);

      // The printable standard form, filled in from the order.
      await page.getByRole('link', { name: text.form }).click();
      for (const title of ['Standardformulär för utövande av ångerrätt', 'Model withdrawal form']) {
        const sheet = page.getByRole('region', { name: title });
        await expect(sheet.getByRole('heading', { name: title })).toBeVisible();
        await expect(sheet).toContainText('Emma Karlsson');
        await expect(sheet).toContainText(order.orderNumber);
        for (const name of LINES) await expect(sheet).toContainText(`1 × ${name}`);
      }
      await shot(page, `withdrawal-form-${tag}`);

      // The seller: Returns in My Shop, then the order with the offered refund.
      const seller = await pageAs(browser, baseURL, viewport);
      await signIn(seller.page, ACCOUNTS.anna);
      if (language === 'sv') await chooseSvenska(seller.page);
      await seller.page.goto('/my_shop_menu');
      await seller.page.getByRole('link', { name: text.returns, exact: true }).click();
      await expect(seller.page.getByRole('heading', { name: text.returns, level: 1 })).toBeVisible();
      const row = seller.page.getByRole('row').filter({ hasText: order.orderNumber });
      await expect(row).toContainText('Emma Karlsson');
      await expect(row).toContainText(text.requested);
      await shot(seller.page, `returns-${tag}`);
      await row.getByRole('link', { name: order.orderNumber }).click();
      await expect(seller.page.getByLabel(text.amount)).toHaveValue(order.refund.toFixed(2));
      await shot(seller.page, `seller-decision-${tag}`);
      await seller.page.getByRole('button', { name: text.accept }).click();
      await expect(seller.page.getByRole('heading', { name: new RegExp(text.accepted) })).toBeVisible();
      await seller.context.close();

      // The buyer sees the refund.
      await page.goto(`/order/${order._id}`);
      const card = page.getByRole('article').filter({ hasText: text.accepted });
      await expect(card).toContainText(text.refund);
      await expect(card).toContainText(text.money(order.refund));
      await shot(page, `buyer-refunded-${tag}`);
    });
  }
}

test('an admin finds the open withdrawals older than 14 days from the admin menu', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/admin_menu');
  await page.getByRole('link', { name: 'Overdue withdrawals' }).click();
  await expect(page.getByRole('heading', { name: 'Overdue withdrawals', level: 1 })).toBeVisible();
  // The demo's open withdrawal is two days old: not overdue.
  await expect(page.getByText('No open withdrawals older than 14 days.')).toBeVisible();
});
