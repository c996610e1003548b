import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { bearer, type SignedIn } from './sign-in';

/** The demo shops of the seed used by the checkout journeys (apps/api/src/seed/seed-data.ts). */
export const SHOPS = {
  /** Anna: Swish (1231181189) and PayPal. */
  anna: { name: 'Annas Ateljé', swishNumber: '1231181189' },
  /** Karin: Swish only. */
  karin: { name: 'Bokhörnan i Uppsala', swishNumber: '1232345178' },
  /** Erik: PayPal only. */
  erik: { name: 'Nordisk Elektronik' },
} as const;

/** 'SEK 12.50' for a SEK amount times a quantity, computed in öre as the app does. */
export function sek(amount: number, qty = 1): string {
  return `SEK ${((Math.round(amount * 100) * qty) / 100).toFixed(2)}`;
}

/** GET /api/products/{id}: the product's stock now. */
export async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const response = await request.get(`/api/products/${productId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { countInStock: number }).countInStock;
}

/** POST /api/orders as `buyer`: one item of `productId`, shipped to the demo customer; answers the order id. */
export async function placeOrderByApi(
  request: APIRequestContext,
  buyer: SignedIn,
  productId: string,
  paymentMethod: 'PayPal' | 'Swish',
  variantId?: string,
): Promise<string> {
  const placed = await request.post('/api/orders', {
    headers: bearer(buyer),
    data: {
      orderItems: [{ product: productId, qty: 1, ...(variantId ? { variant: variantId } : {}) }],
      shippingAddress: {
        fullName: 'Emma Karlsson',
        address: 'Storgatan 1',
        city: 'Umeå',
        postalCode: '903 25',
        country: 'Sverige',
      },
      paymentMethod,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { _id: string } }).order._id;
}

export interface OrderJson {
  _id: string;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  paymentMethod: string;
  totalPrice: number;
  paymentResult?: { id: string; status: string };
}

/** GET /api/orders/{id} as `user`. */
export async function orderByApi(request: APIRequestContext, user: SignedIn, id: string): Promise<OrderJson> {
  const response = await request.get(`/api/orders/${id}`, { headers: bearer(user) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as OrderJson;
}

/** The cart's lines. */
export function cartLines(page: Page): Locator {
  return page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
}

/**
 * From the cart to a placed order, as a signed-in buyer whose address is saved on the server:
 * checkout, the prefilled address, `method` (which must be offered) and Place Order. Answers
 * the new order's id, read from the order page's address.
 */
export async function checkoutFromCart(page: Page, method: 'PayPal' | 'Swish'): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Emma Karlsson');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}
