import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from './order-number';

describe('order numbers', () => {
  it('are written T- and the number', () => {
    expect(formatOrderNumber(100001)).toBe('T-100001');
    expect(formatOrderNumber(123456789)).toBe('T-123456789');
  });

  it('refuse what is not a positive whole number', () => {
    for (const bad of [0, -5, 1.5, Number.NaN, 2 ** 60]) expect(() => formatOrderNumber(bad)).toThrow(RangeError);
  });

  it('read back what they write, in either case', () => {
    for (const number of [1, 100001, 987654]) expect(parseOrderNumber(formatOrderNumber(number))).toBe(number);
    expect(parseOrderNumber('t-100002')).toBe(100002);
  });

  it('read nothing from an id or a malformed number', () => {
    for (const text of [
      '100001',
      'T-',
      'T-0',
      'T-01',
      'T-10a',
      ' T-100001',
      'X-100001',
      '0b5e…',
      'T-1234567890123456',
    ]) {
      expect(parseOrderNumber(text), text).toBeNull();
    }
  });
});
