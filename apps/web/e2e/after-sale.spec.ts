import { expect, type Page, test } from '@playwright/test';
import { productNamed } from './support/catalog';
import { placeOrderByApi } from './support/checkout';
import { ACCOUNTS, signIn, signInByApi } from './support/sign-in';

// After the sale: the seller marks a Swish order paid (its date starts as today) and ships it with
// a PostNord tracking number, and the buyer's order shows the tracking link; the buyer asks a
// question on the order and the seller, told by the unread count in the list, answers.

const PRODUCT = 'Randig tröja Skärgård'; // Annas Ateljé: Swish and PayPal

async function freshSwishOrder(page: Page): Promise<string> {
  const product = await productNamed(page.request, PRODUCT);
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  return placeOrderByApi(page.request, buyer, product._id, 'Swish');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px the seller ships with a PostNord tracking number and the buyer's order links to it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const orderId = await freshSwishOrder(page);

    await signIn(page, ACCOUNTS.anna);
    await page.goto(`/order/${orderId}`);
    // Marking it paid: the date is today unless the seller changes it.
    await page.getByRole('checkbox', { name: 'Paid' }).check();
    // Today in Stockholm, as the marketplace counts days (between 23:00 and midnight UTC it is
    // already tomorrow there).
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    await expect(page.getByLabel('Payment date')).toHaveValue(today);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText('Order was updated.')).toBeVisible();
    await expect(page.getByText(`Paid at ${today}`)).toBeVisible();

    await page.getByLabel('Carrier').selectOption('PostNord');
    await page.getByLabel('Tracking number (optional)').fill('UA 987 654 321 SE');
    await page.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(page.getByText('Order was shipped.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update shipment' })).toBeVisible();

    const buyerContext = await browser.newContext({ baseURL, viewport });
    const buyerPage = await buyerContext.newPage();
    await signIn(buyerPage, ACCOUNTS.customer);
    await buyerPage.goto(`/order/${orderId}`);
    await expect(buyerPage.getByRole('list', { name: 'Order status' })).toContainText(`Shipped on ${today}`);
    const track = buyerPage.getByRole('link', { name: 'Track the parcel at PostNord' });
    await expect(track).toHaveAttribute('href', 'https://tracking.postnord.com/se/?id=UA987654321SE');
    await expect(track).toHaveAttribute('target', '_blank');
    await expect(buyerPage.getByRole('link', { name: 'UA987654321SE' })).toBeVisible();
    // The buyer cannot ship.
    await expect(buyerPage.getByRole('button', { name: 'Mark as shipped' })).toHaveCount(0);
    await buyerPage.goto('/orderhistory');
    await expect(buyerPage.getByRole('row').filter({ hasText: orderId })).toContainText(`Shipped ${today}`);
    await buyerContext.close();
  });
}

test('a buyer asks a question on the order and the seller answers', async ({ page, browser, baseURL }) => {
  const orderId = await freshSwishOrder(page);

  await signIn(page, ACCOUNTS.customer);
  await page.goto(`/order/${orderId}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await expect(thread.getByText('No messages yet.', { exact: false })).toBeVisible();
  await thread
    .getByLabel('Write a message')
    .fill('Hej! Finns tröjan i storlek M? Jag såg https://example.se/storlekar.');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread.getByRole('listitem')).toContainText('Hej! Finns tröjan i storlek M?');
  // The address in the text is a link that leaves the page; the full stop after it is not part of it.
  await expect(thread.getByRole('link', { name: 'https://example.se/storlekar' })).toHaveAttribute(
    'href',
    'https://example.se/storlekar',
  );
  await expect(thread.getByLabel('Write a message')).toHaveValue('');

  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, ACCOUNTS.anna);
  await sellerPage.goto('/orderlist/seller');
  const row = sellerPage.getByRole('row').filter({ hasText: orderId });
  await expect(row).toContainText('1 new message');
  await row.getByRole('link', { name: /^Details/ }).click();
  const sellerThread = sellerPage.getByRole('region', { name: 'Messages' });
  await expect(sellerThread).toContainText('Hej! Finns tröjan i storlek M?');
  await expect(sellerThread).toContainText('Emma Karlsson');
  await sellerThread.getByLabel('Write a message').fill('Hej Emma! Ja, M finns. Jag skickar den i morgon.');
  await sellerThread.getByRole('button', { name: 'Send message' }).click();
  await expect(sellerThread.getByRole('listitem')).toHaveCount(2);
  // Read now: the list no longer counts it.
  await sellerPage.goto('/orderlist/seller');
  await expect(sellerPage.getByRole('row').filter({ hasText: orderId })).not.toContainText('new message');
  await sellerContext.close();

  await page.goto('/orderhistory');
  await expect(page.getByRole('row').filter({ hasText: orderId })).toContainText('1 new message');
  await page.goto(`/order/${orderId}`);
  const items = thread.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest last.
  await expect(items.nth(1)).toContainText('Ja, M finns. Jag skickar den i morgon.');
  await expect(items.nth(1)).toContainText('Seller');
});
