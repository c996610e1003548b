import { productNumberLabel } from '@torget/shared/rules/catalog';
import { lineTotalSek } from '@torget/shared/rules/money';
import { Link } from 'react-router';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './order-layout.css';
import { ResponsiveImage } from './responsive-image';

/** A line as both the cart and a placed order have it. `product` is null once the product is gone. */
export interface OrderItemsLine {
  product: string | null;
  name: string;
  image: string;
  qty: number;
  price: number;
  /** A placed order's line: the product's short number (`#1001`), null once it is deleted. */
  productNumber?: number | null;
}

/** The 'Order Items' card of place order and order details: image, name, qty x price = total. */
export function OrderItems({ items }: { items: readonly OrderItemsLine[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="card order-card" aria-labelledby="order-items-heading">
      <h2 className="order-card-title" id="order-items-heading">
        {t('Order Items')}
      </h2>
      <ul className="order-items">
        {items.map((item, index) => (
          // Two variants of one product are two lines of one product id: the name tells them apart.
          <li key={item.product ? `${item.product}:${item.name}` : `gone-${index}`} className="order-item">
            <ResponsiveImage
              className="order-item-image"
              src={item.image}
              sizes="3.5rem"
              width={56}
              height={56}
              decoding="async"
            />
            <div className="order-item-name">
              {item.productNumber ? (
                <span className="order-item-number">{productNumberLabel(item.productNumber)} </span>
              ) : null}
              {item.product ? <Link to={`/product/${item.product}`}>{item.name}</Link> : item.name}
            </div>
            <div className="order-item-total">
              {`${item.qty} x `}
              <span className="nowrap">{format.price(item.price)}</span>
              {' = '}
              <span className="nowrap">{format.price(lineTotalSek(item.qty, item.price))}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
