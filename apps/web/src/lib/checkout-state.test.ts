import { INITIAL_PAYMENT_METHOD } from '@torget/shared/rules/orders';
import { describe, expect, it } from 'vitest';
import { parseAddressFields, parseDeliveryLocation, parsePaymentMethod, parseShippingAddress } from './checkout-state';

const address = { fullName: 'Eva Ek', address: 'Storgatan 1', city: 'Umeå', postalCode: '903 25', country: 'Sverige' };

describe('stored shipping address', () => {
  it('is the address when all five fields hold text', () => {
    expect(parseShippingAddress(JSON.stringify({ ...address, extra: 1 }))).toEqual(address);
  });

  it('is none when nothing, something else, or an incomplete address is stored', () => {
    for (const raw of [null, 'not json', '"text"', '[]', JSON.stringify({ ...address, city: ' ' })]) {
      expect(parseShippingAddress(raw), String(raw)).toBeNull();
    }
  });

  it('keeps the filled fields of an incomplete address for the form', () => {
    expect(parseAddressFields(JSON.stringify({ fullName: 'Eva Ek', city: '', country: 3 }))).toEqual({
      fullName: 'Eva Ek',
    });
    expect(parseAddressFields(null)).toEqual({});
  });
});

describe('stored payment method', () => {
  it('starts as PayPal, keeps a stored method, and treats anything else as none chosen', () => {
    expect(INITIAL_PAYMENT_METHOD).toBe('PayPal');
    expect(parsePaymentMethod(null)).toBe('PayPal');
    expect(parsePaymentMethod('"Swish"')).toBe('Swish');
    expect(parsePaymentMethod('"PayPal"')).toBe('PayPal');
    expect(parsePaymentMethod('"Bitcoin"')).toBeNull();
    expect(parsePaymentMethod('Swish')).toBeNull();
  });
});

describe('stored delivery location', () => {
  it('is the confirmed address text, or none', () => {
    expect(parseDeliveryLocation(JSON.stringify({ address: 'Storgatan 1, Umeå', lat: 1 }))).toEqual({
      address: 'Storgatan 1, Umeå',
    });
    expect(parseDeliveryLocation(JSON.stringify({ address: 5 }))).toBeNull();
    expect(parseDeliveryLocation(null)).toBeNull();
  });
});
