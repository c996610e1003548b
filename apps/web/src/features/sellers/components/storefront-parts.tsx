import type { SellerProfile } from '@torget/shared/api-types';
import type { CSSProperties } from 'react';
import { RichText } from '#web/components/rich-text.tsx';
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

/** The seller's colour settings and the CSS variables they set; an unset ('') colour keeps the default. */
const COLOUR_VARIABLES = {
  name_text_color: '--shop-name-color',
  subtitle_text_color: '--shop-subtitle-color',
  description_background_color: '--shop-description-bg',
  description_text_color: '--shop-description-color',
  products_background_color: '--shop-products-bg',
  footer_background_color: '--shop-footer-bg',
  footer_text_color: '--shop-footer-color',
} as const satisfies Record<string, `--${string}`>;

/** Colours are '#RRGGBB' (spec section 5); anything else falls back to the default. */
const COLOUR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The shop's colours as the CSS variables of storefront.css, for the storefront's outer box. */
export function shopStyle(shop: ShopLook): CSSProperties {
  const style: Record<string, string> = {};
  for (const [field, variable] of Object.entries(COLOUR_VARIABLES)) {
    const value = shop[field as keyof typeof COLOUR_VARIABLES].trim();
    if (COLOUR_PATTERN.test(value)) style[variable] = value;
  }
  return style as CSSProperties;
}

function bannerStyle(image: string): CSSProperties | undefined {
  if (image.trim() === '') return undefined;
  // A light shade keeps the shop name readable on any picture. The path is a quoted CSS string:
  // JSON's escaping of quotes and backslashes is valid CSS escaping too.
  return {
    backgroundImage: `linear-gradient(rgb(0 0 0 / 18%), rgb(0 0 0 / 18%)), url(${JSON.stringify(image.trim())})`,
  };
}

/**
 * The banner: optional background image and logo, the shop's name and subtitle. The storefront
 * names the page with it (h1); the settings preview, whose page has its own h1, shows it as text.
 */
export function ShopBanner({ shop, nameAs = 'h1' }: { shop: ShopLook; nameAs?: 'h1' | 'p' }) {
  const showLogo = shop.has_logo && shop.logo !== '';
  const Name = nameAs;
  return (
    <header
      className={shop.banner_background_image ? 'storefront-banner has-image' : 'storefront-banner'}
      style={bannerStyle(shop.banner_background_image)}
    >
      <div className="storefront-inner storefront-banner-inner">
        {showLogo && (
          <img className="storefront-logo" src={shop.logo} alt={`${shop.name} logo`} width={96} height={96} />
        )}
        <div className="storefront-titles">
          <Name className="storefront-name">{shop.name}</Name>
          {shop.subtitle !== '' && <p className="storefront-subtitle">{shop.subtitle}</p>}
        </div>
      </div>
    </header>
  );
}

/** The shop's description, sanitised (RichText), in the description box's colours; nothing when empty. */
export function ShopDescription({ shop }: { shop: ShopLook }) {
  if (shop.description.trim() === '') return null;
  return (
    <section className="storefront-description" aria-label={`About ${shop.name}`}>
      <RichText html={shop.description} className="storefront-inner storefront-description-text" />
    </section>
  );
}

/** The footer with the shop's contact details. */
export function ShopFooter({ shop }: { shop: ShopLook }) {
  const place = [shop.post_number, shop.city].filter((part) => part.trim() !== '').join(' ');
  return (
    <footer className="storefront-footer">
      <div className="storefront-inner">
        <h2 className="storefront-footer-name">{shop.name}</h2>
        <address>
          {shop.address !== '' && <span>{shop.address}</span>}
          {place !== '' && <span>{place}</span>}
          {shop.email !== '' && (
            <span>
              {'E-mail: '}
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </span>
          )}
          {shop.phone !== '' && (
            <span>
              {'Phone: '}
              <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>
            </span>
          )}
          {shop.organisation_number !== '' && <span>{`Organisation number: ${shop.organisation_number}`}</span>}
        </address>
      </div>
    </footer>
  );
}
