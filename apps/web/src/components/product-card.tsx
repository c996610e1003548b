import type { ProductSummary } from '@torget/shared/api-types';
import { formatSek } from '@torget/shared/money';
import { Link } from 'react-router';
import { Rating } from './rating';

interface ProductCardProps {
  product: ProductSummary;
  /** Load the image at once (cards above the fold); others load when scrolled near. */
  eager?: boolean;
}

/** Spec section 2, Product card: image, name, stars with review count, price, stock and seller. */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  const productUrl = `/product/${product._id}`;
  const sellerName = product.seller.seller.name || product.seller.name;
  return (
    <article className="card product-card">
      {/* The name link stretches over the whole card, so the image is clickable without a second link. */}
      <div className="product-card-image">
        <img
          src={product.image}
          alt={product.name}
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </div>
      <div className="card-body">
        <h3 className="product-card-name">
          <Link to={productUrl} className="stretched-link">
            {product.name}
          </Link>
        </h3>
        <Rating value={product.rating} numReviews={product.numReviews} />
        <div className="product-card-row">
          <span className="price">{formatSek(product.price)}</span>
          <span className="stock">{`In stock: ${product.countInStock}`}</span>
        </div>
        <Link to={`/seller/${product.seller._id}`} className="product-card-seller">
          {sellerName}
        </Link>
      </div>
    </article>
  );
}
