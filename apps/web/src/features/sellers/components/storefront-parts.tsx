import type { SellerProfile } from '@torget/shared/api-types.generated';
import type { CSSProperties } from 'react';
import { backgroundVariant, ResponsiveImage } from '#web/components/responsive-image.tsx';
import { RichText } from '#web/components/rich-text.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../storefront.css';

/** What the storefront's parts show of a shop: the stored seller object, or the settings form's live values. */
export type ShopLook = Pick<
  SellerProfile,
  | 'name'
  | 'logo'
  | 'has_logo'
  | 'subtitle'
  | 'description'
  | 'banner_background_image'
  | 'name_text_color'
  | 'subtitle_text_color'
  | 'description_background_color'
  | 'description_text_color'
  | 'products_background_color'
  | 'footer_background_color'
  | 'footer_text_color'
  | 'address'
  | 'post_number'
  | 'city'
  | 'email'
  | 'phone'
  | 'organisation_number'
>;

function bannerStyle(image: string): CSSProperties | undefined {
  if (image.trim() === '') return undefined;
  // A light shade keeps the shop name readable on any picture. The path is a quoted CSS string:
  // JSON's escaping of quotes and backslashes is valid CSS escaping too.
  // The banner spans the screen: on a 1x screen the stored copy as wide as the screen, on
  // denser screens the original (up to 1600 px). Both are named, so the stored path stays in
  // the style as the spec's field says it.
  const original = image.trim();
  const copy = backgroundVariant(original, globalThis.innerWidth || 1280, 1);
  const picture =
    copy === original
      ? `url(${JSON.stringify(original)})`
      : `image-set(url(${JSON.stringify(copy)}) 1x, url(${JSON.stringify(original)}) 2x)`;
  return { backgroundImage: `linear-gradient(rgb(0 0 0 / 18%), rgb(0 0 0 / 18%)), ${picture}` };
}

/**
 * The banner: optional background image and logo, the shop's name and subtitle. The storefront
 * names the page with it (h1); the settings preview, whose page has its own h1, shows it as text.
 */
export function ShopBanner({ shop, nameAs = 'h1' }: { shop: ShopLook; nameAs?: 'h1' | 'p' }) {
  const { t } = useTranslation();
  const showLogo = shop.has_logo && shop.logo !== '';
  const Name = nameAs;
  return (
    <header
      className={shop.banner_background_image ? 'storefront-banner has-image' : 'storefront-banner'}
      style={bannerStyle(shop.banner_background_image)}
    >
      <div className="storefront-inner storefront-banner-inner">
        {showLogo && (
          <ResponsiveImage
            className="storefront-logo"
            src={shop.logo}
            alt={t('{{name}} logo', { name: shop.name })}
            sizes="6rem"
            width={96}
            height={96}
          />
        )}
        <div className="storefront-titles">
          <Name className="storefront-name" lang="sv">
            {shop.name}
          </Name>
          {shop.subtitle !== '' && (
            <p className="storefront-subtitle" lang="sv">
              {shop.subtitle}
            </p>
          )}
        </div>
      </div>
    </header>
  );
}

/** The shop's description, sanitised (RichText), in the description box's colours; nothing when empty. */
export function ShopDescription({ shop }: { shop: ShopLook }) {
  const { t } = useTranslation();
  if (shop.description.trim() === '') return null;
  return (
    <section className="storefront-description" aria-label={t('About {{name}}', { name: shop.name })}>
      <RichText html={shop.description} className="storefront-inner storefront-description-text" />
    </section>
  );
}

/**
 * Who a buyer buys from (docs/decisions/260-seller-identity.md): "Business" with the legal name
 * and organisation number, or "Private person" with the warning that consumer-law rights do not
 * apply; nothing for a shop that has not said yet. The product page shows the same in its seller
 * box (catalog's product-page.tsx), written there so the first load's chunk map does not grow.
 */
export function ShopLegalDetails({
  shop,
}: {
  shop: Pick<SellerProfile, 'type' | 'legal_name' | 'organisation_number'>;
}) {
  const { t } = useTranslation();
  if (shop.type !== 'business' && shop.type !== 'private') return null;
  const business = shop.type === 'business';
  return (
    <div className="seller-legal">
      <p className="seller-legal-line">
        <strong className="seller-legal-type">{business ? t('Business') : t('Private person')}</strong>
        {shop.legal_name !== '' && <span>{shop.legal_name}</span>}
        {business && shop.organisation_number !== '' && (
          <span>{t('Organisation number: {{number}}', { number: shop.organisation_number })}</span>
        )}
      </p>
      {!business && (
        <p className="seller-legal-warning" role="note">
          {t(
            'This seller is a private person. Consumer-law rights, such as the right of withdrawal, do not apply to purchases from a private seller.',
          )}
        </p>
      )}
    </div>
  );
}
