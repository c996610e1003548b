import { Link } from 'react-router';
import { useFavourites } from '#web/api/favourites.ts';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ProductCard } from '#web/components/product-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

/**
 * /favourites: the signed-in user's saved products, the latest saved first; a product the public
 * no longer sees is not listed. Its heart removes it from the list.
 */
export function FavouritesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Saved products'));
  const favourites = useFavourites(true);
  return (
    <section className="page" aria-labelledby="favourites-heading">
      <h1 id="favourites-heading">{t('Saved products')}</h1>
      <p className="muted">
        {t('We mail you when a saved product comes back in stock or goes on sale, at most once a day.')}
      </p>
      {favourites.isPending ? (
        <LoadingBox />
      ) : favourites.isError ? (
        <MessageBox variant="danger">{t(favourites.error.message)}</MessageBox>
      ) : favourites.data.products.length === 0 ? (
        <MessageBox>
          {t('You have no saved products yet.')} <Link to="/">{t('Go shopping')}</Link>
        </MessageBox>
      ) : (
        <div className="product-grid">
          {favourites.data.products.map((product) => (
            <ProductCard key={product._id} product={product} headingLevel={2} />
          ))}
        </div>
      )}
    </section>
  );
}
