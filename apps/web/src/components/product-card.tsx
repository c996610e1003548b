import type { ProductSummary } from '@torget/shared/api-types.generated';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/use-translation.ts';
import { ProductPrice } from './product-price';
import { Rating } from './rating';
import { ResponsiveImage } from './responsive-image';
import './product-card.css';

interface ProductCardProps {
  product: ProductSummary;
  /** Load the image at once and first (cards above the fold); others load when scrolled near. */
  eager?: boolean;
  /** The level of the name's heading: one below the heading of the list the card is in. */
  headingLevel?: 2 | 3;
}

/**
 * The "Save" heart, loaded after the page: it reads the signed-in user's favourites, which the
 * home page's first load has no room for (scripts/check-bundle.mjs).
 */
const FavouriteButton = lazy(async () => ({ default: (await import('./favourite-button')).FavouriteButton }));

/** How wide a card's image is drawn: half the screen in a phone's two columns, else at most about 20rem. */
export const PRODUCT_CARD_SIZES = '(max-width: 479.98px) 50vw, 20rem';

/** Spec section 2, Product card: image, name, stars with review count, price, stock and seller. */
export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const productUrl = `/product/${product._id}`;
  const sellerName = product.seller.seller.name || product.seller.name;
  return (
    <article className="card product-card">
      {/* The name link stretches over the whole card, so the image is clickable without a second link. */}
      <div className="product-card-image">
        <ResponsiveImage
          src={product.image}
          alt={product.name}
          width={320}
          height={320}
          sizes={PRODUCT_CARD_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </div>
      <div className="product-card-favourite">
        <Suspense fallback={null}>
          <FavouriteButton productId={product._id} productName={product.name} />
        </Suspense>
      </div>
      <div className="card-body">
        <Heading className="product-card-name" lang="sv">
          <Link to={productUrl} className="stretched-link">
            {product.name}
          </Link>
        </Heading>
        <Rating value={product.rating} numReviews={product.numReviews} />
        <div className="product-card-row">
          <ProductPrice product={product} className="price" />
          <span className="stock">{t('In stock: {{count}}', { count: product.countInStock })}</span>
        </div>
        <Link to={`/seller/${product.seller._id}`} className="product-card-seller">
          {sellerName}
        </Link>
      </div>
    </article>
  );
}
