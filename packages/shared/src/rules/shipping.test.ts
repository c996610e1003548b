import { describe, expect, it } from 'vitest';
import { CARRIERS, isCarrier, normaliseTrackingNumber, trackingUrl } from './shipping';

describe('tracking links', () => {
  it('links each known carrier to its public tracking page with the number', () => {
    for (const carrier of CARRIERS.filter((c) => c !== 'other')) {
      const url = trackingUrl(carrier, 'AB123456789SE');
      expect(url).toMatch(/^https:\/\/[a-z.]+\//);
      expect(url).toContain('AB123456789SE');
    }
    expect(trackingUrl('PostNord', 'AB123456789SE')).toBe('https://tracking.postnord.com/se/?id=AB123456789SE');
  });

  it('has no link for another carrier, an unknown one or without a number', () => {
    expect(trackingUrl('other', 'AB1234')).toBeNull();
    expect(trackingUrl('Schenker', 'AB1234')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
  });

  it('knows the carriers and stores numbers without spaces, in upper case', () => {
    expect(isCarrier('Budbee')).toBe(true);
    expect(isCarrier('postnord')).toBe(false);
    expect(normaliseTrackingNumber(' ab 123 456 se ')).toBe('AB123456SE');
  });
});
