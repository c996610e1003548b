import type { TopSeller } from '@torget/shared/api-types.generated';
import { Link } from 'react-router';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
import './seller-card.css';

/** A top seller: the logo when the shop has one, otherwise the shop name; links to the storefront. */
export function SellerCard({ seller }: { seller: TopSeller }) {
  const name = seller.seller.name || seller.name;
  const showLogo = seller.seller.has_logo && Boolean(seller.seller.logo);
  return (
    <Link to={`/seller/${seller._id}`} className={`card seller-card${showLogo ? ' has-logo' : ''}`}>
      {showLogo ? (
        <ResponsiveImage
          src={seller.seller.logo}
          alt={name}
          sizes="10rem"
          width={160}
          height={80}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="seller-card-name">{name}</span>
      )}
    </Link>
  );
}
