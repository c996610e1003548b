import { ShopFooter } from '#web/components/shop-footer.tsx';
import { shopStyle } from '#web/lib/shop-style.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { ShopBanner, ShopDescription, type ShopLook } from './storefront-parts';
import '../storefront.css';

const PLACEHOLDER_TILES = 3;

/**
 * The storefront as it will look, drawn from the settings form's values as the seller types
 * (before saving): the storefront's own banner, description and footer, with placeholder tiles
 * where the products go. Scaled down, and left out of the tab order (its links lead nowhere yet).
 */
export function StorefrontPreview({ shop }: { shop: ShopLook }) {
  const { t } = useTranslation();
  return (
    <section className="storefront-preview-frame" aria-labelledby="storefront-preview-heading">
      <h2 id="storefront-preview-heading" className="storefront-preview-heading">
        {t('Live preview')}
      </h2>
      <p className="form-hint">{t('How your shop looks with these settings. Save to publish them.')}</p>
      <div className="storefront storefront-preview" style={shopStyle(shop)} inert data-testid="storefront-preview">
        <ShopBanner shop={shop} nameAs="p" />
        <ShopDescription shop={shop} />
        <div className="storefront-products">
          <div className="storefront-inner">
            <p className="storefront-preview-products-title">{t('Products')}</p>
            <div className="storefront-preview-tiles" aria-hidden="true">
              {Array.from({ length: PLACEHOLDER_TILES }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never move
                <span key={i} className="storefront-preview-tile" />
              ))}
            </div>
          </div>
        </div>
        <ShopFooter seller={{ seller: shop }} />
      </div>
    </section>
  );
}
