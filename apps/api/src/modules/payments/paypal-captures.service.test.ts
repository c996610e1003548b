import { describe, expect, it } from 'vitest';
import { backoffMinutes, refundRequestId } from './paypal-captures.service';

describe('refund retries', () => {
  it('wait 1, 2, 4 … minutes after each failure, never more than an hour, however many there were', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(backoffMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(backoffMinutes(10_000)).toBe(60);
  });

  it('send one PayPal-Request-Id per capture, the same on every attempt', () => {
    expect(refundRequestId('2GG279541U471931P')).toBe('torget-refund-2GG279541U471931P');
  });
});
