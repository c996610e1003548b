/**
 * Who a buyer buys from (docs/decisions/260-seller-identity.md): "Business" with the legal name
 * and organisation number, or "Private person" with the warning that consumer-law rights do not
 * apply. On the storefront and the product page; nothing for a shop that has not said yet.
 */
import type { SellerProfile } from '@torget/shared/api-types';
import { useTranslation } from '#web/lib/use-translation.ts';
import './seller-legal-details.css';

type LegalShop = Pick<SellerProfile, 'type' | 'legal_name' | 'organisation_number'>;

export function SellerLegalDetails({ shop, compact = false }: { shop: LegalShop; compact?: boolean }) {
  const { t } = useTranslation();
  if (shop.type === 'business') {
    return (
      <div className={compact ? 'seller-legal seller-legal-compact' : 'seller-legal'}>
        <p className="seller-legal-line">
          <strong className="seller-legal-type">{t('Business')}</strong>
          {shop.legal_name !== '' && <span>{shop.legal_name}</span>}
          {shop.organisation_number !== '' && (
            <span>{t('Organisation number: {{number}}', { number: shop.organisation_number })}</span>
          )}
        </p>
      </div>
    );
  }
  if (shop.type === 'private') {
    return (
      <div className={compact ? 'seller-legal seller-legal-compact' : 'seller-legal'}>
        <p className="seller-legal-line">
          <strong className="seller-legal-type">{t('Private person')}</strong>
          {shop.legal_name !== '' && <span>{shop.legal_name}</span>}
        </p>
        <p className="seller-legal-warning" role="note">
          {t(
            'This seller is a private person. Consumer-law rights, such as the right of withdrawal, do not apply to purchases from a private seller.',
          )}
        </p>
      </div>
    );
  }
  return null;
}
