import type { SellerProfile } from '@torget/shared/api-types.generated';
import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import './shop-footer.css';

/**
 * A shop's footer (spec section 2, Seller storefront): its name and contact details, in the shop's
 * footer colours. Under the storefront on the marketplace, and under every page of the seller's
 * own domain; `children` adds a line below the details.
 */
/** What the footer shows: a public seller's shop, or the settings form's live values. */
type FooterShop = Pick<
  SellerProfile,
  'name' | 'address' | 'post_number' | 'city' | 'email' | 'phone' | 'organisation_number'
>;

export function ShopFooter({ seller, children }: { seller: { seller: FooterShop }; children?: ReactNode }) {
  const { t } = useTranslation();
  const shop = seller.seller;
  const place = [shop.post_number, shop.city].filter((part) => part.trim() !== '').join(' ');
  return (
    <footer className="storefront-footer">
      <div className="storefront-footer-inner">
        <h2 className="storefront-footer-name">{shop.name}</h2>
        <address>
          {shop.address !== '' && <span>{shop.address}</span>}
          {place !== '' && <span>{place}</span>}
          {shop.email !== '' && (
            <span>
              {t('E-mail: ')}
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </span>
          )}
          {shop.phone !== '' && (
            <span>
              {t('Phone: ')}
              <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>
            </span>
          )}
          {shop.organisation_number !== '' && (
            <span>{t('Organisation number: {{number}}', { number: shop.organisation_number })}</span>
          )}
        </address>
        {children}
      </div>
    </footer>
  );
}
