import { useProducts } from '#web/api/get-products.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ProductCard } from '#web/components/product-card.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';

/** How many cards load their image at once; the rest wait until scrolled near. */
const EAGER_IMAGES = 4;

/** Home: the 'Featured Products' grid, first page of the newest products. */
export function FeaturedProducts() {
  const { t } = useTranslation();
  const products = useProducts();
  return (
    <section className="home-section" aria-labelledby="featured-products-heading">
      <h2 id="featured-products-heading">{t('Featured Products')}</h2>
      {products.isPending ? (
        <LoadingBox />
      ) : products.isError ? (
        <MessageBox variant="danger">{products.error.message}</MessageBox>
      ) : products.data.products.length === 0 ? (
        <MessageBox>{t('No Product Found')}</MessageBox>
      ) : (
        <div className="product-grid">
          {products.data.products.map((product, index) => (
            <ProductCard key={product._id} product={product} eager={index < EAGER_IMAGES} />
          ))}
        </div>
      )}
    </section>
  );
}
