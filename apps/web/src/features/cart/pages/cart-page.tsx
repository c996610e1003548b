import { useQueryClient } from '@tanstack/react-query';
import type { ProductDetails } from '@torget/shared/api-types.generated';
import { oreToSek, sekToOre } from '@torget/shared/rules/money';
import { addToCart, type CartItem, cartLineKey, cartTotals } from '@torget/shared/rules/orders';
import { payablePrice } from '@torget/shared/rules/sale-prices';
import { lineName, variantName } from '@torget/shared/rules/variants';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { productQueryOptions } from '#web/api/get-product.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
import { parseCartItems, useCartItems } from '#web/hooks/use-cart-items.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useFormat } from '#web/hooks/use-format.ts';
import { changeQuantity, removeFromCart, saveCartItems } from '#web/lib/cart-storage.ts';
import { mainHostUrl, productBelongsOnMainHost } from '#web/lib/hosts.ts';
import { i18n } from '#web/lib/i18n.ts';
import { readRaw, STORAGE_KEYS } from '#web/lib/storage.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../cart.css';

/** The quantity of `/cart/{id}/{qty}`: 1 unless the route names a whole number of at least 1. */
function requestedQty(param: string | undefined): number {
  const qty = Number(param ?? 1);
  return Number.isInteger(qty) && qty >= 1 ? qty : 1;
}

/**
 * The cart conflict in the UI language: the shared rule's sentence names the shop, so the
 * catalogue's key is that sentence with the name as a placeholder (locales/sv.ts).
 */
function conflictText(message: string, sellerName: string): string {
  if (sellerName === '' || !message.includes(sellerName)) return i18n.t(message);
  return i18n.t(message.split(sellerName).join('{{name}}'), { name: sellerName });
}

/**
 * The cart line of the product, or of its variant `variantId` for a product with variants: the
 * variant's name in the line's ("Linneklänning – M, Blå"), its price, image and stock.
 */
function toCartItem(product: ProductDetails, qty: number, variantId: string | null): CartItem {
  const variant = (product.variants ?? []).find((v) => v._id === variantId) ?? null;
  const stock = variant ? variant.countInStock : product.countInStock;
  const named = variant ? variantName(variant.values) : null;
  return {
    product: product._id,
    name: lineName(product.name, named),
    image: variant?.image ?? product.image,
    // The price in force now: a variant's own price, else the product's (the sale price while a
    // sale runs), as the order is charged.
    price: variant?.price ?? payablePrice(product),
    countInStock: stock,
    qty: Math.min(qty, stock),
    shipping_price: product.shipping_price,
    shipping_info: product.shipping_info,
    seller: { _id: product.seller._id, name: product.seller.name, seller: { name: product.seller.seller.name } },
    vatRate: product.vatRate,
    ...(variant && named ? { variant: variant._id, variantName: named } : {}),
  };
}

/** Why the product (its variant) of `/cart/{id}/{qty}?variant=` cannot be added; null when it can. */
function addRefusal(product: ProductDetails, variantId: string | null): string | null {
  const variants = product.variants ?? [];
  if (variants.length === 0) {
    return product.countInStock < 1 ? i18n.t('{{name}} is not in stock.', { name: product.name }) : null;
  }
  const variant = variants.find((v) => v._id === variantId);
  if (!variant) return i18n.t('Choose a variant (such as a size) of every product that has them.');
  const name = lineName(product.name, variantName(variant.values));
  return variant.countInStock < 1 ? i18n.t('{{name}} is not in stock.', { name }) : null;
}

/**
 * Adds the product of `/cart/{id}/{qty}` (spec sections 2 and 4), then shows the plain cart at
 * /cart, so a reload does not add it again. Answers the error to show, if any.
 */
function useAddFromRoute(): { adding: boolean; error: string | null } {
  const { id, qty } = useParams();
  const [search] = useSearchParams();
  const variantId = search.get('variant');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setAdding(true);
    setError(null);
    // Always the product as it is now: price and stock may have changed since it was shown.
    queryClient.fetchQuery({ ...productQueryOptions(id), staleTime: 0 }).then(
      (product) => {
        if (cancelled) return;
        // Another seller's product on a seller's domain is bought on the marketplace.
        if (productBelongsOnMainHost(product.seller._id)) {
          const variantQuery = variantId ? `?variant=${encodeURIComponent(variantId)}` : '';
          window.location.replace(
            mainHostUrl(`/cart/${encodeURIComponent(product._id)}/${requestedQty(qty)}${variantQuery}`),
          );
          return;
        }
        let problem = addRefusal(product, variantId);
        if (problem === null) {
          // The cart as stored right now, not as last rendered.
          const result = addToCart(
            parseCartItems(readRaw(STORAGE_KEYS.cartItems)),
            toCartItem(product, requestedQty(qty), variantId),
          );
          if (result.ok) saveCartItems(result.items);
          else problem = conflictText(result.error, result.seller.name);
        }
        setError(problem);
        setAdding(false);
        navigate('/cart', { replace: true });
      },
      (failure: unknown) => {
        if (cancelled) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setAdding(false);
        navigate('/cart', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, qty, variantId, navigate, queryClient]);

  return { adding, error };
}

function CartLine({ item, items }: { item: CartItem; items: CartItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const maxQty = Math.max(item.countInStock, item.qty);
  const key = cartLineKey(item);
  const qtyId = `cart-qty-${key}`;
  return (
    <li className="card cart-line">
      <ResponsiveImage
        className="cart-line-image"
        src={item.image}
        sizes="5rem"
        width={80}
        height={80}
        decoding="async"
      />
      <div className="cart-line-name">
        {productBelongsOnMainHost(item.seller._id) ? (
          // Another seller's product is on the marketplace, not on this seller's domain.
          <a href={mainHostUrl(`/product/${encodeURIComponent(item.product)}`)}>{item.name}</a>
        ) : (
          <Link to={`/product/${item.product}`}>{item.name}</Link>
        )}
      </div>
      <div className="cart-line-qty">
        <label htmlFor={qtyId} className="visually-hidden">
          {t('Quantity of {{name}}', { name: item.name })}
        </label>
        <select
          id={qtyId}
          className="select-input"
          value={item.qty}
          onChange={(event) => changeQuantity(items, key, Number(event.target.value))}
        >
          {Array.from({ length: maxQty }, (_, index) => index + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="cart-line-price price">{format.price(item.price)}</div>
      <div className="cart-line-delete">
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => removeFromCart(items, key)}
        >
          {t('Delete')}
          <span className="visually-hidden">{` ${item.name}`}</span>
        </button>
      </div>
    </li>
  );
}

/** /cart (spec section 2, Cart): lines, quantities, Delete, subtotal and 'Proceed to checkout'. */
export function CartPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(t('Shopping Cart'));
  const navigate = useNavigate();
  const items = useCartItems();
  const { adding, error } = useAddFromRoute();
  const count = items.reduce((sum, item) => sum + item.qty, 0);
  const { itemsOre } = cartTotals(
    items.map((item) => ({ qty: item.qty, priceOre: sekToOre(item.price), shippingPriceOre: 0 })),
  );

  return (
    <section className="page cart-page" aria-labelledby="cart-heading">
      <h1 id="cart-heading">{t('Shopping Cart')}</h1>
      {error && <MessageBox variant="danger">{t(error)}</MessageBox>}
      <div className="cart-layout">
        <div className="cart-lines">
          {adding && <LoadingBox label={t('Adding to cart...')} />}
          {items.length === 0 ? (
            !adding && (
              <MessageBox>
                {t('Cart is empty.')} <Link to="/">{t('Go shopping')}</Link>
              </MessageBox>
            )
          ) : (
            <ul className="cart-list" aria-label={t('Cart items')}>
              {items.map((item) => (
                <CartLine key={cartLineKey(item)} item={item} items={items} />
              ))}
            </ul>
          )}
        </div>
        <aside className="card cart-summary" aria-labelledby="cart-subtotal">
          <h2 id="cart-subtotal" className="cart-subtotal">
            {t('Subtotal ({{count}} items) : ', { count })}
            <span className="cart-subtotal-amount">{format.price(oreToSek(itemsOre))}</span>
          </h2>
          <button
            type="button"
            className="button button-accent button-block"
            disabled={items.length === 0}
            onClick={() => navigate('/signin?redirect=shipping')}
          >
            {t('Proceed to checkout')}
          </button>
        </aside>
      </div>
    </section>
  );
}
