/**
 * An order's checks on its products as read, and the rows it writes from them: the totals
 * (integer öre), and each line's snapshot of its product (name, image, prices, seller).
 */
import { randomUUID } from 'node:crypto';
import { type CartTotals, cartTotals, type PaymentMethod, paymentMethodsFor } from '@torget/shared/rules/orders';
import { lineName, VARIANT_MESSAGES } from '@torget/shared/rules/variants';
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import type { orders } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict } from '#api/lib/http-errors.ts';
import type { StoredVariant } from '#api/modules/catalog/variants.service.ts';
import type { OrderItemRow } from './order-json';
import type { StoredProduct } from './order-products-read';

/** The largest amount an integer öre column holds. */
const MAX_ORE = 2_147_483_647;

export interface Line {
  product: string;
  qty: number;
  /** The chosen variant of a product with variants. */
  variant?: string | undefined;
}

export interface Shop {
  id: string;
  email: string;
  name: string;
  swishNumber: string;
  methods: PaymentMethod[];
  /** A private person's shop: the consumer right of withdrawal does not apply to its sales. */
  isPrivate: boolean;
}

interface PricedLine {
  qty: number;
  product: StoredProduct;
  /** The variant bought, of a product with variants. */
  variant: StoredVariant | null;
}

/** What a line sells: its name, image, price and stock (the variant's where it has its own). */
function lineFacts({ product, variant }: PricedLine) {
  return {
    name: lineName(product.name, variant?.name),
    image: variant?.image || product.image,
    priceOre: variant?.priceOre ?? product.priceOre,
    countInStock: variant ? variant.countInStock : product.countInStock,
  };
}

/**
 * Each line with its product as stored; an unknown (or deleted) product is refused by id, and so
 * is a draft, a hidden and a removed product: nobody but its seller sees them, so nobody buys them.
 * A line of a product with variants names one of its variants; a line of one without names none.
 */
function pricedLines(
  lines: readonly Line[],
  found: Map<string, StoredProduct>,
  variants: Map<string, StoredVariant>,
): PricedLine[] {
  return lines.map((line) => {
    const product = found.get(line.product);
    if (!product || product.isDraft || product.hidden || product.removed)
      throw badRequest(`Product not found: ${line.product}. Please remove it from your cart.`);
    if (!product.hasVariants) {
      if (line.variant) throw badRequest(VARIANT_MESSAGES.unknownVariant);
      return { qty: line.qty, product, variant: null };
    }
    if (!line.variant) throw badRequest(VARIANT_MESSAGES.variantRequired);
    const variant = variants.get(line.variant);
    if (!variant || variant.productId !== product.id) throw badRequest(VARIANT_MESSAGES.unknownVariant);
    return { qty: line.qty, product, variant };
  });
}

/** The one seller of all lines; an order is between one buyer and one seller. */
function singleSeller(priced: readonly PricedLine[]): string {
  const [sellerId, ...others] = new Set(priced.map((p) => p.product.sellerId));
  if (!sellerId || others.length > 0) throw badRequest('All items in an order must come from one seller.');
  return sellerId;
}

/** The seller's shop as the order needs it; refused when the seller no longer sells. */
function activeShop(priced: readonly PricedLine[], sellerId: string): Shop {
  const seller = priced.find((p) => p.product.sellerId === sellerId)?.product.seller;
  if (!seller || seller.shopName === null || !seller.isSeller || seller.deletedAt) {
    throw badRequest('This seller is not selling at the moment. Please remove their items from your cart.');
  }
  const methods = paymentMethodsFor({
    has_paypal: seller.hasPaypal ?? false,
    has_swish: seller.hasSwish ?? false,
    swish_number: seller.swishNumber ?? '',
  });
  return {
    id: sellerId,
    email: seller.email,
    // A seller without a shop name yet is shown by their own name, as in the catalogue.
    name: seller.shopName || seller.name,
    swishNumber: methods.includes('Swish') ? (seller.swishNumber ?? '') : '',
    methods,
    isPrivate: seller.sellerType === 'private',
  };
}

/** Refuses the first line (in product id order) that asks for more than is left. */
function checkStock(priced: readonly PricedLine[]): void {
  for (const line of [...priced].sort((a, b) => (a.product.id < b.product.id ? -1 : 1))) {
    const { name, countInStock } = lineFacts(line);
    if (countInStock >= line.qty) continue;
    throw conflict(countInStock === 0 ? `${name} is sold out (0 left).` : `Only ${countInStock} left of ${name}.`);
  }
}

/** An order that passed every check: its lines with their products as read, the shop, the totals. */
export interface CheckedOrder {
  priced: PricedLine[];
  shop: Shop;
  totals: CartTotals;
}

/**
 * Every check of an order on its products as read, in the order the refusals are given: unknown
 * or draft product, one seller, the seller still selling, not one's own product, the payment
 * method, the stock, the total's size.
 */
export function checkOrder(
  buyer: AuthUser,
  input: CreateOrderInput,
  lines: readonly Line[],
  found: Map<string, StoredProduct>,
  variants: Map<string, StoredVariant> = new Map(),
): CheckedOrder {
  const priced = pricedLines(lines, found, variants);
  const shop = activeShop(priced, singleSeller(priced));
  if (shop.id === buyer.id) throw badRequest('You cannot buy your own products.');
  if (!shop.methods.includes(input.paymentMethod)) {
    throw badRequest(`${shop.name} does not accept ${input.paymentMethod}. Please choose another payment method.`);
  }
  checkStock(priced);
  const totals = cartTotals(
    priced.map((line) => ({
      qty: line.qty,
      priceOre: lineFacts(line).priceOre,
      shippingPriceOre: line.product.shippingPriceOre,
      vatRate: line.product.vatRate,
    })),
  );
  if (totals.totalOre > MAX_ORE) throw badRequest('The order total is too large. Please split the order.');
  return { priced, shop, totals };
}

/**
 * The rows an order writes, with ids made here (so the lines need not wait for the order's).
 * Each line keeps its product as read: name, image, prices and seller are the snapshot the order
 * shows, and what the fast path's guard compares the stored row with.
 */
export interface OrderRecord {
  order: typeof orders.$inferInsert & { id: string };
  items: OrderItemRow[];
}

export function orderRecord(
  buyer: AuthUser,
  input: CreateOrderInput,
  { priced, shop, totals }: CheckedOrder,
  placement: { language: 'sv' | 'en'; shopOnHost: string | null } = { language: 'en', shopOnHost: null },
): OrderRecord {
  const orderId = randomUUID();
  const items: OrderItemRow[] = priced.map((line) => {
    const { product, variant, qty } = line;
    const { name, image, priceOre } = lineFacts(line);
    return {
      id: randomUUID(),
      orderId,
      sellerId: shop.id,
      productId: product.id,
      name,
      image,
      qty,
      priceOre,
      shippingPriceOre: product.shippingPriceOre,
      vatRate: product.vatRate,
      variantId: variant?.id ?? null,
      variantName: variant?.name ?? null,
    };
  });
  const order = {
    id: orderId,
    userId: buyer.id,
    sellerId: shop.id,
    buyerName: buyer.name,
    sellerName: shop.name,
    sellerSwishNumber: shop.swishNumber,
    shippingFullName: input.shippingAddress.fullName,
    shippingAddress: input.shippingAddress.address,
    shippingCity: input.shippingAddress.city,
    shippingPostalCode: input.shippingAddress.postalCode,
    shippingCountry: input.shippingAddress.country,
    paymentMethod: input.paymentMethod,
    itemsPriceOre: totals.itemsOre,
    shippingPriceOre: totals.shippingOre,
    taxPriceOre: totals.taxOre,
    totalPriceOre: totals.totalOre,
    buyerLanguage: placement.language,
    placedOnShopDomain: placement.shopOnHost === shop.id,
  };
  return { order, items };
}
