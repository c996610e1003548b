/**
 * Shipping an order: the carriers a seller picks from, and each known carrier's public tracking
 * page for a tracking number. 'other' ships with any carrier and has no link.
 */

export const CARRIERS = ['PostNord', 'DHL', 'Bring', 'Budbee', 'Instabox', 'DB Schenker', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
}

/** Tracking numbers: letters, digits and hyphens (spaces as people type them are dropped). */
export const TRACKING_NUMBER_MAX = 40;
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** The tracking number as stored: spaces removed, upper case (carriers print both forms). */
export function normaliseTrackingNumber(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Each known carrier's public tracking page, the number in its query or path. */
const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, (number: string) => string> = {
  PostNord: (n) => `https://tracking.postnord.com/se/?id=${n}`,
  DHL: (n) => `https://www.dhl.com/se-sv/home/tracking.html?tracking-id=${n}`,
  Bring: (n) => `https://tracking.bring.se/tracking/${n}`,
  Budbee: (n) => `https://tracking.budbee.com/${n}`,
  Instabox: (n) => `https://track.instabox.io/${n}`,
  'DB Schenker': (n) => `https://www.dbschenker.com/app/tracking-public/?refNumber=${n}`,
};

/** The carrier's tracking page for the number; null for 'other' or without a number. */
export function trackingUrl(carrier: string, trackingNumber: string | null): string | null {
  if (!trackingNumber || !isCarrier(carrier) || carrier === 'other') return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(trackingNumber));
}

/** A message on an order: plain text of 1 to 2 000 characters. */
export const ORDER_MESSAGE_MAX = 2000;
