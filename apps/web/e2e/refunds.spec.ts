import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmInPage } from './support/answer-confirm';
import { productNamed } from './support/catalog';
import { ACCOUNTS, bearer, signIn, signInByApi } from './support/sign-in';

// Refunds: the seller refunds one of two items of a paid PayPal order from the order page (with
// a confirmation), the money goes back through the PayPal stand-in, and the buyer sees the order
// partly refunded, on the order and in their order history; in English on a laptop and in
// Svenska on a phone, each screen also looked at in the other size.

const PAYPAL_PORT = Number(process.env.E2E_PAYPAL_PORT ?? 3130);
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/refunds-shots';
const PRODUCT = 'Randig tröja Skärgård'; // Annas Ateljé: Swish and PayPal
const SIZES = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1366, height: 900 },
} as const;

/** Two of the product, ordered by the demo customer and paid through the PayPal stand-in. */
async function paidPaypalOrder(request: APIRequestContext): Promise<{ id: string; price: number }> {
  const product = await productNamed(request, PRODUCT);
  const buyer = await signInByApi(request, ACCOUNTS.customer);
  const placed = await request.post('/api/orders', {
    headers: bearer(buyer),
    data: {
      orderItems: [{ product: product._id, qty: 2 }],
      shippingAddress: {
        fullName: 'Emma Karlsson',
        address: 'Storgatan 1',
        city: 'Umeå',
        postalCode: '903 25',
        country: 'Sverige',
      },
      paymentMethod: 'PayPal',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { order: { _id: string } }).order._id;
  const started = await request.post(`/api/orders/${id}/paypal`, { headers: bearer(buyer) });
  expect(started.ok(), await started.text()).toBe(true);
  const paypalId = ((await started.json()) as { id: string }).id;
  // The buyer approves and pays in PayPal's window (the stand-in's control), then the browser says so.
  const completed = await request.post(`http://127.0.0.1:${PAYPAL_PORT}/__standin/orders/${paypalId}/complete`);
  expect(completed.ok()).toBe(true);
  const paid = await request.put(`/api/orders/${id}/pay`, { headers: bearer(buyer), data: { id: paypalId } });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { id, price: product.price };
}

async function toSvenska(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

/** The screen at both widths, without sideways scrolling, saved for a look. */
async function shots(page: Page, name: string, focus: string | RegExp): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByText(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png` });
  }
}

const JOURNEYS = [
  {
    language: 'en',
    viewport: SIZES.laptop,
    texts: {
      form: 'Refund',
      item: PRODUCT,
      amount: 'Amount (SEK)',
      note: 'Note to the buyer (optional)',
      submit: 'Refund buyer',
      question: (price: string) => `Refund ${price} to the buyer? This cannot be undone.`,
      yes: 'Yes, refund',
      done: 'Order was refunded.',
      partly: 'Partly refunded',
      refundedOn: (price: string) => `${price} refunded on`,
      back: 'Back to the PayPal account it was paid from.',
      history: 'Partly refunded',
    },
    price: (sek: number) => `SEK ${sek.toFixed(2)}`,
    decimals: (sek: number) => sek.toFixed(2),
  },
  {
    language: 'sv',
    viewport: SIZES.phone,
    texts: {
      form: 'Återbetalning',
      item: PRODUCT,
      amount: 'Belopp (kr)',
      note: 'Meddelande till köparen (valfritt)',
      submit: 'Återbetala köparen',
      question: (price: string) => `Återbetala ${price} till köparen? Det går inte att ångra.`,
      yes: 'Ja, återbetala',
      done: 'Återbetalningen är gjord.',
      partly: 'Delvis återbetald',
      refundedOn: (price: string) => `${price} återbetalt`,
      back: 'Tillbaka till PayPal-kontot som betalade.',
      history: 'Delvis återbetald',
    },
    price: (sek: number) => `${sek.toFixed(2).replace('.', ',')}\u00a0kr`,
    decimals: (sek: number) => sek.toFixed(2).replace('.', ','),
  },
] as const;

for (const journey of JOURNEYS) {
  test(`in ${journey.language} at ${journey.viewport.width} px the seller refunds one of two items of a PayPal order and the buyer sees it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { texts } = journey;
    const order = await paidPaypalOrder(page.request);
    const price = journey.price(order.price);

    await page.setViewportSize(journey.viewport);
    await signIn(page, ACCOUNTS.anna);
    await page.goto(`/order/${order.id}`);
    if (journey.language === 'sv') await toSvenska(page);
    const form = page.getByRole('form', { name: texts.form });
    await expect(form).toBeVisible();
    // Choosing the item fills in the price of both; one of two is refunded.
    await form.getByRole('checkbox', { name: texts.item }).check();
    await expect(form.getByLabel(texts.amount)).toHaveValue(journey.decimals(order.price * 2));
    await form.getByRole('combobox').selectOption('1');
    await expect(form.getByLabel(texts.amount)).toHaveValue(journey.decimals(order.price));
    await form.getByLabel(texts.note).fill('Ena tröjan hade en fläck.');
    await shots(page, `refund-form-${journey.language}`, texts.note);
    await page.setViewportSize(journey.viewport);
    await confirmInPage(page, texts.question(price), texts.yes, () =>
      form.getByRole('button', { name: texts.submit }).click(),
    );
    await expect(page.getByText(texts.done)).toBeVisible();
    await expect(page.getByRole('list', { name: /Order status|Orderstatus/ })).toContainText(texts.partly);

    const buyerContext = await browser.newContext({ baseURL, viewport: journey.viewport });
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, ACCOUNTS.customer);
    await buyerPage.goto(`/order/${order.id}`);
    if (journey.language === 'sv') await toSvenska(buyerPage);
    await expect(buyerPage.getByRole('list', { name: /Order status|Orderstatus/ })).toContainText(texts.partly);
    const refunds = buyerPage.locator('.order-refunds');
    await expect(refunds).toContainText(texts.refundedOn(price));
    await expect(refunds).toContainText(texts.back);
    await expect(refunds).toContainText(`1 × ${PRODUCT}`);
    await expect(refunds).toContainText('Ena tröjan hade en fläck.');
    // The buyer cannot refund.
    await expect(buyerPage.getByRole('form', { name: texts.form })).toHaveCount(0);
    await shots(buyerPage, `refund-buyer-${journey.language}`, texts.back);

    await buyerPage.setViewportSize(journey.viewport);
    await buyerPage.goto('/orderhistory');
    await expect(buyerPage.getByRole('row').filter({ hasText: order.id })).toContainText(texts.history);
    await buyerContext.close();
  });
}
