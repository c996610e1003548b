import { describe, expect, it } from 'vitest';
import { formDateToDate } from '../rules/dates';
import { DELIVERY_DATE_MISSING, PAYMENT_DATE_MISSING } from '../rules/orders';
import { createOrderSchema, orderUpdateSchema, saveShippingAddressSchema } from './orders';

const address = { fullName: 'Eva Ek', address: 'Storgatan 1', city: 'Umeå', postalCode: '903 25', country: 'Sverige' };
const uuid = '0b6f8b36-6f0f-4f55-9c36-5c1f0d1c2a11';

describe('create order payload', () => {
  it('keeps only product ids and quantities of the cart lines', () => {
    const parsed = createOrderSchema.parse({
      orderItems: [{ product: uuid, qty: 2, price: 0.01, name: 'Fake', seller: { _id: 'x' } }],
      shippingAddress: address,
      paymentMethod: 'Swish',
      itemsPrice: 0,
      totalPrice: 0,
    });
    expect(parsed).toEqual({
      orderItems: [{ product: uuid, qty: 2 }],
      shippingAddress: address,
      paymentMethod: 'Swish',
    });
  });

  it('refuses zero, negative, fractional and huge quantities, bad ids, empty carts and unknown methods', () => {
    for (const bad of [
      { orderItems: [{ product: uuid, qty: 0 }] },
      { orderItems: [{ product: uuid, qty: -1 }] },
      { orderItems: [{ product: uuid, qty: 1.5 }] },
      { orderItems: [{ product: uuid, qty: '2' }] },
      { orderItems: [{ product: uuid, qty: 10_001 }] },
      { orderItems: [{ product: 'abc', qty: 1 }] },
      { orderItems: [] },
      { paymentMethod: 'Bitcoin' },
      { shippingAddress: { ...address, city: ' ' } },
    ]) {
      const payload = { orderItems: [{ product: uuid, qty: 1 }], shippingAddress: address, paymentMethod: 'PayPal' };
      expect(createOrderSchema.safeParse({ ...payload, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('order update payload', () => {
  const base = { is_paid: false, paid_date: '', is_delivered: false, delivered_date: null };

  it('needs a date for each ticked box, with the spec messages', () => {
    expect(orderUpdateSchema.safeParse({ ...base, is_paid: true }).error?.issues[0]?.message).toBe(
      PAYMENT_DATE_MISSING,
    );
    expect(orderUpdateSchema.safeParse({ ...base, is_delivered: true }).error?.issues[0]?.message).toBe(
      DELIVERY_DATE_MISSING,
    );
    expect(orderUpdateSchema.parse({ ...base, is_paid: true, paid_date: '2026-03-05' }).paid_date).toBe('2026-03-05');
  });

  it('accepts days and ISO timestamps, refuses other text and impossible days', () => {
    expect(orderUpdateSchema.safeParse({ ...base, is_paid: true, paid_date: '2026-03-05T10:00:00.000Z' }).success).toBe(
      true,
    );
    for (const bad of ['2026-02-30', 'igår', '05/03/2026']) {
      expect(orderUpdateSchema.safeParse({ ...base, is_paid: true, paid_date: bad }).success, bad).toBe(false);
    }
  });

  it('takes a bare day as that day in UTC, so its display is the day picked', () => {
    expect(formDateToDate('2026-03-05').toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });
});

describe('save shipping address payload', () => {
  it('needs all five fields and ignores the _id', () => {
    const payload = {
      _id: 'someone-else',
      shipping_full_name: 'Eva Ek',
      shipping_address: 'Storgatan 1',
      shipping_postal_code: '903 25',
      shipping_city: 'Umeå',
      shipping_country: 'Sverige',
    };
    expect(saveShippingAddressSchema.parse(payload)).not.toHaveProperty('_id');
    expect(saveShippingAddressSchema.safeParse({ ...payload, shipping_city: '' }).error?.issues[0]?.message).toBe(
      'City is required.',
    );
  });
});
