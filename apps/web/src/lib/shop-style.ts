/**
 * A shop's colour settings as CSS custom properties (`--shop-*`), set on the element that holds
 * the shop's page: the storefront, or the whole layout on the seller's own domain. An unset ('')
 * or malformed colour keeps the sheet's default.
 */
import type { SellerProfile } from '@torget/shared/api-types.generated';
import type { CSSProperties } from 'react';

/** The seller's colour settings and the CSS variables they set. */
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

/** Takes the colour fields only, so the settings screen's preview can pass the form's live values. */
export function shopStyle(shop: Pick<SellerProfile, keyof typeof COLOUR_VARIABLES>): CSSProperties {
  const style: Record<string, string> = {};
  for (const [field, variable] of Object.entries(COLOUR_VARIABLES)) {
    const value = shop[field as keyof typeof COLOUR_VARIABLES].trim();
    if (COLOUR_PATTERN.test(value)) style[variable] = value;
  }
  return style as CSSProperties;
}
