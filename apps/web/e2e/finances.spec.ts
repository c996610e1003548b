import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { placeOrderByApi } from './support/checkout';
import { registerByApi } from './support/session';
import { ACCOUNTS, bearer, type SignedIn, signIn, signInByApi } from './support/sign-in';

// The marketplace's money on both sides: a PayPal shop sees a sale's money arrive less commission
// and moms and downloads the month's statement, whose entries run from the opening to the closing
// balance; the admin's Finances screen shows the balances, the earnings by month and the entries,
// books a confirmed correction once, asks a seller who owes to pay by Swish and marks it received.
// Each in English and Svenska, on a phone and a laptop.

const PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? 3130);
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;
const LANGUAGES = [
  { language: 'en', size: SIZES[1] },
  { language: 'sv', size: SIZES[0] },
] as const;

async function fitsWidth(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** English is the browser's (playwright.config.ts); Svenska is chosen with the header's switch. */
async function chooseLanguage(page: Page, language: 'en' | 'sv'): Promise<void> {
  await page.goto('/');
  if (language === 'sv') await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A product of `seller`, any one in stock. */
async function productOf(request: APIRequestContext, seller: string): Promise<string> {
  const res = await request.get(`/api/products?seller=${seller}`);
  expect(res.ok(), await res.text()).toBe(true);
  const { products } = (await res.json()) as { products: { _id: string; countInStock: number }[] };
  const product = products.find((p) => p.countInStock > 0);
  if (!product) throw new Error('the shop has nothing in stock');
  return product._id;
}

/** The demo customer buys one item from Johan (PayPal) and pays through the PayPal stand-in. */
async function paidPaypalSale(request: APIRequestContext, johan: SignedIn): Promise<{ number: string; total: number }> {
  const customer = await signInByApi(request, ACCOUNTS.customer);
  const orderId = await placeOrderByApi(request, customer, await productOf(request, johan._id), 'PayPal');
  const started = await request.post(`/api/orders/${orderId}/paypal`, { headers: bearer(customer) });
  expect(started.ok(), await started.text()).toBe(true);
  const paypalId = ((await started.json()) as { id: string }).id;
  const done = await request.post(`http://127.0.0.1:${PAYPAL_PORT}/__standin/orders/${paypalId}/complete`);
  expect(done.ok(), await done.text()).toBe(true);
  const paid = await request.put(`/api/orders/${orderId}/pay`, { headers: bearer(customer), data: { id: paypalId } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const order = (await paid.json()) as { orderNumber: string; totalPrice: number };
  return { number: order.orderNumber, total: order.totalPrice };
}

/** '−12,34 kr' / 'SEK -12.34' as öre (the minus may be U+2212). */
function shownOre(text: string): number {
  const negative = /[−-]/.test(text);
  const digits = text.replace(/[^\d]/g, '');
  return (negative ? -1 : 1) * Number(digits);
}

for (const { language, size } of LANGUAGES) {
  const sv = language === 'sv';

  test(`a PayPal shop sees a sale arrive less commission and downloads the statement (${language}, ${size.width} px)`, async ({
    page,
    request,
  }) => {
    const johan = await signInByApi(request, ACCOUNTS.johan);
    const sale = await paidPaypalSale(request, johan);
    await page.setViewportSize(size);
    await signIn(page, ACCOUNTS.johan);
    await chooseLanguage(page, language);
    await page.goto('/my_shop_menu');
    const section = page.getByRole('main').getByRole('region', { name: sv ? 'Ekonomi' : 'Finances' });
    const rows = section.getByRole('table').getByRole('row').filter({ hasText: sale.number });
    // Plan 2: the total in, 5 % commission and 25 % moms on it out.
    const totalOre = Math.round(sale.total * 100);
    const commissionOre = Math.round((totalOre * 500) / 10_000);
    const vatOre = Math.round((commissionOre * 2_500) / 10_000);
    const collected = rows.filter({ hasText: sv ? 'Försäljning betald via marknadsplatsen' : 'Sale paid through' });
    await expect(collected).toHaveCount(1);
    expect(shownOre((await collected.locator('td').last().textContent()) ?? '')).toBe(totalOre);
    const commission = rows.filter({ hasText: sv ? /^.*Provision.*5 %/ : /Commission.*5 %/ });
    await expect(commission.first()).toBeVisible();
    expect(shownOre((await commission.first().locator('td').last().textContent()) ?? '')).toBe(-commissionOre);
    const vat = rows.filter({ hasText: sv ? 'Moms på provision' : 'VAT on commission' });
    expect(shownOre((await vat.locator('td').last().textContent()) ?? '')).toBe(-vatOre);

    // The statement of this month: opening, entries, closing; the closing is the balance.
    const balanceText = await section
      .locator('.sales-figure')
      .filter({ hasText: sv ? 'Saldo' : 'Balance' })
      .locator('.sales-figure-value')
      .textContent();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: sv ? 'Ladda ner kontoutdrag (CSV)' : 'Download statement (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^torget-statement-\d{4}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,entry,order,rate_percent,amount,note');
    const amounts = lines.slice(1).map((line) => Math.round(Number(line.split(',')[4]) * 100));
    expect(lines[1]).toContain(',opening_balance,');
    expect(lines.at(-1)).toContain(',closing_balance,');
    const inner = amounts.slice(1, -1).reduce((sum, ore) => sum + ore, 0);
    expect((amounts[0] ?? 0) + inner).toBe(amounts.at(-1));
    expect(amounts.at(-1)).toBe(shownOre(balanceText ?? ''));
    expect(lines.some((line) => line.includes(`,sale_collected,${sale.number},,${sale.total.toFixed(2)},`))).toBe(true);

    // The printable statement: the same month, with its opening and closing balance.
    await section.getByRole('link', { name: sv ? 'Kontoutdrag för utskrift' : 'Printable statement' }).click();
    await expect(page).toHaveURL(/\/my_shop_statement\/\d{4}-\d{2}$/);
    const printable = page.getByRole('main');
    await expect(printable.getByRole('heading', { level: 1 })).toContainText(sv ? 'Kontoutdrag' : 'Statement');
    await expect(printable.getByRole('row').filter({ hasText: sale.number }).first()).toBeVisible();
    await expect(printable.getByRole('button', { name: sv ? 'Skriv ut' : 'Print' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(printable.getByRole('button', { name: sv ? 'Skriv ut' : 'Print' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await fitsWidth(page);
  });

  test(`the admin's Finances: balances, earnings, entries, a correction and a Swish payment request (${language}, ${size.width} px)`, async ({
    page,
    request,
  }) => {
    const admin = await signInByApi(request, ACCOUNTS.admin);
    // A fresh seller on plan 1 who owes: a correction books what a Swish sale's commission would.
    const sellerId = (await registerByApi(request, `Skuldsatt ${language}`))._id;
    const made = await request.put(`/api/users/${sellerId}`, { headers: bearer(admin), data: { is_seller: true } });
    expect(made.ok(), await made.text()).toBe(true);
    const swish = await request.put('/api/fees', {
      headers: bearer(admin),
      data: { plans: {}, swish_number: '1234567890' },
    });
    expect(swish.ok(), await swish.text()).toBe(true);

    await page.setViewportSize(size);
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, language);
    await page.goto('/admin_menu');
    await page
      .getByRole('navigation', { name: sv ? 'Adminmeny' : 'Admin menu' })
      .getByRole('link', { name: sv ? 'Ekonomi' : 'Finances' })
      .click();
    await expect(page).toHaveURL(/\/admin_finances$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: sv ? 'Ekonomi' : 'Finances' })).toBeVisible();
    // Each list is a region in its section of the same name: the inner one is the table's.
    const earnings = main.getByRole('region', { name: sv ? 'Intäkter per månad' : 'Earnings by month' }).last();
    await expect(earnings.getByRole('row').nth(1)).toContainText(/\d{4}-\d{2}/);

    // A correction, confirmed, with its note; a double click books once (the Idempotency-Key).
    const correction = main.getByRole('region', { name: sv ? 'Rättelse' : 'Correction' });
    await correction.getByLabel(sv ? 'Säljare' : 'Seller').selectOption({ label: `Skuldsatt ${language}` });
    await correction.getByLabel(sv ? 'Belopp (kr)' : 'Amount (SEK)').fill('-37.25');
    await correction.getByLabel(sv ? 'Anteckning' : 'Note').fill('Provision för en Swishförsäljning');
    const question = sv
      ? /^Bokför .* för Skuldsatt sv\? En post ändras aldrig; ett misstag kräver en ny rättelse\.$/
      : /^Book .* for Skuldsatt en\? An entry is never changed; a mistake needs another correction\.$/;
    await correction.getByRole('button', { name: sv ? 'Bokför rättelse' : 'Book correction' }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: sv ? 'Bokför rättelse' : 'Book correction', exact: true }).click();
    await expect(correction.getByText(sv ? 'Rättelsen är bokförd.' : 'Correction booked.')).toBeVisible();
    const entries = await request.get(`/api/ledger?seller=${sellerId}`, { headers: bearer(admin) });
    expect(((await entries.json()) as { amount: number }[]).map((e) => e.amount)).toEqual([-37.25]);

    // The balances show what they owe; the entries filter to them.
    const balances = main.getByRole('region', { name: sv ? 'Saldon' : 'Balances' }).last();
    const row = balances.getByRole('row').filter({ hasText: `Skuldsatt ${language}` });
    await expect(row).toContainText(/37[.,]25/);
    await row.getByRole('button', { name: new RegExp(`^${sv ? 'Poster' : 'Entries'}`) }).click();
    const list = main.getByRole('region', { name: sv ? 'Poster' : 'Entries' }).last();
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(list.getByRole('row').nth(1)).toContainText('Provision för en Swishförsäljning');

    // Ask them to pay by Swish, then mark it received: the balance is back to 0.
    await row.getByRole('button', { name: new RegExp(`^${sv ? 'Begär betalning' : 'Request payment'}`) }).click();
    const ask = page.getByRole('dialog', {
      name: sv ? /^Be Skuldsatt sv betala 37,25\s?kr med Swish\?$/u : /^Ask Skuldsatt en to pay SEK 37\.25 by Swish\?$/,
    });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: sv ? 'Begär betalning' : 'Request payment', exact: true }).click();
    const requests = main.getByRole('region', { name: sv ? 'Betalningsbegäranden' : 'Payment requests' }).last();
    const open = requests.getByRole('row').filter({ hasText: `Skuldsatt ${language}` });
    await expect(open).toContainText(/Torget B-\d+/);
    const reference = ((await open.textContent()) ?? '').match(/Torget B-\d+/)?.[0] ?? '';
    await open.getByRole('button', { name: new RegExp(`^${sv ? 'Markera som mottagen' : 'Mark received'}`) }).click();
    const received = page.getByRole('dialog');
    await expect(received).toContainText(reference);
    await received.getByRole('button', { name: sv ? 'Markera som mottagen' : 'Mark received', exact: true }).click();
    await expect(open).toContainText(sv ? 'Mottagen' : 'Received');
    await expect(row).toContainText(sv ? /0,00/ : /0\.00/);
    await fitsWidth(page);
  });
}

test('a seller who owes sees the Swish number, the amount and a QR code', async ({ page, request }) => {
  const admin = await signInByApi(request, ACCOUNTS.admin);
  const sara = await signInByApi(request, ACCOUNTS.sara);
  await request.put('/api/fees', { headers: bearer(admin), data: { plans: {}, swish_number: '1234567890' } });
  // Sara (plan 1) owes 12.50 after a correction; the admin asks her to pay.
  const booked = await request.post('/api/ledger/corrections', {
    headers: bearer(admin),
    data: { seller: sara._id, amount: -12.5, note: 'Provision' },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const asked = await request.post('/api/ledger/payment-requests', {
    headers: bearer(admin),
    data: { seller: sara._id },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { reference, _id } = (await asked.json()) as { reference: string; _id: string };

  await signIn(page, ACCOUNTS.sara);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/my_shop_menu');
    const section = page.getByRole('main').getByRole('region', { name: 'Finances' });
    await expect(section).toContainText(`Pay it by Swish with the reference ${reference} as message.`);
    const swish = section.getByRole('region', { name: 'Pay what you owe with Swish' });
    await expect(swish).toContainText('1234567890');
    await expect(swish.getByRole('img', { name: 'Swish QR code' })).toBeVisible();
    await fitsWidth(page);
  }
  // Settled, so later runs start from nothing owed.
  const done = await request.put(`/api/ledger/payment-requests/${_id}/received`, { headers: bearer(admin) });
  expect(done.ok(), await done.text()).toBe(true);
});
