import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useTopSellers } from '../api/get-top-sellers';
import { SellerCard } from './seller-card';
import './seller-card.css';

/** Home: the 'Top Sellers' row of seller cards. */
export function TopSellers() {
  const { t } = useTranslation();
  const sellers = useTopSellers();
  return (
    <section className="home-section" aria-labelledby="top-sellers-heading">
      <h2 id="top-sellers-heading">{t('Top Sellers')}</h2>
      {sellers.isPending ? (
        <LoadingBox />
      ) : sellers.isError ? (
        <MessageBox variant="danger">{sellers.error.message}</MessageBox>
      ) : sellers.data.length === 0 ? (
        <MessageBox>{t('No Seller Found')}</MessageBox>
      ) : (
        <ul className="seller-grid">
          {sellers.data.map((seller) => (
            <li key={seller._id}>
              <SellerCard seller={seller} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
