import { expect, type Page, test } from '@playwright/test';
import { type SmtpListener, startSmtpListener } from '../../api/src/test/smtp-listener';
import { productNamed } from './support/catalog';
import { cartLines, placeOrderByApi, SHOPS, sek } from './support/checkout';
import { mailText } from './support/mail-text';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// Order numbers people can read (T-100001) on the order page, in the lists and in the
// mail; "Open Swish" ("Öppna Swish") on a phone with the payment filled in; calm status badges; checkout steps
// that never show the old form under the new URL and place one order however often one clicks.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
// Annas Ateljé (Swish and PayPal); its T-shirt has 24 in stock, so these orders leave the striped
// jumper to the specs that look at it.
const SWISH_PRODUCT = 'T-shirt i ekologisk bomull';

let smtp: SmtpListener;
test.beforeAll(async () => {
  smtp = await startSmtpListener(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp?.close();
});

interface OrderJson {
  _id: string;
  orderNumber: string;
  totalPrice: number;
}

async function orderJson(page: Page, id: string): Promise<OrderJson> {
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const response = await page.request.get(`/api/orders/${id}`, { headers: bearer(buyer) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OrderJson;
}

/** How many orders the demo customer has placed (the history's X-Total-Count). */
async function myOrderCount(page: Page): Promise<number> {
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const response = await page.request.get('/api/orders/mine', { headers: bearer(buyer) });
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`the order number on the order page and in the buyer's, seller's and admin's lists at ${viewport.width}px`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const product = await productNamed(page.request, SWISH_PRODUCT);
    const buyer = await signInByApi(page.request, ACCOUNTS.customer);
    const id = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
    const { orderNumber } = await orderJson(page, id);
    expect(orderNumber).toMatch(/^T-\d{6,}$/);

    await signIn(page, ACCOUNTS.customer);
    await page.goto(`/order/${id}`);
    // The heading is the number; the id sits under it in small text.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.locator('.order-id-line')).toHaveText(`Order ID ${id}`);

    await page.goto('/orderhistory');
    const historyRow = page.getByRole('row').filter({ hasText: id });
    await expect(historyRow.getByRole('cell').first()).toContainText(orderNumber);
    await expect(historyRow.getByText(orderNumber, { exact: true })).toBeVisible();

    for (const [account, path] of [
      [ACCOUNTS.anna, '/orderlist/seller'],
      [ACCOUNTS.admin, '/orderlist'],
    ] as const) {
      const other = await browser.newContext({ baseURL, viewport });
      const otherPage = await other.newPage();
      await signIn(otherPage, account);
      await otherPage.goto(path);
      const row = otherPage.getByRole('row').filter({ hasText: id });
      await expect(row.getByText(orderNumber, { exact: true }), path).toBeVisible();
      await other.close();
    }
    await context.close();
  });
}

test('the order confirmation mail carries the order number', async ({ page }) => {
  const product = await productNamed(page.request, SWISH_PRODUCT);
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const id = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
  const { orderNumber } = await orderJson(page, id);
  const mailOf = (to: string) => smtp.inbox.find((mail) => mail.to.includes(to) && mailText(mail.raw).includes(id));
  await expect
    .poll(() => Boolean(mailOf('kund@torget.se') && mailOf('anna@torget.se')), { timeout: 15_000 })
    .toBe(true);
  for (const to of ['kund@torget.se', 'anna@torget.se']) {
    expect(mailText(mailOf(to)?.raw ?? '')).toContain(`Ordernummer / Order number: ${orderNumber}`);
  }
});

test('on a phone, "Open Swish" sits at the top and opens Swish with the payee, the amount and the order number', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const product = await productNamed(page.request, SWISH_PRODUCT);
  const buyer = await signIn(page, ACCOUNTS.customer);
  const id = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
  const order = await orderJson(page, id);
  await page.goto(`/order/${id}`);

  const open = page.getByRole('link', { name: 'Open Swish' });
  await expect(open).toBeInViewport();
  const panel = page.getByRole('region', { name: 'Swish on this phone' });
  await expect(panel).toContainText(sek(order.totalPrice));
  const href = (await open.getAttribute('href')) ?? '';
  expect(href.startsWith('swish://payment?data=')).toBe(true);
  const data = JSON.parse(decodeURIComponent(href.slice('swish://payment?data='.length)));
  expect(data).toMatchObject({
    version: 1,
    payee: { value: SHOPS.anna.swishNumber },
    amount: { value: order.totalPrice },
    message: { value: order.orderNumber },
  });
  // The QR code is still there further down, for paying from another phone.
  await expect(page.getByRole('img', { name: 'Swish QR code' })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

test('on a desktop the QR code with a line to scan it, and calm badges until something is done', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  const product = await productNamed(page.request, SWISH_PRODUCT);
  const buyer = await signIn(page, ACCOUNTS.customer);
  const id = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
  await page.goto(`/order/${id}`);

  const swish = page.getByRole('region', { name: 'Pay with Swish' });
  await expect(swish.getByRole('img', { name: 'Swish QR code' })).toBeVisible();
  await expect(swish).toContainText('Scan the QR code with the Swish app');
  await expect(page.getByRole('link', { name: 'Open Swish' })).toBeHidden();

  const badges = page.getByRole('list', { name: 'Order status' });
  await expect(badges.getByRole('listitem')).toHaveText(['Awaiting payment', 'Not yet delivered']);
  // The established texts stay, in calm (not red) boxes.
  const notPaid = page.getByText('Not Paid', { exact: true });
  await expect(notPaid).toBeVisible();
  await expect(page.getByText('Not Delivered', { exact: true })).toBeVisible();
  const danger = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-danger-bg'),
  );
  for (const box of await page.locator('.status-box').all()) {
    const background = await box.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe(hexToRgbString(danger.trim()));
  }

  // The seller marks it paid: the badge gives the day, the box keeps "Paid at".
  const anna = await signInByApi(page.request, ACCOUNTS.anna);
  const update = await page.request.put(`/api/orders/${id}/update`, {
    headers: bearer(anna),
    data: { is_paid: true, paid_date: '2026-11-20', is_delivered: false, delivered_date: '' },
  });
  expect(update.ok()).toBe(true);
  await page.reload();
  await expect(badges.getByRole('listitem')).toHaveText(['Paid on 2026-11-20', 'Not yet delivered']);
  await expect(page.getByText('Paid at 2026-11-20')).toBeVisible();
  await context.close();
});

/** '#fdecec' → 'rgb(253, 236, 236)', as getComputedStyle answers. */
function hexToRgbString(hex: string): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(value.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test('checkout: each step replaces the last before its URL shows, and double clicks place one order', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.customer);
  // What each frame shows, as "path|heading" and for how many frames in a row; page chunks come
  // slowly, as on a phone network.
  await page.addInitScript(() => {
    const seen: [string, number][] = [];
    (window as unknown as { paintedSteps: [string, number][] }).paintedSteps = seen;
    const sample = () => {
      const now = `${location.pathname}|${document.querySelector('h1')?.textContent ?? ''}`;
      const last = seen.at(-1);
      if (last?.[0] === now) last[1] += 1;
      else seen.push([now, 1]);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const product = await productNamed(page.request, SWISH_PRODUCT);
  const before = await myOrderCount(page);

  await page.goto(`/cart/${product._id}/1`);
  await expect(cartLines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  // A missing field: the shared schema's message under it, and the step stays.
  const city = page.getByLabel('City');
  const cityBefore = await city.inputValue();
  await city.fill(' ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('City is required.');
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/shipping$/);
  await city.fill(cityBefore);
  await page.getByRole('button', { name: 'Continue' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  await page.getByRole('radio', { name: 'Swish' }).check();
  await page.getByRole('button', { name: 'Continue' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Place Order' })).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('T-');

  expect(await myOrderCount(page)).toBe(before + 1);
  const painted = await page.evaluate(() => (window as unknown as { paintedSteps: [string, number][] }).paintedSteps);
  // The router sets the URL a moment before React draws the next page, so a frame or two may fall
  // between (more on a busy machine); before, the old form stayed up for as long as the next
  // page's chunk took to come (400 ms here, some 24 frames).
  const stale = painted.filter(
    ([frame, frames]) =>
      frames > 6 &&
      (frame.startsWith('/payment|Shipping') ||
        frame.startsWith('/placeorder|Payment') ||
        (frame.startsWith('/order/') && frame.endsWith('|Place Order'))),
  );
  expect(stale, painted.map(([frame, frames]) => `${frame} ×${frames}`).join('\n')).toEqual([]);
  await context.close();
});
