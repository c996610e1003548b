import type { ProductSale } from '@torget/shared/api-types.generated';
import { useFormat } from '#web/hooks/use-format.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './product-price.css';

interface ProductPriceProps {
  product: Pick<ProductSale, 'salePrice' | 'onSale' | 'lowestPrice30d'> & { price: number };
  /** The class of the price's own text (the card's `price`, the product page's `product-price`). */
  className: string;
  /** Show the lowest price of the 30 days before the sale (the product page and cards). */
  withLowest?: boolean;
}

/**
 * A product's price. While a sale runs: the sale price, the ordinary price struck through, each
 * named for screen readers (a struck line is not read out), and the lowest price of the 30 days
 * before the sale (prisinformationslagen 7 a §).
 */
export function ProductPrice({ product, className, withLowest = true }: ProductPriceProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!product.onSale || product.salePrice === null) {
    return <span className={className}>{format.price(product.price)}</span>;
  }
  return (
    <span className="product-price-sale">
      <span className="product-price-now">
        {/* The labels sit inside the sale price and before the struck one, so a screen reader says
            which is which; the struck price's own text is the spec's 'SEK {price}' alone. */}
        <span className={`${className} price-on-sale`}>
          <span className="visually-hidden">{t('Sale price')} </span>
          {format.price(product.salePrice)}
        </span>{' '}
        <span className="visually-hidden">{t('Regular price')} </span>
        <s className="price-regular">{format.price(product.price)}</s>
      </span>
      {withLowest && product.lowestPrice30d !== null && (
        <span className="price-lowest">
          {t('Lowest price in the last 30 days: {{price}}', { price: format.price(product.lowestPrice30d) })}
        </span>
      )}
    </span>
  );
}
